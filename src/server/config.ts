import { z } from 'zod';
import { DEFAULT_CLINIC_HOURS, parseClinicHours } from '../shared/clinic-hours.js';
import { TRUST_PROXY_TRUE_IN_PRODUCTION, TrustProxySchema, trustsEveryone } from './trust-proxy.js';

// The only reader of process.env (DESIGN.md layout). Every value is validated at start-up so
// a bad one stops the server with a message that names it.

/** A comma-separated list of ICE server URLs, each with one of the given schemes. */
const iceUrls = (scheme: RegExp, label: string) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => scheme.test(u) && !/\s/.test(u)), `must be ${label} URLs`);

/** An on/off setting written as true or false. */
const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .default('false')
  .transform((v) => v === 'true');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** false, a hop count, or proxy addresses/CIDRs (trust-proxy.ts); true only outside production. */
  TRUST_PROXY: TrustProxySchema,
  ADMIN_SETUP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CLINIC_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
  /** Business hours in CLINIC_TIMEZONE, e.g. "Mon-Fri 09:00-18:00, Sat 10:00-14:00". */
  CLINIC_HOURS: z
    .string()
    .refine(
      (v) => parseClinicHours(v) !== null,
      'must be day ranges with 24-hour times, e.g. "Mon-Fri 09:00-18:00, Sat 10:00-14:00"',
    )
    .default(DEFAULT_CLINIC_HOURS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** 32 bytes in base64 (AES-256-GCM for stored files). */
  DOCUMENT_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  PAYMENT_PROVIDER: z.enum(['simulator', 'authorize_net']).optional(),
  AUTHNET_API_LOGIN_ID: z.string().max(25).optional(),
  AUTHNET_TRANSACTION_KEY: z.string().max(16).optional(),
  /** Hex signature key from the merchant interface, for webhook signatures. */
  AUTHNET_SIGNATURE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]+$/, 'must be hex')
    .optional(),
  AUTHNET_ENDPOINT: z.url().default('https://api.authorize.net/xml/v1/request.api'),
  /** STUN servers for WebRTC, comma-separated (stun: or stuns: URLs); none by default. */
  ICE_STUN_URLS: iceUrls(/^stuns?:/, 'stun: or stuns:'),
  /** TURN servers, comma-separated (turn: or turns: URLs); they need ICE_TURN_SECRET. */
  ICE_TURN_URLS: iceUrls(/^turns?:/, 'turn: or turns:'),
  /** The TURN REST shared secret (coturn's static-auth-secret). */
  ICE_TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long a TURN credential lasts. */
  ICE_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Production without TURN, on purpose (a clinic on one LAN): calls across NATs will fail. */
  ICE_ALLOW_NO_TURN: flag,
  /** Where encrypted files live (issue 14): `disk` under DATA_DIR/files, or `s3` (every node reads one bucket). */
  BLOB_STORE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  /** An S3-compatible endpoint (MinIO, Ceph, s3rver); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  /** Both or neither: unset, the SDK's own chain (instance role, ~/.aws) supplies them. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (http://host/bucket/key), which most non-AWS servers need. */
  S3_FORCE_PATH_STYLE: flag,
  /**
   * When the SDK adds request checksums: WHEN_SUPPORTED (the SDK's default) or WHEN_REQUIRED,
   * for S3-compatible servers that mis-store streamed uploads carrying them (s3rver).
   */
  S3_CHECKSUM: z
    .enum(['WHEN_SUPPORTED', 'WHEN_REQUIRED'], { error: 'must be WHEN_SUPPORTED or WHEN_REQUIRED' })
    .default('WHEN_SUPPORTED'),
  /** Bearer token for GET /metrics (Prometheus); unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Outgoing mail (issue 13): smtp://user:pass@host:port or smtps://…; required in production. */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/\s]+/,
      'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
    )
    .refine(
      (v) => URL.canParse(v),
      'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
    )
    .optional(),
  /** The From of every message: an address, or "Name <address>". */
  MAIL_FROM: z
    .string()
    .max(200)
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an address or "Name <address>"',
    )
    .optional(),
  /** Staff sign in with a second factor (TOTP): `required` (the default) or `off` (not in production). */
  STAFF_MFA: z.enum(['required', 'off'], { error: 'must be required or off' }).default('required'),
  /**
   * Development data at start (src/server/demo): `accounts`, one account per role (what the
   * end-to-end journeys expect, an otherwise empty clinic), or `clinic`, the accounts and
   * patients at every step (`npm run demo`). Refused in production.
   */
  SEED_DEMO: z.enum(['accounts', 'clinic'], { error: 'must be accounts or clinic' }).optional(),
});

