import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from './languages.js';

// npm run i18n:check (issue 24, run by CI): the catalogs hold the same keys in every language,
// each file's keys start with its area's name, every message parses as ICU with the same
// placeholders as its English, the catalog modules merge every file, every key the code asks
// for exists, and every key is used somewhere in the code.

export interface CheckInput {
  /** src/shared/i18n/catalogs: <language>/<area>.json and <language>.ts. */
  catalogsDir: string;
  /** The code's source files (tests aside), path → text. */
  sources: ReadonlyMap<string, string>;
}

/** The keys code asks for in a call or a prop: t('x.y'), msg('x.y'), translate(l, 'x.y'), k="x.y". */
const ASKED = [
  /\b(?:t|msg|translate|_)\(\s*(?:[\w.]+,\s*)?['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g,
  /\bk=["']([a-z][\w-]*(?:\.[\w-]+)+)["']/g,
];
const STRING_LITERAL = /(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;
/** Comments (dropped) and string literals (kept whole, so a "//" inside one stays). */
const COMMENT_OR_STRING =
  /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)/g;
const withoutComments = (text: string) =>
  text.replace(
    COMMENT_OR_STRING,
    (_all, comment: string | undefined, literal: string | undefined) =>
      comment ? '' : (literal ?? ''),
  );

/** ICU placeholders a message uses ({name}, {count, plural, ...}), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token) && typeof token[0] === 'string') {
        names.add(token[0]);
        const cases = token[2];
        if (cases && typeof cases === 'object')
          for (const branch of Object.values(cases as Record<string, unknown>)) walk(branch);
      }
    }
  };
  const compiled = compileMessageOrThrow(message);
  walk(typeof compiled === 'string' ? [] : compiled);
  return [...names].sort();
}

export function checkCatalogs({ catalogsDir, sources }: CheckInput): string[] {
  const problems: string[] = [];
  const areasOf = (language: string) =>
    readdirSync(path.join(catalogsDir, language))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
  const [first, ...others] = LANGUAGES;
  const areas = areasOf(first);
  const catalogs = new Map<string, Map<string, string>>();
  for (const language of LANGUAGES) {
    const own = areasOf(language);
    for (const area of areas)
      if (!own.includes(area)) problems.push(`${language}: no ${area}.json (en has it)`);
    for (const area of own)
      if (!areas.includes(area)) problems.push(`${language}: ${area}.json has no English file`);
    const merged = new Map<string, string>();
    // The pages' catalog module, and the emails' (server only).
    const modules = [`${language}.ts`, `${language}-email.ts`].map((name) =>
      readFileSync(path.join(catalogsDir, name), 'utf8'),
    );
    for (const area of own) {
      if (!modules.some((module) => module.includes(`'./${language}/${area}.json'`)))
        problems.push(`no catalog module of ${language} merges ${language}/${area}.json`);
      const file = path.join(catalogsDir, language, `${area}.json`);
      const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as object);
      for (const [key, message] of entries) {
        if (!key.startsWith(`${area}.`))
          problems.push(`${language}/${area}.json: ${key} does not start with "${area}."`);
        if (typeof message !== 'string' || message.trim() === '')
          problems.push(`${language}: ${key} is empty`);
        else merged.set(key, message);
      }
    }
    catalogs.set(language, merged);
  }

  const english = catalogs.get(first) ?? new Map<string, string>();
  for (const language of others) {
    const other = catalogs.get(language) ?? new Map<string, string>();
    for (const key of english.keys())
      if (!other.has(key)) problems.push(`${language}: missing ${key}`);
    for (const key of other.keys())
      if (!english.has(key)) problems.push(`${language}: ${key} is not in the English catalog`);
  }
  for (const [language, messages] of catalogs)
    for (const [key, message] of messages) {
      try {
        const theirs = placeholders(message);
        const ours = placeholders(english.get(key) ?? message);
        if (theirs.join() !== ours.join())
          problems.push(
            `${language}: ${key} has placeholders {${theirs.join(', ')}}, English {${ours.join(', ')}}`,
          );
      } catch (error) {
        problems.push(
          `${language}: ${key} is not a valid ICU message (${(error as Error).message})`,
        );
      }
    }

  const used = new Set<string>();
  for (const [file, source] of sources) {
    const text = withoutComments(source);
    for (const pattern of ASKED)
      for (const [, key] of text.matchAll(pattern))
        if (key && !english.has(key)) problems.push(`${file}: asks for ${key}, in no catalog`);
    for (const [, , literal] of text.matchAll(STRING_LITERAL)) if (literal) used.add(literal);
  }
  for (const key of english.keys())
    if (!used.has(key)) problems.push(`unused: ${key} (no code names it)`);
  return problems;
}

/** The code's source files under `root`: .ts and .tsx, tests and the catalogs' own aside. */
export function sourceFiles(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'catalogs' && entry.name !== 'node_modules') visit(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        found.set(path.relative(root, full), readFileSync(full, 'utf8'));
      }
    }
  };
  visit(root);
  return found;
}
