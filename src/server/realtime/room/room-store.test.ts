import { spawnSync } from 'node:child_process';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownRedis } from '../../test/redis-server.js';
import {
  MemoryRoomStore,
  ROOM_STORE_TIMEOUT_MS,
  type RoomState,
  type RoomStore,
} from './room-state.js';
import { RedisRoomStore } from './room-store-redis.js';

// The room store's contract, for both drivers: updates are atomic (none lost when many race,
// from two nodes for Redis), a change's result comes back after the commit, an emptied room
// leaves nothing; in Redis keys expire, and an outage fails calls quickly instead of hanging.

type Client = ReturnType<typeof createClient>;
let redis: Awaited<ReturnType<typeof ownRedis>>;
const clients: Client[] = [];

const connect = async () => {
  const client: Client = createClient({ url: redis.url, disableOfflineQueue: true });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
};

beforeAll(async () => {
  redis = await ownRedis();
});
afterAll(async () => {
  // destroy, not quit: a quit waits for a connection, and a failed outage test leaves none.
  for (const c of clients) c.destroy();
  await redis?.stop();
});

/** Who holds connections to the port (printed when a failure is slow, to name the peer). */
const socketsOn = (port: number) =>
  spawnSync('ss', ['-tanp', `( sport = :${port} or dport = :${port} )`], { encoding: 'utf8' })
    .stdout;

const line = (n: number) => ({
  points: [{ x: n % 100, y: 1 }],
  size: 1,
  color: '#000000',
  eraserMode: false,
});

const drivers: [string, () => Promise<[RoomStore, RoomStore]>][] = [
  [
    'memory',
    async () => {
      const store = new MemoryRoomStore();
      return [store, store];
    },
  ],
  [
    'redis (two nodes)',
    async () => [
      new RedisRoomStore(await connect(), 'test:room:'),
      new RedisRoomStore(await connect(), 'test:room:'),
    ],
  ],
];

describe.each(drivers)('the %s room store', (_name, open) => {
  it('loses no update when many race', async () => {
    const [one, two] = await open();
    const room = `race-${Math.random()}`;
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        (n % 2 ? one : two).update(room, (state) => {
          state.board.lines.push(line(n));
        }),
      ),
    );
    expect((await one.read(room)).board.lines).toHaveLength(40);
    expect((await two.read(room)).board.lines).toHaveLength(40);
  });

  it('hands one turn to one of two racing claimants, and answers after the commit', async () => {
    const [one, two] = await open();
    const room = `turn-${Math.random()}`;
    const claim = (store: RoomStore, socketId: string) =>
      store.update(room, (state) => {
        if (state.sharer) return false;
        state.sharer = { socketId, userId: socketId, userName: socketId, role: 'doctor' };
        return true;
      });
    const won = await Promise.all([claim(one, 'a'), claim(two, 'b')]);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await two.read(room)).sharer?.socketId).toBe(won[0] ? 'a' : 'b');
  });

  it('keeps nothing for an emptied or forgotten room; a copy is not the state', async () => {
    const [one, two] = await open();
    const room = `empty-${Math.random()}`;
    const read = await one.read(room);
    read.board.open = true; // changing what was read changes nothing stored
    expect((await two.read(room)).board.open).toBe(false);
    await one.update(room, (s) => {
      s.board.open = true;
    });
    expect((await two.read(room)).board.open).toBe(true);
    await two.update(room, (s) => {
      s.board.open = false;
    });
    if (one instanceof MemoryRoomStore) expect(one.size).toBe(0);
    await one.update(room, (s) => {
      s.board.open = true;
    });
    await two.forget(room);
    expect((await one.read(room)).board.open).toBe(false);
  });
});

describe('the Redis room store', () => {
  it('keeps a room under its prefix with an expiry, refreshed on each write', async () => {
    const client = await connect();
    const store = new RedisRoomStore(client, 'test:ttl:', 60_000);
    await store.update('r1', (s) => {
      s.board.open = true;
    });
    expect(await client.pTTL('test:ttl:r1')).toBeGreaterThan(50_000);
    await client.pExpire('test:ttl:r1', 1000);
    await store.update('r1', (s) => {
      s.board.lines.push(line(1));
    });
    expect(await client.pTTL('test:ttl:r1')).toBeGreaterThan(50_000);
    await store.update('r1', (s) => {
      s.board = { open: false, lines: [] };
    });
    expect(await client.exists('test:ttl:r1')).toBe(0);
  });

  it('fails fast while Redis is down, and serves again once it is back', async () => {
    const open = (s: RoomState) => {
      s.board.open = true;
    };
    const client = await connect();
    const store = new RedisRoomStore(client, 'test:down:');
    await redis.stop();
    // Each call fails within the store's own timeout instead of hanging: at once when the client
    // has seen the connection close, or by that timeout when the notice lags (a loaded CI
    // machine twice kept the client "ready" for seconds after the kill).
    for (const call of [() => store.update('r', open), () => store.read('r')]) {
      const started = Date.now();
      await expect(call()).rejects.toThrow();
      const took = Date.now() - started;
      if (took > 1000)
        console.warn(
          `slow failure (${took} ms); sockets on ${redis.port}:\n${socketsOn(redis.port)}`,
        );
      expect(took).toBeLessThan(ROOM_STORE_TIMEOUT_MS + 1000);
    }
    await redis.start();
    let ok = false;
    for (let i = 0; i < 50 && !ok; i++) {
      ok = await store.update('r', open).then(
        () => true,
        () => false,
      );
      if (!ok) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ok).toBe(true);
    expect((await store.read('r')).board.open).toBe(true);
  });
});