// Production refuses to start with development conveniences (issue 3): a generated key, or
// a payment simulator nobody chose on purpose.
const ProductionRules = ConfigSchema.superRefine((c, ctx) => {
  if (c.NODE_ENV === 'production') {
    if (trustsEveryone(c.TRUST_PROXY))
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: TRUST_PROXY_TRUE_IN_PRODUCTION,
      });
    if (!c.DOCUMENT_ENCRYPTION_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['DOCUMENT_ENCRYPTION_KEY'],
        message: 'is required in production',
      });
    if (!c.PAYMENT_PROVIDER)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'is required in production (authorize_net, or simulator for demos and staging)',
      });
    if (!c.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production: password resets, verifications and visit messages are sent by email',
      });
    if (c.STAFF_MFA === 'off')
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_MFA'],
        message: 'cannot be off in production: staff sign in with a second factor',
      });
    if (c.ICE_TURN_URLS.length === 0 && !c.ICE_ALLOW_NO_TURN)
      ctx.addIssue({
        code: 'custom',
        path: ['ICE_TURN_URLS'],
        message:
          'is required in production (with ICE_TURN_SECRET): calls between patients behind home or mobile routers connect only through TURN. Set ICE_ALLOW_NO_TURN=true to run without it on purpose',
      });
    if (c.SEED_DEMO)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'is for development only: demo accounts are never created in production',
      });
  }
  // TURN servers refuse requests without credentials, and ours are derived from the secret.
  if (c.ICE_TURN_URLS.length > 0 && !c.ICE_TURN_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['ICE_TURN_SECRET'],
      message: 'is required with ICE_TURN_URLS',
    });
  if (c.BLOB_STORE === 's3' && !c.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required with BLOB_STORE=s3',
    });
  // Outside production the key is generated into DATA_DIR, one per node: a file one node
  // stored in the shared bucket would not decrypt on another.
  if (c.BLOB_STORE === 's3' && !c.DOCUMENT_ENCRYPTION_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['DOCUMENT_ENCRYPTION_KEY'],
      message: 'is required with BLOB_STORE=s3: every node reading the bucket needs the same key',
    });
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  if (c.PAYMENT_PROVIDER === 'authorize_net')
    for (const key of [
      'AUTHNET_API_LOGIN_ID',
      'AUTHNET_TRANSACTION_KEY',
      'AUTHNET_SIGNATURE_KEY',
    ] as const)
      if (!c[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required with PAYMENT_PROVIDER=authorize_net',
        });
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * Every variable the server reads: the README's table, .env.example (config-docs.test.ts) and
 * the deploy recipe's env file (deploy-recipe.test.ts) are checked against it.
 */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ConfigSchema.shape);

/** Empty strings count as unset, so `FOO=` in a .env file falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ProductionRules.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

/**
 * The configuration of a process started from the command line (the server, the backup CLI):
 * a bad or missing setting prints the message naming it and exits 78 (EX_CONFIG).
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

/**
 * Config for tests: production-like defaults with overrides. Staff sign in with a password
 * alone here unless a test turns STAFF_MFA on: the second factor has its own suites (mfa*.test.ts
 * and the permission matrix's pending-session run), the rest are about what comes after.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STAFF_MFA: 'off' }),
    ...overrides,
  };
}

/** Where links in messages point: PUBLIC_URL, else http://HOST:PORT. */
export const linkBase = (config: Config): string =>
  (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');

/** The origin of PUBLIC_URL, when the app is told where the world reaches it. */
export const publicUrlOrigin = (config: Config): string | null =>
  config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
