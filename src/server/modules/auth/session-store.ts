import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isStaffRole, STAFF_ROLES } from '../../../shared/roles.js';
import { MFA_PENDING_MS } from '../../../shared/schemas/account.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import { PATIENT_IDLE_MS, STAFF_IDLE_MS } from '../../../shared/session-timing.js';
import type { Db } from '../../db/client.js';
import { patientProfiles, sessions, users } from '../../db/schema/index.js';
import { toCurrentUser } from '../users/mappers.js';

// Sessions per DESIGN.md's security baseline: a 256-bit random token in the cookie, only its
// hash in the database, idle timeout 30 min (15 for staff), absolute 12 h. Resolving a session
// is on every request's path, so resolved sessions are kept in memory for a few seconds and
// last_seen_at is written at most once a minute.
//
// Automatic logoff (issue 13, HIPAA 164.312(a)(2)(iii), ADR 0013): last_seen_at is the last
// ACTIVITY. For staff that is a request the user made or a live call (the socket sweep's
// touch()); a background request (polling, a socket's own checks) is answered while the session
// lives but moves nothing. Patients keep ruling 17: anything they do keeps them signed in.

export { PATIENT_IDLE_MS, STAFF_IDLE_MS };
export const ABSOLUTE_MS = 12 * 60 * 60_000;
const CACHE_TTL_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;
/**
 * A patient's open page keeps their session alive (ruling 17); the sweep rewrites its database
 * copy at most this often (issue 23), a staff member's live call at every sweep (ADR 0013).
 */
export const PATIENT_SOCKET_WRITE_EVERY_MS = 5 * 60_000;
/** Live tokens whose hash is remembered (below); past this the oldest are forgotten. */
export const TOKEN_HASH_MEMO_MAX = 10_000;

export interface ResolvedSession {
  tokenHash: string;
  user: CurrentUser;
  /** The last activity that keeps this session alive (see above): what its idle limit counts from. */
  lastSeenAt: number;
  expiresAt: number;
  /** Past the password, waiting for the second factor (issue 13); null for a full session. */
  mfaStage: MfaStage | null;
}

export interface ResolveOptions {
  /** Nobody asked for it (polling, a socket): does not count as a staff member's activity. */
  background?: boolean;
}

/** Whether a resolve counts as activity: always for patients (ruling 17), for staff not in the background. */
const countsAsActivity = (role: string, opts: ResolveOptions) =>
  !opts.background || !isStaffRole(role);

/** What a pending staff sign-in still has to do: set up the authenticator, or give a code. */
export type MfaStage = 'enrol' | 'challenge';

