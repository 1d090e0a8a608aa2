import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, queueEntries, users } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import type { Client } from '../../test/harness.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';
import { ASSIGNED_ELSEWHERE } from './ownership.js';

// Consultation ownership (issue 10, defect 10): the assigned physician admits, starts and ends;
// another doctor gets 403 and so never opens the record; doctor admins keep recording
// outcomes (ruling 3); a doctor admin, admin or master admin reassigns with an audit row.

let t: TestApp;
type Staff = { client: Client; id: string };
let first: Staff;
let second: Staff;
let doctorAdmin: Staff;

beforeAll(async () => {
  t = await createTestApp();
  first = await signedInAs(t.app, 'doctor');
  second = await signedInAs(t.app, 'doctor');
  doctorAdmin = await signedInAs(t.app, 'doctor_admin');
});
afterAll(() => t.close());

const entryOf = async (queueId: string) =>
  (await t.app.ctx.db.select().from(queueEntries).where(eq(queueEntries.id, queueId)))[0]!;
const recordOf = (doctor: Staff, patient: PaidPatient) =>
  doctor.client.get(`/api/admin/patients/${patient.patientId}/record`);
const forbidden = { message: ASSIGNED_ELSEWHERE, code: 'FORBIDDEN' };

/** A paid patient admitted by `doctor` (no meeting named: to the doctor admitting). */
async function admittedBy(doctor: Staff) {
  const patient = await paidPatient(t.app);
  const res = await doctor.client.post('/api/admin/admit-patient', { queueId: patient.queue.id });
  expect(res.statusCode, res.body).toBe(200);
  return patient;
}

