import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounters } from '../rate-limit/counters.js';
import { RedisCounters } from '../rate-limit/redis-counters.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { type OwnRedis, ownRedis } from '../test/redis-server.js';

// GET /api/ready (issue 14): each part it checks, broken for real: a closed database, a Redis
// server of the test's own killed, a blob folder that cannot be created, a draining node.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  it('answers 200 ready when the database and the blob store answer', async () => {
    const res = await ready(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the database once it is closed', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await ready(other.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not-ready', failing: ['database'] });
    await other.app.close();
  });

  it('answers 503 naming the blobs when the store cannot be written', async () => {
    const other = await createTestApp();
    // Where the files folder should be, a plain file: the check cannot create the folder
    // (a permission bit would not do: the tests may run as root).
    const files = path.resolve(other.app.ctx.config.DATA_DIR, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a folder');
    const res = await ready(other.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not-ready', failing: ['blobs'] });
    await other.close();
  });

  it('answers 503 draining at once while the node drains, and no more than that', async () => {
    const other = await createTestApp();
    other.app.ctx.lifecycle.draining = true;
    const res = await ready(other.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not-ready', failing: ['draining'] });
    await other.close();
  });

  it('is public: a signed-out caller is answered, with no cookie set', async () => {
    const res = await ready(t.app);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(res.json())).toEqual(['status']);
  });
});

describe('GET /api/ready with Redis', () => {
  let redis: OwnRedis | undefined;
  afterAll(async () => {
    await redis?.stop();
  });

  it('answers 200 while Redis answers and 503 naming redis once it is gone', async () => {
    redis = await ownRedis();
    const { url } = redis;
    const counters = await RedisCounters.connect(url, `okmmj:ready-test:${redis.port}:`);
    const other = await createTestApp({ config: { REDIS_URL: url }, counters });
    try {
      const up = await ready(other.app);
      expect(up.statusCode, up.body).toBe(200);
      await redis.stop();
      const started = Date.now();
      const down = await ready(other.app);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not-ready', failing: ['redis'] });
      // Within the check's own timeout: a balancer's poll is not held up.
      expect(Date.now() - started).toBeLessThan(3000);
      // The answer carries no driver text (no host, port or error message).
      expect(down.body).not.toContain(String(redis.port));
    } finally {
      // Closed with Redis still down: bounded (close-redis.ts), as a draining node's are.
      await other.close();
      await counters.close();
    }
  });

  it('answers 503 naming redis when REDIS_URL is set but the node holds no link to it', async () => {
    const other = await createTestApp({
      config: { REDIS_URL: 'redis://127.0.0.1:9' },
      counters: new MemoryCounters(),
    });
    const res = await ready(other.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not-ready', failing: ['redis'] });
    await other.close();
  });
});
