import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { linkCluster } from '../realtime/cluster.js';
import { MemoryRoomStore } from '../realtime/room/room-state.js';
import { openTestDatabase } from './harness.js';
import { ownRedis } from './redis-server.js';
import type { PeerEnv } from './socket-peer.js';

// App nodes on one test database, linked through a redis-server of the test's own (the
// machine's Redis may be shared with other test runs, whose nodes would join this cluster).
// Each node is a PeerEnv, so socket-peer.ts's Peers connect to the node they are given.

export type ClusterNode = PeerEnv & {
  /** The node dies: its sockets vanish and no other node hears of them from the room's state. */
  die(): Promise<void>;
};

export async function startCluster() {
  const redis = await ownRedis();
  const database: Database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-room-cluster-'));
  const nodes: Awaited<ReturnType<typeof buildApp>>[] = [];
  const sockets: PeerEnv['sockets'] = [];

  return {
    stopRedis: () => redis.stop(),

    async node(): Promise<ClusterNode> {
      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
      app.addHook('onClose', await linkCluster(app.ctx, redis.url));
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(app);
      return {
        app,
        url,
        sockets,
        async die() {
          // Whatever the node would tell the shared state on its way out goes nowhere, and its
          // sockets are gone. It still answers the others' "who is in this room" (nobody), as
          // a node that died does once Redis has dropped its connections.
          app.ctx.realtime.rooms = new MemoryRoomStore();
          app.ctx.realtime.io?.local.disconnectSockets(true);
          await new Promise((r) => setTimeout(r, 100));
        },
      };
    },

    async stop() {
      if (!redis.running) {
        await redis.start(); // back, so the nodes' Redis clients reconnect and quit cleanly
        await new Promise((r) => setTimeout(r, 1500)); // the clients' reconnect backoff
      }
      for (const s of sockets) s.close();
      // Each node's close is bounded: once (PGlite, a loaded machine) one waited past the
      // hook's 120 s. The tests are over; a node still closing is cut off with Redis below.
      await Promise.all(
        nodes.map((n) =>
          Promise.race([n.close(), new Promise((r) => setTimeout(r, 15_000).unref())]),
        ),
      );
      await redis.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
