import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { validRegistration } from '../test/fixtures.js';
import { Client, openTestDatabase } from '../test/harness.js';
import { type OwnRedis, ownRedis } from '../test/redis-server.js';
import { linkCluster } from './cluster.js';

// Issue 10, defect 9, while Redis is down: the adapter carries disconnectSockets to every
// node, its own included, only through Redis, so a node must close its own sockets itself.
// A Redis server of the test's own (the machine's redis-server) is killed mid-test.

let redis: OwnRedis;
let database: Database;
let dataDir: string;
let node: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  redis = await ownRedis();
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-redis-down-'));
  node = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  node.addHook('onClose', await linkCluster(node.ctx, redis.url));
  await node.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await redis.start(); // back, so the node's Redis clients reconnect and quit cleanly
  await new Promise((r) => setTimeout(r, 1500)); // the clients' reconnect backoff
  await node?.close();
  await redis.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('signing out closes the session’s socket on this node while Redis is down', async () => {
  const patient = new Client(node);
  expect((await patient.post('/api/register', validRegistration())).statusCode).toBe(201);
  const { port } = node.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: patient.cookie! },
    reconnection: false,
  });
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

  await redis.stop();
  expect((await patient.post('/api/logout')).statusCode).toBe(200);
  const reason = await Promise.race([
    closed,
    new Promise<string>((r) => setTimeout(() => r('still open after 3 s'), 3000)),
  ]);
  expect(reason).toBe('io server disconnect');
  socket.close();
});
