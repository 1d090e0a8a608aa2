import { randomUUID } from 'node:crypto';
import { pdfBytes } from '../test/files.js';

// Hostile inputs for the fuzz suite, drawn from a fixed-seed generator so a failure repeats.

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  return { next, int, pick, uuid };
}
export type Prng = ReturnType<typeof prng>;

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter(
  (c) => !'\t\n\r'.includes(c),
);
export const ONE_MB_STRING = 'a'.repeat(1_000_000);
const OVERSIZE = 'z'.repeat(20_000);

/**
 * Names every plain object inherits (issue 21): a look-up keyed by one finds a member of
 * Object.prototype. Sent as the value of every field, path and query parameter.
 */
export const INHERITED_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/**
 * Values the refused-character rule (src/shared/refused-characters.ts) must stop before any
 * route's validation: a NUL, and unpaired surrogates, which JSON carries as `\ud800` escapes.
 */
export const REFUSED_VALUES = ['name\u0000tail', '\ud800', '🙂\ud83d'];

/** A string that should never get past validation, or that probes a parser's edges. */
export function hostileString(r: Prng): string {
  return r.pick([
    () => `name${r.pick(C0)}tail`,
    () => '\u0000',
    () => `${r.pick(C0)}${r.pick(C0)}`,
    () => '',
    () => ' ',
    () => OVERSIZE.slice(0, 1 + r.int(OVERSIZE.length)),
    () => "'; DROP TABLE users; --",
    () => '<script>alert(1)</script>',
    () => '\uD800',
    () => '🙂'.repeat(1 + r.int(500)),
    () => '2024-02-30',
    () => 'NaN',
    () => '-1',
    () => '1e309',
    () => '../../etc/passwd',
    () => randomUUID(),
    () => `${randomUUID()}\u0000`,
    () => '%00',
    () => 'a'.repeat(256),
  ])();
}

/** Any JSON value of a wrong kind for most fields. */
export function hostileValue(r: Prng, depth = 0): unknown {
  const kind = r.int(depth > 2 ? 9 : 12);
  switch (kind) {
    case 0:
      return r.pick([0, -1, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e308, -0]);
    case 1:
      return r.pick([true, false]);
    case 2:
      return null;
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
    case 8:
      return hostileString(r);
    case 9:
      return [];
    case 10:
      return Array.from({ length: 1 + r.int(3) }, () => hostileValue(r, depth + 1));
    default:
      return { [r.pick(['a', 'id', 'value', '0'])]: hostileValue(r, depth + 1) };
  }
}

const nested = (depth: number, leaf: string) =>
  `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`;

export interface RawBody {
  payload: string | Buffer;
  contentType?: string;
  /** Carries a refused character in a field: must never reach the route's own validation. */
  mustRefuse?: boolean;
}

/** Each known key alone, and all of them, holding each inherited name and each refused value. */
function everyFieldBodies(names: string[]): RawBody[] {
  const json = (value: unknown, mustRefuse = false): RawBody => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    mustRefuse,
  });
  const out: RawBody[] = [];
  for (const value of INHERITED_NAMES) {
    for (const key of names) out.push(json({ [key]: value }));
    out.push(json(Object.fromEntries(names.map((k) => [k, value]))));
  }
  for (const value of REFUSED_VALUES)
    for (const key of names) out.push(json({ [key]: value }, true));
  return out;
}

