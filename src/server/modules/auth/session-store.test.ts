import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../../shared/roles.js';
import { sessions, users } from '../../db/schema/index.js';
import { createUser, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  ABSOLUTE_MS,
  hashToken,
  idleLimitFor,
  PATIENT_IDLE_MS,
  SessionStore,
  STAFF_IDLE_MS,
} from './session-store.js';

const MIN = 60_000;

// One app whose clock the tests move; each test works on its own accounts and sessions.
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const status = async (client: Client) => (await client.get('/api/user')).statusCode;
const tokenOf = (client: Client) => client.cookie!.slice('sid='.length);

describe('session limits over HTTP (DESIGN.md security baseline)', () => {
  it('uses 30 minutes idle for patients and 15 for staff, 12 hours absolute', () => {
    expect(PATIENT_IDLE_MS).toBe(30 * MIN);
    expect(STAFF_IDLE_MS).toBe(15 * MIN);
    expect(ABSOLUTE_MS).toBe(12 * 60 * MIN);
    expect(idleLimitFor('patient')).toBe(PATIENT_IDLE_MS);
    for (const role of STAFF_ROLES) expect(idleLimitFor(role)).toBe(STAFF_IDLE_MS);
  });

  it('keeps an idle patient signed in for 30 minutes, not longer', async () => {
    const { client, id } = await signedInAs(t.app, 'patient');
    clock += 29 * MIN;
    expect(await status(client)).toBe(200);
    clock += 29 * MIN; // 58 minutes in, 29 since the last request
    expect(await status(client)).toBe(200);
    clock += 30 * MIN + 1_000;
    expect(await status(client)).toBe(401);
    // The expired session is removed, not just refused.
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    clock -= 30 * MIN; // going back in time does not revive it
    expect(await status(client)).toBe(401);
  });

  it.each(['doctor', 'master_admin', 'admin_assistant'] as const)(
    'signs a %s out after 15 idle minutes',
    async (role) => {
      const { client } = await signedInAs(t.app, role);
      clock += 14 * MIN;
      expect(await status(client)).toBe(200);
      clock += 15 * MIN + 1_000;
      expect(await status(client)).toBe(401);
    },
  );

  it('does not hold a patient to the staff limit', async () => {
    const { client } = await signedInAs(t.app, 'patient');
    clock += 20 * MIN;
    expect(await status(client)).toBe(200);
  });

  it('keeps an active patient signed in, until 12 hours after sign-in', async () => {
    const { client } = await signedInAs(t.app, 'patient');
    const start = clock;
    // A request every 10 minutes: the first hour, then on to just before the 12 h mark.
    for (let at = 10 * MIN; at < ABSOLUTE_MS; at += 10 * MIN) {
      clock = start + at;
      expect(await status(client), `at ${at / MIN} min`).toBe(200);
    }
    clock = start + ABSOLUTE_MS + 1_000; // ten minutes idle: only the absolute limit applies
    expect(await status(client)).toBe(401);
  });

  it('counts a request the database did not hear about (last_seen_at is written once a minute)', async () => {
    const { client } = await signedInAs(t.app, 'patient');
    const start = clock;
    clock = start + 30_000; // too soon for a database write; remembered in memory
    expect(await status(client)).toBe(200);
    clock = start + 30 * MIN + 15_000; // 30¼ min since sign-in, 29¾ since that request
    expect(await status(client)).toBe(200);
  });

  it('writes activity to the database, so another server node sees the session alive', async () => {
    const { client, id } = await signedInAs(t.app, 'patient');
    const start = clock;
    clock = start + 10 * MIN;
    expect(await status(client)).toBe(200);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row!.lastSeenAt.getTime()).toBe(clock);

    clock = start + 35 * MIN; // 35 since sign-in, 25 since the last request
    const otherNode = new SessionStore(t.app.ctx.db, () => clock);
    expect((await otherNode.resolve(tokenOf(client)))?.user.id).toBe(id);
  });
});

