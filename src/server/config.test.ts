import { describe, expect, it } from 'vitest';
import { ConfigError, linkBase, loadConfig, testConfig } from './config.js';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      TRUST_PROXY: false,
      CLINIC_TIMEZONE: 'America/Chicago',
      LOG_LEVEL: 'info',
    });
    // Unset means the embedded database and no setup token.
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_SETUP_TOKEN).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it('treats empty values as unset and ignores unrelated variables', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', HOME: '/root', PATH: '/usr/bin' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).not.toHaveProperty('HOME');
  });

  it('reads and converts the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/clinic',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/clinic',
      PUBLIC_URL: 'https://clinic.example',
      TRUST_PROXY: '1',
      ADMIN_SETUP_TOKEN: 'a-long-setup-token-123',
      CLINIC_TIMEZONE: 'America/New_York',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'test',
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/clinic',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/clinic',
      PUBLIC_URL: 'https://clinic.example',
      TRUST_PROXY: 1,
      ADMIN_SETUP_TOKEN: 'a-long-setup-token-123',
      CLINIC_TIMEZONE: 'America/New_York',
      LOG_LEVEL: 'warn',
    });
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).DATABASE_URL).toBe(
      'postgres://localhost/x',
    );
  });

  it.each(['Mon-Fri 9-6', 'weekdays', 'Mon-Fri 18:00-09:00'])(
    'refuses CLINIC_HOURS=%s, naming it',
    (hours) => {
      expect(errorOf({ CLINIC_HOURS: hours }).message).toMatch(/^\s+CLINIC_HOURS: must be/m);
    },
  );

  it('defaults CLINIC_HOURS and accepts several groups', () => {
    expect(loadConfig({}).CLINIC_HOURS).toBe('Mon-Fri 09:00-18:00');
    const hours = 'Mon-Fri 09:00-18:00, Sat 10:00-14:00';
    expect(loadConfig({ CLINIC_HOURS: hours }).CLINIC_HOURS).toBe(hours);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s, naming it', (port) => {
    expect(errorOf({ PORT: port }).message).toMatch(/^\s+PORT: /m);
  });

  it.each(['mysql://db/clinic', 'sqlite:data.db', '/var/run/postgresql'])(
    'refuses DATABASE_URL=%s, naming it',
    (url) => {
      expect(errorOf({ DATABASE_URL: url }).message).toContain(
        'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      );
    },
  );

  it('refuses a short ADMIN_SETUP_TOKEN, naming it', () => {
    expect(errorOf({ ADMIN_SETUP_TOKEN: 'short-token' }).message).toContain(
      'ADMIN_SETUP_TOKEN: must be at least 16 characters',
    );
  });

  it('reads TRUST_PROXY as false, true, a hop count or proxy addresses and CIDRs', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0.1/33', '300.1.1.1', '10.0.0.1,proxy.internal', ',', '1.5', '99'])(
    'refuses TRUST_PROXY=%s, naming it',
    (value) => {
      expect(errorOf({ TRUST_PROXY: value }).message).toMatch(
        /^\s+TRUST_PROXY: must be false, a hop count/m,
      );
    },
  );

  it('refuses TRUST_PROXY=true in production, naming it, and takes addresses there', () => {
    const production = {
      NODE_ENV: 'production',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
      SMTP_URL: 'smtp://mailer:secret@mail.example:587',
      ICE_ALLOW_NO_TURN: 'true',
    };
    expect(errorOf({ ...production, TRUST_PROXY: 'true' }).message).toMatch(
      /^\s+TRUST_PROXY: true \(or a \/0 range\) trusts any client’s X-Forwarded-For and is refused in production/m,
    );
    for (const everyone of ['0.0.0.0/0', '10.0.0.1,::/0'])
      expect(errorOf({ ...production, TRUST_PROXY: everyone }).message).toMatch(
        /^\s+TRUST_PROXY: true \(or a \/0 range\)/m,
      );
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
    ]);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('requires a mail server and the staff second factor in production, naming each', () => {
    const production = {
      NODE_ENV: 'production',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
      ICE_ALLOW_NO_TURN: 'true',
    };
    expect(errorOf(production).message).toMatch(/^\s+SMTP_URL: is required in production/m);
    const withMail = { ...production, SMTP_URL: 'smtps://mailer:secret@mail.example:465' };
    expect(loadConfig(withMail)).toMatchObject({ STAFF_MFA: 'required' });
    expect(errorOf({ ...withMail, STAFF_MFA: 'off' }).message).toMatch(
      /^\s+STAFF_MFA: cannot be off in production/m,
    );
    // Outside production both may be left out: mail goes to the outbox, MFA may be off.
    expect(loadConfig({ STAFF_MFA: 'off' })).toMatchObject({ STAFF_MFA: 'off' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  it('requires TURN in production unless ICE_ALLOW_NO_TURN=true says so on purpose', () => {
    const production = {
      NODE_ENV: 'production',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(errorOf(production).message).toMatch(
      /^\s+ICE_TURN_URLS: is required in production \(with ICE_TURN_SECRET\).*ICE_ALLOW_NO_TURN=true/m,
    );
    expect(errorOf({ ...production, ICE_TURN_URLS: 'turn:turn.example:3478' }).message).toMatch(
      /^\s+ICE_TURN_SECRET: is required with ICE_TURN_URLS/m,
    );
    const turn = {
      ...production,
      ICE_TURN_URLS: 'turn:turn.example:3478',
      ICE_TURN_SECRET: 'a-long-shared-secret',
    };
    expect(loadConfig(turn).ICE_ALLOW_NO_TURN).toBe(false);
    expect(loadConfig({ ...production, ICE_ALLOW_NO_TURN: 'true' }).ICE_ALLOW_NO_TURN).toBe(true);
    expect(errorOf({ ...production, ICE_ALLOW_NO_TURN: 'yes' }).message).toMatch(
      /^\s+ICE_ALLOW_NO_TURN: must be true or false/m,
    );
    // Outside production a LAN or one machine needs no relay.
    expect(loadConfig({}).ICE_TURN_URLS).toEqual([]);
  });

  it('takes an S3 blob store with its bucket, and keys in pairs', () => {
    expect(loadConfig({})).toMatchObject({ BLOB_STORE: 'disk', S3_CHECKSUM: 'WHEN_SUPPORTED' });
    expect(errorOf({ BLOB_STORE: 's3' }).message).toMatch(
      /^\s+S3_BUCKET: is required with BLOB_STORE=s3/m,
    );
    const keyless = {
      BLOB_STORE: 's3',
      S3_BUCKET: 'clinic-files',
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_FORCE_PATH_STYLE: 'true',
      S3_CHECKSUM: 'WHEN_REQUIRED',
    };
    const s3 = { ...keyless, DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    // A key generated into one node's DATA_DIR would not read another node's files.
    expect(errorOf(keyless).message).toMatch(
      /^\s+DOCUMENT_ENCRYPTION_KEY: is required with BLOB_STORE=s3/m,
    );
    expect(loadConfig(s3)).toMatchObject({ S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
    expect(errorOf({ ...s3, S3_ACCESS_KEY_ID: 'AKIA' }).message).toMatch(
      /^\s+S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/m,
    );
    expect(errorOf({ ...s3, S3_BUCKET: 'No_Such Bucket' }).message).toMatch(
      /^\s+S3_BUCKET: must be an S3 bucket name/m,
    );
  });

  it('links go to PUBLIC_URL, else to http://HOST:PORT', () => {
    expect(linkBase(loadConfig({ PUBLIC_URL: 'https://clinic.example/' }))).toBe(
      'https://clinic.example',
    );
    expect(linkBase(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://0.0.0.0:8080');
  });

  it.each([
    ['SMTP_URL', 'mail.example:25'],
    ['SMTP_URL', 'http://mail.example'],
    ['MAIL_FROM', 'not an address'],
    ['STAFF_MFA', 'sometimes'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'yes'],
    ['PUBLIC_URL', 'clinic.example'],
    ['CLINIC_TIMEZONE', 'Mars/Olympus_Mons'],
    ['LOG_LEVEL', 'verbose'],
    ['BLOB_STORE', 'tape'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_CHECKSUM', 'NEVER'],
    ['S3_FORCE_PATH_STYLE', '1'],
    ['METRICS_TOKEN', 'short'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(errorOf({ [name]: value }).message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('lists every bad variable at once', () => {
    const message = errorOf({
      PORT: 'x',
      DATABASE_URL: 'mysql://x',
      ADMIN_SETUP_TOKEN: 'x',
    }).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_SETUP_TOKEN'])
      expect(message).toContain(`${name}:`);
  });

  it('never echoes a refused secret', () => {
    const message = errorOf({ ADMIN_SETUP_TOKEN: 'sekrit-value' }).message;
    expect(message).not.toContain('sekrit-value');
  });
});

describe('testConfig', () => {
  it('is a quiet test configuration with overrides', () => {
    expect(testConfig()).toMatchObject({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: 3000 });
    expect(testConfig({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });
});
