import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import { auditRows, createUser, PASSWORD, uniqueEmail } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Sign-in throttling with the real limits (issue 10, defect 11): 5 wrong passwords per
// account and address, 30 per address an hour; the clock is injected, nothing waits.

const PAIR = RATE_LIMITS.loginPerAccountAddress;
const ADDRESS = RATE_LIMITS.loginPerAddress;

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({
    limits: { loginPerAccountAddress: PAIR, loginPerAddress: ADDRESS },
    now: () => clock,
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('sign-in throttling', () => {
  it('the real limits: 5 per account and address in 15 minutes, 30 per address an hour', () => {
    expect(PAIR).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(ADDRESS.max).toBeGreaterThanOrEqual(30);
    expect(ADDRESS.windowMs).toBeLessThanOrEqual(60 * 60_000);
  });

  it('after 5 wrong passwords from one address, that address waits; the owner elsewhere does not', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    for (let i = 0; i < PAIR.max; i++)
      expect((await login(email, 'wrong-password', '10.0.1.1')).statusCode).toBe(401);

    const locked = await login(email, 'wrong-password', '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(PAIR.windowMs / 1000));
    expect(locked.json()).toEqual({
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // The right password from that address waits too…
    const right = await login(email, PASSWORD, '10.0.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // …but the owner at their own address signs in (before: locked out everywhere).
    expect((await login(email.toUpperCase(), PASSWORD, '10.0.1.2')).statusCode).toBe(200);

    const failures = (await auditRows(t.app, { targetId: id })).filter(
      (a) => a.action === 'auth.login_failed',
    );
    expect(failures).toHaveLength(PAIR.max);
    expect(failures.every((a) => a.outcome === 'failure' && a.ip === '10.0.1.1')).toBe(true);

    clock += PAIR.windowMs;
    expect((await login(email, PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them: a burst gets 5 tries, not 50', async () => {
    const { email } = await createUser(t.app, 'patient');
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(email, `parallel-guess-${i}`, '10.0.9.1')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAIR.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - PAIR.max);
  });

  it('a right password gives its attempt back to the address ceiling', async () => {
    const ip = '10.0.9.2';
    for (let i = 0; i < ADDRESS.max + 5; i++) {
      const { email } = await createUser(t.app, 'patient');
      expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('a flood of wrong passwords from many addresses does not lock the owner out', async () => {
    const { email } = await createUser(t.app, 'patient');
    for (let a = 1; a <= 20; a++)
      for (let i = 0; i < PAIR.max + 1; i++)
        await login(email, `guess-${a}-${i}`, `198.51.100.${a}`);
    expect((await login(email, 'guess', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '203.0.113.50')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not help', async () => {
    const { email } = await createUser(t.app, 'patient');
    for (let i = 0; i < PAIR.max; i++)
      expect((await login(email, 'wrong-password', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('starts an account’s count afresh after a successful sign-in from that address', async () => {
    const { email } = await createUser(t.app, 'patient');
    const ip = '10.0.3.1';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PAIR.max - 1; i++)
        expect((await login(email, 'wrong-password', ip)).statusCode).toBe(401);
      expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('limits one address across accounts to 30 failures an hour', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < ADDRESS.max; i++)
      expect((await login(uniqueEmail('guess'), 'wrong-password', ip)).statusCode).toBe(401);
    const { email } = await createUser(t.app, 'patient');
    const blocked = await login(email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(ADDRESS.windowMs / 1000);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts/);
    // The same account from another address is fine.
    expect((await login(email, PASSWORD, '10.0.2.2')).statusCode).toBe(200);
    clock += ADDRESS.windowMs - 1;
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(429);
    clock += 1;
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });
});