/** At least `count` hostile JSON bodies for a route whose known keys are `keys`. */
export function hostileBodies(r: Prng, keys: string[], count: number): RawBody[] {
  const json = (value: unknown): RawBody => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const names = keys.length ? keys : ['name', 'id', 'value'];
  const fixed: RawBody[] = [
    { payload: '', contentType: 'application/json' },
    { payload: '{', contentType: 'application/json' },
    { payload: '{"a":}', contentType: 'application/json' },
    { payload: '{"a":1,}', contentType: 'application/json' },
    { payload: '\uFEFF{}', contentType: 'application/json' },
    { payload: '{"a":"\u0000"}', contentType: 'application/json' },
    {
      payload: '{"__proto__":{"isAdmin":true,"role":"master_admin"}}',
      contentType: 'application/json',
    },
    { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
    { payload: `{"${names[0]}":{"__proto__":{"polluted":1}}}`, contentType: 'application/json' },
    json({}),
    json([]),
    json([Object.fromEntries(names.map((k) => [k, 'x']))]),
    json(null),
    json(0),
    json('a string'),
    json(true),
    { payload: nested(20_000, 'deep'), contentType: 'application/json' },
    { payload: `{"${names[0]}":${nested(5_000, 'deep\u0000')}}`, contentType: 'application/json' },
    json({ [names[0]!]: ONE_MB_STRING }),
    json({ [names.at(-1)!]: ONE_MB_STRING.slice(0, 900_000) }),
    json({ [names[0]!]: `${ONE_MB_STRING.slice(1)}\u0000` }),
    json(Object.fromEntries(names.map((k) => [k, Array(10_000).fill('x')]))),
    { payload: JSON.stringify({ a: 1 }), contentType: 'text/plain' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: '<a>1</a>', contentType: 'application/xml' },
    { payload: JSON.stringify({ a: 1 }), contentType: 'application/json; charset=utf-16' },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/json' },
    { payload: Buffer.from([0, 1, 2, 3]), contentType: 'application/octet-stream' },
  ];
  const out = [...fixed];
  while (out.length < count) {
    const body: Record<string, unknown> = {};
    for (const key of names) if (r.next() < 0.8) body[key] = hostileValue(r);
    if (r.next() < 0.3) body[hostileString(r).slice(0, 50)] = hostileValue(r);
    out.push(json(r.next() < 0.1 ? [body] : body));
  }
  // After the seeded ones, so the random bodies stay those of earlier runs.
  out.push(...everyFieldBodies(names));
  return out;
}

/** Malformed (and a few well-formed but hostile) multipart bodies. */
export function hostileMultipart(r: Prng): RawBody[] {
  const b = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${b}`;
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, bytes: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="document"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${bytes}\r\n`;
  const end = `--${b}--\r\n`;
  const bodies: RawBody[] = [
    { payload: `${file('a.pdf', '%PDF-1.4 cut')}`.slice(0, -2), contentType: type },
    {
      payload: `--${b}\r\nContent-Disposition: form-data; name="category"\r\n\r\ngov`,
      contentType: type,
    },
    { payload: 'garbage, not multipart', contentType: type },
    { payload: 'garbage, not multipart', contentType: 'multipart/form-data' },
    { payload: '', contentType: type },
    { payload: end, contentType: type },
    { payload: `--${b}\r\nContent-Disposition\r\n\r\nx\r\n${end}`, contentType: type },
    {
      payload: field('category', 'government_id\u0000') + file('a.pdf', '%PDF-1.4') + end,
      contentType: type,
    },
    {
      payload: field('category', 'government_id') + file('a\u0001.pdf', '%PDF-1.4') + end,
      contentType: type,
    },
    { payload: field('__proto__', 'x') + file('a.pdf', '%PDF-1.4') + end, contentType: type },
    { payload: field('constructor', 'x') + end, contentType: type },
    {
      payload: Array.from({ length: 30 }, (_, i) => field(`f${i}`, 'x')).join('') + end,
      contentType: type,
    },
    {
      payload: field('category', 'x'.repeat(5000)) + file('a.pdf', '%PDF-1.4') + end,
      contentType: type,
    },
    { payload: file('a.pdf', '%PDF-1.4') + file('b.pdf', '%PDF-1.4') + end, contentType: type },
    {
      payload:
        field('category', hostileString(r)) +
        field('type', hostileString(r)) +
        field('applicationId', hostileString(r)) +
        file(hostileString(r).replace(/"/g, ''), 'MZ\u0000\u0000') +
        end,
      contentType: type,
    },
    {
      payload: field('category', 'government_id') + file('a.pdf', '%PDF-1.4') + end,
      contentType: 'multipart/form-data; boundary=other',
    },
  ];
  return bodies;
}

/**
 * A well-formed upload form (valid fields, a real PDF) for each field holding each inherited
 * name: the look-ups keyed by a form field are reached only past the fields' other checks.
 */
export function inheritedNameForms(applicationId: string): RawBody[] {
  const b = 'fuzzboundary';
  const valid: Record<string, string> = {
    category: 'government_id',
    type: 'id',
    applicationId,
    name: 'ID',
    applicationType: 'new',
  };
  const pdf = pdfBytes('fuzz').toString('latin1');
  const form = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${b}\r\nContent-Disposition: form-data; name="document"; filename="id.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${pdf}\r\n--${b}--\r\n`;
  return Object.keys(valid).flatMap((field) =>
    INHERITED_NAMES.map((name) => ({
      payload: Buffer.from(form({ ...valid, [field]: name }), 'latin1'),
      contentType: `multipart/form-data; boundary=${b}`,
    })),
  );
}

/** Whether a parameter value carries a control character the rule must refuse. */
export const carriesControl = (value: string) => C0.some((c) => value.includes(c));

/**
 * Values for a query or path parameter: NUL, other controls, oversize, odd encodings; then
 * each inherited name.
 */
export function hostileParams(r: Prng): string[] {
  return [
    '\u0000',
    `a${r.pick(C0)}b`,
    OVERSIZE,
    '%00',
    '..%2F..',
    '🙂',
    ' ',
    '-1',
    hostileString(r),
    ...INHERITED_NAMES,
  ];
}
