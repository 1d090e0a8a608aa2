import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { RATE_LIMITS } from './rate-limit/limits.js';
import { auditRows, createUser, PASSWORD, uniqueEmail } from './test/fixtures.js';
import { createTestApp, type TestApp } from './test/harness.js';

// TRUST_PROXY (issue 10, defect 8): X-Forwarded-For counts only from the proxies named, so a
// client rotating the header still meets the per-address sign-in limit.

const PROXY = '10.0.0.1';
const ADDRESS_LIMIT = RATE_LIMITS.loginPerAddress;

const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

const login = (
  t: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  forwardedFor?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

async function failureAddress(t: TestApp, userId: string): Promise<string | null> {
  const rows = (await auditRows(t.app, { targetId: userId })).filter(
    (a) => a.action === 'auth.login_failed',
  );
  return rows.at(-1)?.ip ?? null;
}

describe('TRUST_PROXY as proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { TRUST_PROXY: trustProxy(`${PROXY}, 10.1.0.0/16`) },
      limits: { loginPerAddress: ADDRESS_LIMIT },
    });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from an untrusted peer: rotating it does not escape the limit', async () => {
    const peer = '203.0.113.9';
    for (let i = 0; i < ADDRESS_LIMIT.max; i++) {
      const res = await login(t, uniqueEmail('guess'), 'wrong-password', peer, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const { email } = await createUser(t.app, 'patient');
    const blocked = await login(t, email, PASSWORD, peer, '198.51.100.250');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('uses the address a trusted proxy forwards, for limits and the audit trail', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    expect((await login(t, email, 'wrong-password', PROXY, '198.51.100.7')).statusCode).toBe(401);
    expect(await failureAddress(t, id)).toBe('198.51.100.7');
    // Through a proxy in the trusted range, a spoofed left-most entry is not believed.
    await login(t, email, 'wrong-password', '10.1.2.3', '6.6.6.6, 198.51.100.8');
    expect(await failureAddress(t, id)).toBe('198.51.100.8');

    // Clients behind the proxy are counted apart: one at its limit does not stop another.
    for (let i = 0; i < ADDRESS_LIMIT.max; i++)
      await login(t, uniqueEmail('guess'), 'wrong-password', PROXY, '198.51.100.9');
    expect((await login(t, email, PASSWORD, PROXY, '198.51.100.9')).statusCode).toBe(429);
    expect((await login(t, email, PASSWORD, PROXY, '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: trustProxy('1') } });
  });
  afterAll(() => t.close());

  it('believes only the address the nearest proxy added', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    await login(t, email, 'wrong-password', PROXY, '6.6.6.6, 198.51.100.20');
    expect(await failureAddress(t, id)).toBe('198.51.100.20');
  });
});
