import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, PASSWORD, uniqueEmail } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEFAULT_THROTTLE, LoginThrottle } from './throttle.js';

const LIMITS = { perAccount: 3, perIp: 10, windowMs: 60_000 };

describe('LoginThrottle', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('allows attempts until the account limit, then asks to wait for the oldest to age out', () => {
    const throttle = new LoginThrottle(LIMITS, now);
    const start = clock;
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('a@x.test', '1.1.1.1')).toBe(0);
      throttle.recordFailure('a@x.test', '1.1.1.1');
      clock += 10_000;
    }
    // Failures at start, +10 s, +20 s; now +30 s: the first ages out at +60 s.
    expect(throttle.retryAfter('a@x.test', '1.1.1.1')).toBe(start + 60_000 - clock);
    expect(throttle.retryAfter('a@x.test', '2.2.2.2')).toBeGreaterThan(0); // per account
    expect(throttle.retryAfter('b@x.test', '1.1.1.1')).toBe(0); // another account
    clock = start + 60_000; // the window is exclusive at its edge
    expect(throttle.retryAfter('a@x.test', '1.1.1.1')).toBe(0);
    // One attempt is free again, then the second failure (+10 s) still holds the limit.
    throttle.recordFailure('a@x.test', '1.1.1.1');
    expect(throttle.retryAfter('a@x.test', '1.1.1.1')).toBe(10_000);
  });

  it('counts failures per IP across accounts', () => {
    const throttle = new LoginThrottle(LIMITS, now);
    for (let i = 0; i < 10; i++) throttle.recordFailure(`user${i}@x.test`, '3.3.3.3');
    expect(throttle.retryAfter('fresh@x.test', '3.3.3.3')).toBe(60_000);
    expect(throttle.retryAfter('fresh@x.test', '4.4.4.4')).toBe(0);
    clock += 60_001;
    expect(throttle.retryAfter('fresh@x.test', '3.3.3.3')).toBe(0);
  });

  it('clears the account on success but not the IP', () => {
    const throttle = new LoginThrottle({ perAccount: 2, perIp: 3, windowMs: 60_000 }, now);
    throttle.recordFailure('c@x.test', '5.5.5.5');
    throttle.recordFailure('c@x.test', '5.5.5.5');
    expect(throttle.retryAfter('c@x.test', '6.6.6.6')).toBeGreaterThan(0);
    throttle.recordSuccess('c@x.test');
    expect(throttle.retryAfter('c@x.test', '6.6.6.6')).toBe(0);
    throttle.recordFailure('d@x.test', '5.5.5.5');
    expect(throttle.retryAfter('e@x.test', '5.5.5.5')).toBeGreaterThan(0);
  });

  it('defaults to 5 per account and 30 per IP in 15 minutes', () => {
    expect(DEFAULT_THROTTLE).toEqual({ perAccount: 5, perIp: 30, windowMs: 15 * 60_000 });
    const throttle = new LoginThrottle(undefined, now);
    for (let i = 0; i < 4; i++) throttle.recordFailure('f@x.test', '7.7.7.7');
    expect(throttle.retryAfter('f@x.test', '7.7.7.7')).toBe(0);
    throttle.recordFailure('f@x.test', '7.7.7.7');
    expect(throttle.retryAfter('f@x.test', '7.7.7.7')).toBe(15 * 60_000);
  });
});

describe('sign-in throttling over HTTP', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ throttle: LIMITS, now: () => clock });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress,
    });

  it('locks an account after too many wrong passwords, even for the right one', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const res = await login(email, 'wrong-password', '10.0.1.1');
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(email, 'wrong-password', '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many sign-in attempts. Please try again in 1 minute.',
      code: 'TOO_MANY_REQUESTS',
    });
    // The right password does not help, nor does another address.
    const right = await login(email, PASSWORD, '10.0.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await login(email.toUpperCase(), PASSWORD, '10.0.1.2')).statusCode).toBe(429);

    // Other accounts from the same address are unaffected.
    const other = await createUser(t.app, 'patient');
    expect((await login(other.email, PASSWORD, '10.0.1.1')).statusCode).toBe(200);

    const failures = (await auditRows(t.app, { targetId: id })).filter(
      (a) => a.action === 'auth.login_failed',
    );
    expect(failures).toHaveLength(LIMITS.perAccount);
    expect(failures.every((a) => a.outcome === 'failure' && a.ip === '10.0.1.1')).toBe(true);

    // Once the window has passed, the right password works again.
    clock += LIMITS.windowMs + 1;
    expect((await login(email, PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it('starts an account’s count afresh after a successful sign-in', async () => {
    const { email } = await createUser(t.app, 'patient');
    const ip = '10.0.3.1';
    for (let i = 0; i < LIMITS.perAccount - 1; i++)
      expect((await login(email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.perAccount - 1; i++)
      expect((await login(email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('limits one address across accounts', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < LIMITS.perIp; i++) {
      const res = await login(uniqueEmail('guess'), 'wrong-password', ip);
      expect(res.statusCode).toBe(401);
    }
    const { email } = await createUser(t.app, 'patient');
    const blocked = await login(email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts/);
    // The same account from another address is fine.
    expect((await login(email, PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });
});
