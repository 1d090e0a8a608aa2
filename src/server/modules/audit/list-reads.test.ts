import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_PATH } from '../../../shared/schemas/session-status.js';
import { BACKGROUND_REQUEST_HEADER } from '../../../shared/session-timing.js';
import { auditLog } from '../../db/schema/index.js';
import { linkCluster } from '../../realtime/cluster.js';
import { goodPayment, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { intakeReadyPatient } from '../../test/patients.js';
import { type OwnRedis, ownRedis } from '../../test/redis-server.js';

// Issue 21: an idle Doctor Dashboard wrote two "Viewed patient data" rows every 10 s. A
// background refetch showing the same patients as the user's last audited read of that list
// within 15 minutes writes none; a foreground read, a changed set of patients, another list
// or an audited read older than 15 minutes writes one, on one node or across two.

const MINUTE = 60_000;
let clock = Date.now();
let t: TestApp;

const background = (client: Client, url: string) =>
  client.request({ method: 'GET', url, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } });

/** The doctor's audited reads of one list (targetType) so far. */
async function reads(node: TestApp, actorId: string, targetType: string): Promise<number> {
  const [row] = await node.app.ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actorId),
        eq(auditLog.action, 'patient_data.read'),
        eq(auditLog.targetType, targetType),
      ),
    );
  return row!.n;
}

async function waitingPatient(node: TestApp, firstName: string) {
  const patient = await intakeReadyPatient(node.app, { firstName });
  const res = await patient.client.post('/api/process-payment', goodPayment());
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await waitingPatient(t, 'Ada');
});
afterAll(() => t.close());

describe('auditing the reads of a patient list', () => {
  it('writes no row for a background repeat, one for a foreground read, a change or 15 minutes', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const queueReads = () => reads(t, doctor.id, 'doctor_queue');

    expect((await doctor.client.get('/api/doctor/queue')).statusCode).toBe(200);
    expect(await queueReads()).toBe(1);

    // The dashboard polls: the same patients again, within 15 minutes.
    for (let i = 0; i < 3; i++) {
      clock += 10_000;
      expect((await background(doctor.client, '/api/doctor/queue')).statusCode).toBe(200);
    }
    expect(await queueReads()).toBe(1);

    // The doctor opens the page again: their own read, audited.
    expect((await doctor.client.get('/api/doctor/queue')).statusCode).toBe(200);
    expect(await queueReads()).toBe(2);

    // Another patient joins: the poll shows a different set.
    await waitingPatient(t, 'Grace');
    await background(doctor.client, '/api/doctor/queue');
    expect(await queueReads()).toBe(3);
    await background(doctor.client, '/api/doctor/queue');
    expect(await queueReads()).toBe(3);

    // Another list of the same dashboard is its own.
    const consultations = () => reads(t, doctor.id, 'doctor_consultations');
    await background(doctor.client, '/api/doctor/consultations?scope=active');
    await background(doctor.client, '/api/doctor/consultations?scope=today');
    expect(await consultations()).toBe(2);
    await background(doctor.client, '/api/doctor/consultations?scope=today');
    expect(await consultations()).toBe(2);

    // 15 minutes after the last audited read, the same poll is audited again. A click at
    // 10 minutes keeps the session alive (a poll does not: ADR 0013).
    clock += 10 * MINUTE;
    expect((await doctor.client.post(KEEP_ALIVE_PATH)).statusCode).toBe(200);
    clock += 4 * MINUTE;
    await background(doctor.client, '/api/doctor/queue');
    expect(await queueReads()).toBe(3);
    clock += MINUTE;
    await background(doctor.client, '/api/doctor/queue');
    expect(await queueReads()).toBe(4);
    await background(doctor.client, '/api/doctor/queue');
    expect(await queueReads()).toBe(4);
  });

  it("does not take one user's audited read for another's", async () => {
    const first = await signedInAs(t.app, 'doctor');
    const second = await signedInAs(t.app, 'doctor');
    await first.client.get('/api/doctor/queue');
    await background(second.client, '/api/doctor/queue');
    expect(await reads(t, second.id, 'doctor_queue')).toBe(1);
  });

  it('keeps the rule for the other polled lists (the queue status)', async () => {
    const admin = await signedInAs(t.app, 'admin');
    await admin.client.get('/api/admin/queue-status');
    await background(admin.client, '/api/admin/queue-status');
    expect(await reads(t, admin.id, 'queue_status')).toBe(1);
    await admin.client.get('/api/admin/queue-status');
    expect(await reads(t, admin.id, 'queue_status')).toBe(2);
  });
});

describe('two nodes linked through Redis', () => {
  let redis: OwnRedis;
  let other: TestApp;
  let pair: TestApp;
  const unlinks: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    redis = await ownRedis();
    pair = await createTestApp();
    other = await createTestApp({ database: pair.database });
    for (const node of [pair, other]) unlinks.push(await linkCluster(node.app.ctx, redis.url));
    await waitingPatient(pair, 'Alan');
  });
  afterAll(async () => {
    for (const unlink of unlinks) await unlink();
    await other?.close();
    await pair?.close();
    await redis?.stop();
  });

  it("recognises on one node the other's audited read", async () => {
    const doctor = await signedInAs(pair.app, 'doctor');
    const onOther = new Client(other.app);
    onOther.cookie = doctor.client.cookie;

    await doctor.client.get('/api/doctor/queue');
    expect((await background(onOther, '/api/doctor/queue')).statusCode).toBe(200);
    expect(await reads(pair, doctor.id, 'doctor_queue')).toBe(1);

    await waitingPatient(pair, 'Barbara');
    other.app.ctx.queue.invalidate();
    await background(onOther, '/api/doctor/queue');
    expect(await reads(pair, doctor.id, 'doctor_queue')).toBe(2);
    await background(doctor.client, '/api/doctor/queue');
    expect(await reads(pair, doctor.id, 'doctor_queue')).toBe(2);
  });
});
