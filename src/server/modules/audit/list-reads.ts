import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { createClient } from 'redis';
import type { AppContext } from '../../context.js';
import { currentUser, isBackgroundRequest } from '../../plugins/auth.js';
import { type AuditEntry, audit } from './service.js';

// Reads of patient lists (issue 21, ADRs 0007 and 0015). Every read is audited, except a
// poll that shows again what was just audited: a background refetch (ADR 0013's
// `x-background-request`) of the same list, by the same user, showing the same patients as
// that user's last audited read of it within 15 minutes. An idle dashboard otherwise wrote
// two rows every 10 s. A foreground read, a changed set of patients or an older audited read
// write a row as before. The last audited set is kept per user and list, as a hash of the
// sorted patient ids, in Redis when the nodes are linked (REDIS_URL) so a poll answered by
// another node is recognised too, in this process otherwise.

/** How long an audited read of a list covers background refetches showing the same patients. */
export const REPEAT_READ_WINDOW_MS = 15 * 60_000;

export interface ListReader {
  actor: { id: string; role: string };
  ip: string;
  /** Which list: the route and its query, so each list and each filter of it counts apart. */
  list: string;
  /** A refetch nobody asked for (polling, focus, invalidation). */
  background: boolean;
}

/** The reader of a list request: its user, address, route with query, and whether polled. */
export function listReaderOf(request: FastifyRequest): ListReader {
  const user = currentUser(request);
  const query = Object.entries((request.query ?? {}) as Record<string, unknown>)
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    actor: { id: user.id, role: user.role },
    ip: request.ip,
    list: `${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(query)}`,
    background: isBackgroundRequest(request),
  };
}

/** The last audited read of one list by one user: which patients, and when. */
export interface AuditedRead {
  patients: string;
  at: number;
}

export interface ListReadMemory {
  last(key: string): Promise<AuditedRead | null>;
  remember(key: string, read: AuditedRead): Promise<void>;
}

const MAX_KEYS = 50_000;

/** One node's memory of audited reads (no REDIS_URL). */
export class MemoryListReads implements ListReadMemory {
  private readonly reads = new Map<string, AuditedRead>();

  async last(key: string): Promise<AuditedRead | null> {
    return this.reads.get(key) ?? null;
  }

  async remember(key: string, read: AuditedRead): Promise<void> {
    this.reads.delete(key); // re-inserted last, so the oldest entry is first to go
    if (this.reads.size >= MAX_KEYS) this.reads.delete(this.reads.keys().next().value!);
    this.reads.set(key, read);
  }
}

type Client = ReturnType<typeof createClient>;

/** Shared by every node (cluster.ts); each key expires with its window. */
export class RedisListReads implements ListReadMemory {
  constructor(
    private readonly client: Client,
    private readonly prefix = 'okmmj:audit-read:',
  ) {}

  async last(key: string): Promise<AuditedRead | null> {
    const raw = await this.client.get(this.prefix + key);
    const [patients, at] = raw?.split('@') ?? [];
    return patients && at ? { patients, at: Number(at) } : null;
  }

  async remember(key: string, read: AuditedRead): Promise<void> {
    await this.client.set(this.prefix + key, `${read.patients}@${read.at}`, {
      PX: REPEAT_READ_WINDOW_MS,
    });
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Writes the list read's audit row, unless it is a poll repeating the last audited read. */
export async function auditListRead(
  ctx: AppContext,
  reader: ListReader,
  entry: Omit<AuditEntry, 'actor' | 'ip' | 'patientIds' | 'action'> & {
    action?: string;
    patientIds: readonly string[];
  },
): Promise<void> {
  const key = `${reader.actor.id}:${sha(reader.list)}`;
  const patients = sha([...new Set(entry.patientIds)].sort().join(','));
  const now = ctx.now();
  // Redis unreachable: the read is audited (never skipped on a guess).
  const last = reader.background ? await ctx.listReads.last(key).catch(() => null) : null;
  if (last && last.patients === patients && now - last.at < REPEAT_READ_WINDOW_MS) return;
  await audit(ctx.db, {
    ...entry,
    action: entry.action ?? 'patient_data.read',
    actor: reader.actor,
    ip: reader.ip,
  });
  await ctx.listReads.remember(key, { patients, at: now }).catch(() => {});
}
