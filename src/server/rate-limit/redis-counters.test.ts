import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, goodPayment, PASSWORD, validRegistration } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { registerPatient } from '../test/patients.js';
import { MemoryCounters } from './counters.js';
import { RATE_LIMITS } from './limits.js';
import { RedisCounters } from './redis-counters.js';

// Counts shared between nodes through the machine's Redis (REDIS_URL or the local one), each
// test under a prefix of its own that it removes afterwards; and the in-memory counters'
// window on an injected clock.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = () => `okmmj-test:${randomBytes(6).toString('hex')}:`;

describe('MemoryCounters', () => {
  it('opens a window at the first hit and starts afresh when it ends', async () => {
    let clock = 1_000_000;
    const counters = new MemoryCounters(() => clock);
    expect(await counters.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    clock += 59_999;
    expect(await counters.hit('k', 60_000)).toEqual({ count: 2, ttlMs: 1 });
    expect(await counters.peek('k')).toEqual({ count: 2, ttlMs: 1 });
    clock += 1;
    expect(await counters.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    expect(await counters.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    await counters.release('k');
    expect(await counters.peek('k')).toEqual({ count: 0, ttlMs: 60_000 });
    await counters.release('k');
    expect((await counters.peek('k')).count).toBe(0);
    await counters.reset('k');
    expect(await counters.peek('k')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('resets every key under a prefix and nothing else', async () => {
    const counters = new MemoryCounters();
    for (const key of ['login:pair:a@x.test|1', 'login:pair:a@x.test|2', 'login:pair:ab@x.test|1'])
      await counters.hit(key, 60_000);
    await counters.resetPrefix('login:pair:a@x.test|');
    expect((await counters.peek('login:pair:a@x.test|1')).count).toBe(0);
    expect((await counters.peek('login:pair:a@x.test|2')).count).toBe(0);
    expect((await counters.peek('login:pair:ab@x.test|1')).count).toBe(1);
  });
});

describe('RedisCounters', () => {
  const open: RedisCounters[] = [];
  const connect = async (p: string) => {
    const c = await RedisCounters.connect(REDIS_URL, p);
    open.push(c);
    return c;
  };
  afterEach(async () => {
    for (const c of open.splice(0)) {
      await c.clear();
      await c.close();
    }
  });

  it('counts atomically across connections, with the window as expiry', async () => {
    const p = prefix();
    const [a, b] = [await connect(p), await connect(p)];
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('k', 60_000)),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const seen = await b.peek('k');
    expect(seen.count).toBe(20);
    expect(seen.ttlMs).toBeGreaterThan(50_000);
    expect(seen.ttlMs).toBeLessThanOrEqual(60_000);
    await a.release('k');
    expect((await b.peek('k')).count).toBe(19);
    await a.reset('k');
    expect(await b.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    await a.release('k'); // never below zero, never a key without its expiry
    expect(await b.peek('k')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('resets every key under a prefix on every node, pattern characters taken literally', async () => {
    const p = prefix();
    const [a, b] = [await connect(p), await connect(p)];
    const keys = ['login:pair:a*b@x.test|1', 'login:pair:a*b@x.test|2', 'login:pair:aXb@x.test|1'];
    for (const key of keys) await a.hit(key, 60_000);
    await b.resetPrefix('login:pair:a*b@x.test|');
    expect((await a.peek(keys[0]!)).count).toBe(0);
    expect((await a.peek(keys[1]!)).count).toBe(0);
    // `*` in the address is a letter, not a wildcard that would reach another account.
    expect((await a.peek(keys[2]!)).count).toBe(1);
  });

  it('counts on its own node while Redis is unreachable, instead of failing or stalling', async () => {
    const counters = await RedisCounters.connect(REDIS_URL, prefix());
    await counters.close();
    expect(await counters.hit('k', 60_000)).toMatchObject({ count: 1 });
    expect(await counters.hit('k', 60_000)).toMatchObject({ count: 2 });
    expect((await counters.peek('k')).count).toBe(2);
    await counters.reset('k');
    expect((await counters.peek('k')).count).toBe(0);
  });

  describe('two app nodes on one Redis', () => {
    let nodeA: TestApp;
    let nodeB: TestApp;
    beforeAll(async () => {
      const p = prefix();
      const limits = {
        registration: RATE_LIMITS.registration,
        loginPerAccountAddress: RATE_LIMITS.loginPerAccountAddress,
        declinedChargesPerAddress: RATE_LIMITS.declinedChargesPerAddress,
      };
      nodeA = await createTestApp({ limits, counters: await RedisCounters.connect(REDIS_URL, p) });
      nodeB = await createTestApp({ limits, counters: await RedisCounters.connect(REDIS_URL, p) });
    });
    afterAll(async () => {
      const counters = nodeA.app.ctx.counters as RedisCounters;
      await counters.clear();
      for (const node of [nodeA, nodeB]) {
        await node.close();
        await node.app.ctx.counters.close();
      }
    });

    it('share the registration count of one address', async () => {
      const register = (node: TestApp) =>
        node.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: validRegistration(),
          remoteAddress: '192.0.2.200',
        });
      for (let i = 0; i < RATE_LIMITS.registration.max; i++)
        expect((await register(i % 2 ? nodeA : nodeB)).statusCode).toBe(201);
      expect((await register(nodeA)).statusCode).toBe(429);
      expect((await register(nodeB)).statusCode).toBe(429);
    });

    it('share the sign-in failures of one account and address', async () => {
      // One account in each node's database (the tests give each app its own database).
      const email = `shared-${randomBytes(4).toString('hex')}@example.test`;
      await createUser(nodeA.app, 'patient', { email });
      await createUser(nodeB.app, 'patient', { email });
      const login = (node: TestApp, password: string) =>
        node.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password },
          remoteAddress: '192.0.2.201',
        });
      for (let i = 0; i < RATE_LIMITS.loginPerAccountAddress.max; i++)
        expect((await login(i % 2 ? nodeA : nodeB, 'wrong-password')).statusCode).toBe(401);
      const refused = await login(nodeA, PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(nodeB, PASSWORD)).statusCode).toBe(429);
    });

    it('share the declined charges of one address across accounts (issue 21)', async () => {
      const decline = async (node: TestApp) => {
        const patient = await registerPatient(node.app);
        return patient.client.request({
          method: 'POST',
          url: '/api/process-payment',
          payload: goodPayment({ cardNumber: '4000 0000 0000 0002' }),
          remoteAddress: '192.0.2.202',
        });
      };
      for (let i = 0; i < RATE_LIMITS.declinedChargesPerAddress.max; i++)
        expect((await decline(i % 2 ? nodeA : nodeB)).statusCode).toBe(402);
      for (const node of [nodeA, nodeB]) {
        const refused = await decline(node);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(
          'Too many declined payments from this address. Please try again in 60 minutes.',
        );
      }
    });
  });

  it('is what the app counts in when REDIS_URL is set', async () => {
    const node = await createTestApp({ config: { REDIS_URL } });
    try {
      expect(node.app.ctx.counters).toBeInstanceOf(RedisCounters);
    } finally {
      await node.close();
    }
  });
});