interface CacheEntry extends ResolvedSession {
  cachedAt: number;
  touchedAt: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const idleLimitFor = (role: string) => (isStaffRole(role) ? STAFF_IDLE_MS : PATIENT_IDLE_MS);

export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  /**
   * Cookie token → its sha256, for tokens that resolved to a live session: a signed-in user's
   * every request would otherwise hash its token again (issue 23). The hash of a token never
   * changes, so this changes no rule: the session is still looked up, expired, idled out and
   * revoked by its hash. A token leaves when it stops resolving or is signed out; bounded.
   */
  private readonly hashes = new Map<string, string>();
  private readonly loading = new Map<string, Promise<CacheEntry | null>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly tokenMemoMax = TOKEN_HASH_MEMO_MAX,
  ) {}

  /**
   * Starts a session. With `mfaStage`, a staff sign-in past its password, before its second
   * factor (issue 13): it reaches only the MFA routes (plugins/auth.ts) and ends 10 minutes
   * after it began, whatever happens.
   */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string },
    mfaStage: MfaStage | null = null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + (mfaStage ? MFA_PENDING_MS : ABSOLUTE_MS)),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      mfaStage,
    });
    return token;
  }

  /** Counts a wrong code against a pending session; answers how many it has had. */
  async countMfaFailure(tokenHash: string): Promise<number> {
    const [row] = await this.db
      .update(sessions)
      .set({ mfaFailures: sql`${sessions.mfaFailures} + 1` })
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ failures: sessions.mfaFailures });
    return row?.failures ?? Number.POSITIVE_INFINITY;
  }

  /** The live session for a cookie token, or null (unknown, expired, idle, or user gone). */
  async resolve(token: string, opts: ResolveOptions = {}): Promise<ResolvedSession | null> {
    const known = this.hashes.get(token);
    const tokenHash = known ?? hashToken(token);
    const entry = await this.liveEntry(tokenHash, opts);
    if (!entry) this.hashes.delete(token);
    else if (!known) {
      if (this.hashes.size >= this.tokenMemoMax)
        this.hashes.delete(this.hashes.keys().next().value as string);
      this.hashes.set(token, tokenHash);
    }
    return entry;
  }

  /** resolve() by the token's hash: what an open socket holds (socket.data.tokenHash). */
  resolveHash(tokenHash: string, opts: ResolveOptions = {}): Promise<ResolvedSession | null> {
    return this.liveEntry(tokenHash, opts);
  }

  private async liveEntry(tokenHash: string, opts: ResolveOptions): Promise<CacheEntry | null> {
    const entry = await this.current(tokenHash);
    if (entry && countsAsActivity(entry.user.role, opts)) {
      const now = this.now();
      entry.lastSeenAt = now;
      // Remembered in memory; written to the database at most once a minute.
      if (now - entry.touchedAt > TOUCH_EVERY_MS) await this.writeActivity(entry, now);
    }
    return entry;
  }

  /** The session if it is live, as it stands (nothing recorded); an idle or expired one ends. */
  private async current(tokenHash: string): Promise<CacheEntry | null> {
    const now = this.now();
    let entry = this.cache.get(tokenHash);
    if (!entry || now - entry.cachedAt > CACHE_TTL_MS) {
      // However many requests arrive for an expired entry, one reads the database.
      entry = (await this.loadOnce(tokenHash, entry)) ?? undefined;
      if (!entry) return null;
    }
    if (now > entry.expiresAt || now - entry.lastSeenAt > idleLimitFor(entry.user.role)) {
      await this.destroyHash(tokenHash);
      return null;
    }
    return entry;
  }

  /**
   * The socket sweep's pass over the sessions with sockets on this node (ADR 0013), batched
   * (issue 23): the sessions the cache does not hold fresh are read in one query, and those kept
   * alive (`active`: a patient's open page, staff in a live call) are written in one UPDATE,
   * a patient's only when its database copy is PATIENT_SOCKET_WRITE_EVERY_MS old. Answers the
   * sessions that are over (signed out, expired, idle, deactivated); an idle one ends here.
   */
  async sweep(items: { tokenHash: string; active: boolean }[]): Promise<Set<string>> {
    await this.loadMany(items.map((i) => i.tokenHash));
    const over = new Set<string>();
    const due: CacheEntry[] = [];
    for (const { tokenHash, active } of items) {
      const entry = await this.current(tokenHash);
      if (!entry) {
        over.add(tokenHash);
        continue;
      }
      if (!active) continue;
      const now = this.now();
      entry.lastSeenAt = now;
      const every = isStaffRole(entry.user.role) ? 0 : PATIENT_SOCKET_WRITE_EVERY_MS;
      if (now - entry.touchedAt >= every) due.push(entry);
    }
    if (due.length) {
      const now = this.now();
      for (const entry of due) entry.touchedAt = now;
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(
          inArray(
            sessions.tokenHash,
            due.map((e) => e.tokenHash),
          ),
        );
    }
    return over;
  }

  /**
   * Keeps a session alive without a request (a patient's open queue page, anyone in a live call:
   * the socket sweep); false when the session is over (signed out, expired, idle or
   * deactivated), which also ends it. Written at once, so every node sees it.
   */
  async touch(tokenHash: string): Promise<boolean> {
    const entry = await this.liveEntry(tokenHash, { background: true });
    if (!entry) return false;
    const now = this.now();
    entry.lastSeenAt = now;
    await this.writeActivity(entry, now);
    return true;
  }

  private async writeActivity(entry: CacheEntry, now: number) {
    entry.touchedAt = now;
    await this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, entry.tokenHash));
  }

  async destroy(token: string): Promise<void> {
    this.hashes.delete(token);
    await this.destroyHash(hashToken(token));
  }

  /** Signs a user out everywhere (deactivation). */
  async destroyAllForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    this.forgetUser(userId);
    this.ended({ userId });
  }

  /** Drops cached copies after a change to the user (role, permissions, profile), on every node. */
  forgetUser(userId: string): void {
    this.forgetLocally({ userId });
    this.broadcast({ userId });
  }

  /**
   * Told once, on the node where it happened, that a session (tokenHash) or every session of
   * a user (userId) is over: the socket server closes their connections on every node.
   */
  ended: (what: { userId?: string; tokenHash?: string }) => void = () => {};

  /** Set by the cluster link (REDIS_URL) to tell the other nodes what to drop. */
  broadcast: (what: { userId?: string; tokenHash?: string }) => void = () => {};

  forgetLocally(what: { userId?: string; tokenHash?: string }): void {
    if (what.tokenHash) {
      this.cache.delete(what.tokenHash);
      this.loading.delete(what.tokenHash);
    }
    if (what.userId)
      for (const [key, entry] of this.cache)
        if (entry.user.id === what.userId) this.cache.delete(key);
  }

  /** Removes expired rows; run now and then so the table does not grow without end. */
  async purgeExpired(): Promise<void> {
    const now = this.now();
    const staff = this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, STAFF_ROLES));
    await this.db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, new Date(now)),
          lt(sessions.lastSeenAt, new Date(now - PATIENT_IDLE_MS)),
          and(
            lt(sessions.lastSeenAt, new Date(now - STAFF_IDLE_MS)),
            inArray(sessions.userId, staff),
          ),
        ),
      );
  }

  private async destroyHash(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
    this.loading.delete(tokenHash);
    this.broadcast({ tokenHash });
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    this.ended({ tokenHash });
  }

  /** One read for every session here the cache does not hold fresh (none being read already). */
  private async loadMany(tokenHashes: string[]): Promise<void> {
    const now = this.now();
    const stale = tokenHashes.filter((h) => {
      const entry = this.cache.get(h);
      return (!entry || now - entry.cachedAt > CACHE_TTL_MS) && !this.loading.has(h);
    });
    if (!stale.length) return;
    const read = this.readMany(stale);
    const pending = new Map(stale.map((h) => [h, read.then((found) => found.get(h) ?? null)]));
    for (const [h, promise] of pending) {
      this.loading.set(h, promise);
      promise.catch(() => undefined); // a failed read is reported once, below
    }
    const settle = (found: Map<string, CacheEntry> | null) => {
      for (const [h, promise] of pending) {
        // A sign-out while the read was under way wins over what the read found (as loadOnce).
        if (this.loading.get(h) !== promise) continue;
        this.loading.delete(h);
        const entry = found?.get(h);
        if (entry) this.cache.set(h, entry);
        else if (found) this.cache.delete(h);
      }
    };
    try {
      settle(await read);
    } catch (err) {
      settle(null);
      throw err;
    }
  }

  private async readMany(
    tokenHashes: string[],
    previous?: CacheEntry,
  ): Promise<Map<string, CacheEntry>> {
    const rows = await this.db
      .select({ session: sessions, user: users, profile: patientProfiles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(and(inArray(sessions.tokenHash, tokenHashes), isNull(users.deactivatedAt)));
    const found = new Map<string, CacheEntry>();
    for (const { session, user, profile } of rows)
      found.set(
        session.tokenHash,
        this.entryOf(
          session,
          toCurrentUser(user, profile),
          previous ?? this.cache.get(session.tokenHash),
        ),
      );
    return found;
  }

  /** One database read per token at a time, however many requests are waiting for it. */
  private loadOnce(tokenHash: string, previous?: CacheEntry): Promise<CacheEntry | null> {
    let pending = this.loading.get(tokenHash);
    if (!pending) {
      const current: Promise<CacheEntry | null> = this.load(tokenHash, previous)
        .then((entry) => {
          // A sign-out while the read was under way wins over what the read found.
          if (this.loading.get(tokenHash) !== current) return null;
          if (entry) this.cache.set(tokenHash, entry);
          else this.cache.delete(tokenHash);
          return entry;
        })
        .finally(() => {
          if (this.loading.get(tokenHash) === current) this.loading.delete(tokenHash);
        });
      pending = current;
      this.loading.set(tokenHash, pending);
    }
    return pending;
  }

  /** The session with its user and profile, in one query (issue 23: it was two). */
  private async load(tokenHash: string, previous?: CacheEntry): Promise<CacheEntry | null> {
    return (await this.readMany([tokenHash], previous)).get(tokenHash) ?? null;
  }

  private entryOf(
    row: typeof sessions.$inferSelect,
    user: CurrentUser,
    previous?: CacheEntry,
  ): CacheEntry {
    const lastSeenAt = Math.max(row.lastSeenAt.getTime(), previous?.lastSeenAt ?? 0);
    return {
      tokenHash: row.tokenHash,
      user,
      lastSeenAt,
      expiresAt: row.expiresAt.getTime(),
      mfaStage: (row.mfaStage as MfaStage | null) ?? null,
      cachedAt: this.now(),
      touchedAt: previous?.touchedAt ?? row.lastSeenAt.getTime(),
    };
  }
}