describe('another doctor', () => {
  it('cannot start, take over or reject a patient the first doctor admitted, nor open the record', async () => {
    const patient = await admittedBy(first);
    const queueId = patient.queue.id;
    for (const path of ['/api/admin/start-consultation', '/api/admin/start-video-call']) {
      const res = await second.client.post(path, { queueId });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await second.client.post(`/api/consultations/start/${queueId}`)).statusCode).toBe(403);
    expect(
      (
        await second.client.post('/api/admin/reject-patient', {
          queueId,
          reason: 'Not my patient to remove',
        })
      ).json(),
    ).toEqual(forbidden);
    expect(await entryOf(queueId)).toMatchObject({ status: 'admitted', doctorId: first.id });
    expect((await recordOf(second, patient)).statusCode).toBe(404);

    // The assigned physician goes ahead.
    expect((await first.client.post('/api/admin/start-video-call', { queueId })).statusCode).toBe(
      200,
    );
    expect((await recordOf(first, patient)).statusCode).toBe(200);
    expect((await recordOf(second, patient)).statusCode).toBe(404);
  });

  it("cannot end the first doctor's live consultation; the first doctor can", async () => {
    const patient = await admittedBy(first);
    const queueId = patient.queue.id;
    expect((await first.client.post('/api/admin/start-consultation', { queueId })).statusCode).toBe(
      200,
    );
    const res = await second.client.post('/api/admin/end-consultation', { queueId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    expect((await entryOf(queueId)).status).toBe('in_consultation');
    expect((await first.client.post('/api/admin/end-consultation', { queueId })).statusCode).toBe(
      200,
    );
  });

  it('cannot record the outcome; a doctor admin still can (ruling 3)', async () => {
    const patient = await admittedBy(first);
    const queueId = patient.queue.id;
    const started = await first.client.post('/api/admin/start-consultation', { queueId });
    const consultationId: string = started.json().consultation.id;
    await first.client.post('/api/admin/end-consultation', { queueId });
    const outcome = { approved: false, reason: 'Condition not documented' };
    const url = `/api/admin/consultations/${consultationId}/outcome`;
    expect((await second.client.post(url, outcome)).statusCode).toBe(404);
    expect((await doctorAdmin.client.post(url, outcome)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/reassign-patient', () => {
  it('moves an admitted patient to another doctor, with an audit row; ownership follows', async () => {
    const patient = await admittedBy(first);
    const queueId = patient.queue.id;
    const res = await doctorAdmin.client.post('/api/admin/reassign-patient', {
      queueId,
      doctorId: second.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Patient reassigned',
      entry: { id: queueId, status: 'admitted' },
    });
    expect(await entryOf(queueId)).toMatchObject({ doctorId: second.id, meetingId: null });
    const rows = (await auditRows(t.app, { targetId: queueId })).filter(
      (r) => r.action === 'queue.reassign',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: doctorAdmin.id,
      actorRole: 'doctor_admin',
      targetType: 'queue_entry',
      details: { fromDoctorId: first.id, toDoctorId: second.id, status: 'admitted' },
    });

    // The second doctor's meeting lists the patient now.
    const meetings = (await second.client.get('/api/admin/meetings')).json() as {
      doctor: { id: string };
      waitingPatients: { id: string }[];
    }[];
    const mine = meetings.find((m) => m.doctor.id === second.id)!;
    expect(mine.waitingPatients.map((p) => p.id)).toContain(queueId);
    const theirs = meetings.find((m) => m.doctor.id === first.id)!;
    expect(theirs.waitingPatients.map((p) => p.id)).not.toContain(queueId);

    expect((await first.client.post('/api/admin/start-consultation', { queueId })).statusCode).toBe(
      403,
    );
    expect(
      (await second.client.post('/api/admin/start-consultation', { queueId })).statusCode,
    ).toBe(200);
  });

  it("assigns a waiting patient ahead: only that doctor's queue shows it and only they admit it", async () => {
    const admin = await signedInAs(t.app, 'admin');
    const patient = await paidPatient(t.app);
    const queueId = patient.queue.id;
    const res = await admin.client.post('/api/admin/reassign-patient', {
      queueId,
      doctorId: first.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entryOf(queueId)).toMatchObject({ status: 'waiting', doctorId: first.id });
    const ids = async (doctor: Staff) =>
      ((await doctor.client.get('/api/doctor/queue')).json() as { id: string }[]).map((e) => e.id);
    expect(await ids(second)).not.toContain(queueId);
    expect(await ids(first)).toContain(queueId);
    expect((await second.client.post('/api/admin/admit-patient', { queueId })).json()).toEqual(
      forbidden,
    );
    // Staff who admit but may not reassign cannot move the patient through another meeting.
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const meetings = (await assistant.client.get('/api/admin/meetings')).json() as {
      meetingId: string;
      doctor: { id: string };
    }[];
    const secondMeeting = meetings.find((m) => m.doctor.id === second.id)!.meetingId;
    const moved = await assistant.client.post(
      `/api/admin/meetings/${secondMeeting}/admit/${queueId}`,
    );
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual(forbidden);
    expect(await entryOf(queueId)).toMatchObject({ status: 'waiting', doctorId: first.id });
    expect((await first.client.post('/api/admin/admit-patient', { queueId })).statusCode).toBe(200);
  });

  it('refuses a target that is not an active doctor, and patients not waiting or admitted, changing nothing', async () => {
    const master = await signedInAs(t.app, 'master_admin');
    const gone = await signedInAs(t.app, 'doctor');
    await t.app.ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, gone.id));
    const patient = await admittedBy(first);
    const queueId = patient.queue.id;
    const reassign = (body: Record<string, unknown>) =>
      master.client.post('/api/admin/reassign-patient', body);
    const auditCount = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'queue.reassign'), eq(auditLog.targetId, queueId)))
      ).length;

    for (const doctorId of [gone.id, doctorAdmin.id, patient.userId, master.id]) {
      const res = await reassign({ queueId, doctorId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Choose an active doctor', code: 'BAD_REQUEST' });
    }
    expect((await reassign({ queueId, doctorId: first.id })).json()).toEqual({
      message: 'The patient is already assigned to this physician',
      code: 'CONFLICT',
    });
    expect((await reassign({ queueId, doctorId: 'x' })).statusCode).toBe(400);
    expect((await reassign({ queueId })).statusCode).toBe(400);
    const unknown = await reassign({ queueId: crypto.randomUUID(), doctorId: second.id });
    expect(unknown.statusCode).toBe(404);

    await first.client.post('/api/admin/start-consultation', { queueId });
    const live = await reassign({ queueId, doctorId: second.id });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('End the consultation before reassigning the patient');
    await first.client.post('/api/admin/end-consultation', { queueId });
    expect((await reassign({ queueId, doctorId: second.id })).statusCode).toBe(409);

    expect(await entryOf(queueId)).toMatchObject({ doctorId: first.id, status: 'completed' });
    expect(await auditCount()).toBe(0);
  });
});
