import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OwnRedis, ownRedis } from '../test/redis-server.js';
import { closeRedis } from './close-redis.js';

// A draining node closes its Redis clients: at once with Redis up (a clean QUIT), and within
// the bound with Redis down, where a plain quit on a client that queues commands (the
// socket.io adapter's) never returns.

let redis: OwnRedis;
beforeAll(async () => {
  redis = await ownRedis();
});
afterAll(() => redis?.stop());

const connected = async () => {
  const client = createClient({ url: redis.url });
  client.on('error', () => {});
  await client.connect();
  return client;
};

it('quits cleanly while Redis answers', async () => {
  const client = await connected();
  const started = Date.now();
  await closeRedis(client);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(client.isOpen).toBe(false);
});

it('gives up on the quit and drops the connection while Redis is down', async () => {
  const plain = await connected();
  const bounded = await connected();
  await redis.stop();
  try {
    // What closeRedis replaces: a plain quit is still waiting for Redis seconds later.
    const outcome = await Promise.race([
      plain.quit().then(
        () => 'answered',
        () => 'answered',
      ),
      new Promise((r) => setTimeout(() => r('still waiting'), 2500)),
    ]);
    expect(outcome).toBe('still waiting');
    const started = Date.now();
    await closeRedis(bounded, 500);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(bounded.isOpen).toBe(false);
  } finally {
    if (plain.isOpen) plain.destroy();
  }
});
