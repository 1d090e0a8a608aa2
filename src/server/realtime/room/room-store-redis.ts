import type { createClient } from 'redis';
import {
  emptyRoom,
  isEmptyRoom,
  KeyedQueue,
  type RoomState,
  type RoomStore,
} from './room-state.js';

// Rooms' states in Redis (REDIS_URL), so participants of one room on different nodes see one
// room (ADR 0017). Each room is a hash {rev, state}. An update reads both, applies the pure
// change, and writes back through a script that stores only if `rev` is still the one read
// (compare-and-set); otherwise it reads again and retries. A script rather than WATCH/MULTI:
// WATCH needs a connection of its own per update, the script works on the one shared client.
// Every write sets the key's expiry, so a cluster that dies mid-call leaves nothing forever.
// Within a node, a room's updates also queue one behind another (fewer retries, and a node
// reads its own writes in order).

const COMPARE_AND_SET = `
local rev = redis.call('HGET', KEYS[1], 'rev') or '0'
if rev ~= ARGV[1] then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  return 1
end
redis.call('HSET', KEYS[1], 'rev', tostring(tonumber(rev) + 1), 'state', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

const MAX_ATTEMPTS = 50;
/** Long enough for any consultation; refreshed on every change. */
export const ROOM_TTL_MS = 12 * 60 * 60_000;

type Client = ReturnType<typeof createClient>;

export class RedisRoomStore implements RoomStore {
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly client: Client,
    private readonly prefix = 'okmmj:room:',
    private readonly ttlMs = ROOM_TTL_MS,
  ) {}

  read(roomId: string): Promise<RoomState> {
    return this.queue.run(roomId, async () => (await this.load(roomId)).state);
  }

  update<T>(roomId: string, change: (state: RoomState) => T): Promise<T> {
    return this.queue.run(roomId, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const { rev, raw, state } = await this.load(roomId);
        const result = change(state);
        const next = isEmptyRoom(state) ? '' : JSON.stringify(state);
        if (next === (raw ?? '')) return result; // nothing changed: nothing to write
        const stored = await this.client.eval(COMPARE_AND_SET, {
          keys: [this.key(roomId)],
          arguments: [rev, next, String(this.ttlMs)],
        });
        if (stored === 1) return result;
      }
      throw new Error('room state contended');
    });
  }

  forget(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => void (await this.client.del(this.key(roomId))));
  }

  private key(roomId: string) {
    return this.prefix + roomId;
  }

  private async load(roomId: string) {
    const [rev, raw] = await this.client.hmGet(this.key(roomId), ['rev', 'state']);
    let state = emptyRoom();
    if (raw)
      try {
        state = JSON.parse(raw) as RoomState;
      } catch {
        // Unreadable (not ours): the room starts afresh; the next write replaces it.
      }
    return { rev: rev ?? '0', raw: raw ?? null, state };
  }
}
