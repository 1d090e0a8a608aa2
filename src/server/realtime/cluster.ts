import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { closeRedis } from '../lifecycle/close-redis.js';
import { MemoryListReads, RedisListReads } from '../modules/audit/list-reads.js';
import { MemoryRoomStore } from './room/room-state.js';
import { RedisRoomStore } from './room/room-store-redis.js';

// Several app nodes behind a load balancer (DESIGN.md): with REDIS_URL, socket.io rooms span
// the nodes through the Redis adapter, and cache invalidations (queue changed, user changed,
// session ended) travel on one channel so no node serves a stale queue or session for long.
// The rooms' live state (whiteboard, screen-share turn, recording and consent) moves to Redis
// too (ADR 0017), on a client of its own that fails at once while Redis is down rather than
// queue commands: a room's events must not wait on an outage.

const CHANNEL = 'okmmj:invalidate';
const Message = z.object({
  node: z.string(),
  queue: z.boolean().optional(),
  userId: z.string().optional(),
  tokenHash: z.string().optional(),
});

export async function linkCluster(ctx: AppContext, url: string): Promise<() => Promise<void>> {
  const node = randomUUID();
  const pub = createClient({ url });
  const sub = pub.duplicate();
  const busSub = pub.duplicate();
  const state = createClient({ url, disableOfflineQueue: true });
  for (const c of [pub, sub, busSub, state]) c.on('error', () => {}); // reconnects by itself
  await Promise.all([pub.connect(), sub.connect(), busSub.connect(), state.connect()]);
  // The adapter publishes on every emit, join and disconnect without awaiting the answer: a
  // publish that fails while Redis is down would be an unhandled rejection, which ends a Node
  // process. Cross-node delivery is lost for that moment; this node keeps serving.
  const publish = pub.publish.bind(pub);
  Object.assign(pub, {
    publish: (...args: Parameters<typeof publish>) => publish(...args).catch(() => 0),
  });
  ctx.realtime.io?.adapter(createAdapter(pub, sub));
  ctx.realtime.rooms = new RedisRoomStore(state);
  // Which list reads were audited last: a poll answered by any node is recognised (issue 21).
  ctx.listReads = new RedisListReads(state);

  const send = (payload: Omit<z.infer<typeof Message>, 'node'>) =>
    void pub.publish(CHANNEL, JSON.stringify({ node, ...payload })).catch(() => {});
  ctx.queue.broadcast = () => send({ queue: true });
  ctx.sessions.broadcast = (what) => send(what);

  await busSub.subscribe(CHANNEL, (raw) => {
    let parsed: z.infer<typeof Message>;
    try {
      parsed = Message.parse(JSON.parse(raw));
    } catch {
      return;
    }
    if (parsed.node === node) return;
    if (parsed.queue) ctx.queue.invalidateLocally(false);
    if (parsed.userId || parsed.tokenHash) ctx.sessions.forgetLocally(parsed);
  });

  return async () => {
    ctx.queue.broadcast = () => {};
    ctx.sessions.broadcast = () => {};
    ctx.realtime.rooms = new MemoryRoomStore();
    ctx.listReads = new MemoryListReads();
    await Promise.all([busSub, sub, pub, state].map((c) => closeRedis(c)));
  };
}