describe('SessionStore', () => {
  let store: SessionStore;
  beforeAll(() => {
    store = new SessionStore(t.app.ctx.db, () => clock);
  });

  it('creates a 256-bit token, stores only its hash and resolves it to the user', async () => {
    const { id } = await createUser(t.app, 'patient');
    const token = await store.create(id, { ip: '10.1.1.1', userAgent: 'vitest' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row).toMatchObject({ tokenHash: hashToken(token), ip: '10.1.1.1', userAgent: 'vitest' });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(ABSOLUTE_MS);
    const resolved = await store.resolve(token);
    expect(resolved?.user).toMatchObject({ id, role: 'patient' });
    expect(await store.resolve(`${token}x`)).toBeNull();
  });

  it('destroys one session, or every session of a user', async () => {
    const { id } = await createUser(t.app, 'doctor');
    const a = await store.create(id, {});
    const b = await store.create(id, {});
    const c = await store.create(id, {});
    await store.resolve(b); // cached copies go too
    await store.destroy(a);
    expect(await store.resolve(a)).toBeNull();
    expect(await store.resolve(b)).not.toBeNull();
    await store.destroyAllForUser(id);
    expect(await store.resolve(b)).toBeNull();
    expect(await store.resolve(c)).toBeNull();
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });

  it('serves a changed user from cache until the cache is dropped for them', async () => {
    const { id } = await createUser(t.app, 'admin_assistant');
    const token = await store.create(id, {});
    expect((await store.resolve(token))?.user.role).toBe('admin_assistant');
    await t.app.ctx.db.update(users).set({ role: 'doctor_admin' }).where(eq(users.id, id));
    // ADR 0004: a change reaches a cached session within seconds, at once when dropped.
    expect((await store.resolve(token))?.user.role).toBe('admin_assistant');
    store.forgetUser(id);
    expect((await store.resolve(token))?.user.role).toBe('doctor_admin');
  });

  it('refuses the session of a deactivated user once the cache is refreshed', async () => {
    const { id } = await createUser(t.app, 'operations_admin');
    const token = await store.create(id, {});
    expect(await store.resolve(token)).not.toBeNull();
    await t.app.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
    clock += 6_000; // past the 5-second cache
    expect(await store.resolve(token)).toBeNull();
  });

  it('keeps a session alive through touch() without requests (ruling 17)', async () => {
    const { id } = await createUser(t.app, 'patient');
    const token = await store.create(id, {});
    clock += 25 * MIN;
    await store.touch(hashToken(token));
    clock += 25 * MIN;
    expect(await store.resolve(token)).not.toBeNull();
    // Seen from a fresh node too: the touch reached the database.
    expect(await new SessionStore(t.app.ctx.db, () => clock).resolve(token)).not.toBeNull();
  });

  it('does not revive through touch() a session that is already over, even on a fresh node', async () => {
    const { id } = await createUser(t.app, 'doctor');
    const token = await store.create(id, {});
    clock += 15 * MIN + 1_000;
    const otherNode = new SessionStore(t.app.ctx.db, () => clock);
    expect(await otherNode.touch(hashToken(token))).toBe(false);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await store.resolve(token)).toBeNull();
  });

  it('answers a staff background resolve without counting it; a patient it counts (ruling 17)', async () => {
    const doctor = await store.create((await createUser(t.app, 'doctor')).id, {});
    const patient = await store.create((await createUser(t.app, 'patient')).id, {});
    const start = clock;
    for (const minutes of [5, 10, 14]) {
      clock = start + minutes * MIN;
      expect(await store.resolve(doctor, { background: true })).not.toBeNull();
      expect(await store.resolve(patient, { background: true })).not.toBeNull();
    }
    clock = start + 15 * MIN + 1_000;
    expect(await store.resolve(doctor, { background: true })).toBeNull();
    clock = start + 40 * MIN; // 26 minutes after the patient's last poll
    expect(await store.resolve(patient, { background: true })).not.toBeNull();
  });

  it('purges staff sessions idle past 15 minutes, patients past 30', async () => {
    const doctorId = (await createUser(t.app, 'doctor')).id;
    const patientId = (await createUser(t.app, 'patient')).id;
    await store.create(doctorId, {});
    await store.create(patientId, {});
    clock += 16 * MIN;
    await store.purgeExpired();
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, doctorId))).toEqual(
      [],
    );
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, patientId)),
    ).toHaveLength(1);
  });

  it('purges sessions past their limits and keeps live ones', async () => {
    const { id } = await createUser(t.app, 'patient');
    const stale = await store.create(id, {});
    clock += 31 * MIN;
    const live = await store.create(id, {});
    await store.purgeExpired();
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(live)]);
    expect(await store.resolve(stale)).toBeNull();
    expect(await store.resolve(live)).not.toBeNull();
  });

  it('ends a session known by its token when another node signs it out (issue 23 token memo)', async () => {
    const { id } = await createUser(t.app, 'patient');
    const token = await store.create(id, {});
    expect(await store.resolve(token)).not.toBeNull();
    expect(await store.resolve(token)).not.toBeNull(); // from memory, token and all
    const otherNode = new SessionStore(t.app.ctx.db, () => clock);
    await otherNode.destroy(token);
    // Told through the cluster link at once, or, without it, once the 5-second cache runs out.
    clock += 6_000;
    expect(await store.resolve(token)).toBeNull();
    const again = await store.create(id, {});
    expect(await store.resolve(again)).not.toBeNull();
    store.forgetLocally({ tokenHash: hashToken(again) });
    await otherNode.destroy(again);
    expect(await store.resolve(again)).toBeNull();
  });

  it('with more live tokens than it remembers, resolves and signs out each one', async () => {
    const small = new SessionStore(t.app.ctx.db, () => clock, 2);
    const { id } = await createUser(t.app, 'patient');
    const tokens = [
      await small.create(id, {}),
      await small.create(id, {}),
      await small.create(id, {}),
    ];
    for (let round = 0; round < 3; round++)
      for (const token of tokens) expect((await small.resolve(token))?.user.id).toBe(id);
    await small.destroy(tokens[0]!);
    expect(await small.resolve(tokens[0]!)).toBeNull();
    expect(await small.resolve(tokens[1]!)).not.toBeNull();
    expect(await small.resolve(tokens[2]!)).not.toBeNull();
    expect(await small.resolve('not-a-token-anyone-was-given')).toBeNull();
  });
});
