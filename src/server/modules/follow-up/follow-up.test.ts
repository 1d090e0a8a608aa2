import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applications,
  consultations,
  followUpTasks,
  patientProfiles,
} from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approveRequiredDocuments, paidPatient } from '../../test/patients.js';

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
let assistant: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
  assistant = await signedInAs(t.app, 'admin_assistant'); // holds post_consultation
});
afterAll(() => t.close());

/** A consultation through the HTTP lifecycle: started and ended by the doctor, with an outcome. */
async function consultation(opts: { outcome?: 'approved' | 'not_approved' | null; end?: boolean }) {
  const patient = await paidPatient(t.app);
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: patient.queue.id,
  });
  expect(start.statusCode, start.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  if (opts.end !== false) {
    const end = await doctor.client.post('/api/admin/end-consultation', {
      queueId: patient.queue.id,
    });
    expect(end.statusCode, end.body).toBe(200);
  }
  const outcome = opts.outcome === undefined ? 'approved' : opts.outcome;
  if (outcome === 'approved') await approveRequiredDocuments(t.app, consultationId);
  if (outcome) {
    const res = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: outcome === 'approved',
      ...(outcome === 'approved'
        ? { identityVerified: true }
        : { reason: 'Condition not documented' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { patient, consultationId, applicationId: patient.application.id };
}

const endedAt = async (id: string) =>
  (await t.app.ctx.db.select().from(consultations).where(eq(consultations.id, id)))[0]!.endedAt!;
const tasksOf = (applicationId: string) =>
  t.app.ctx.db.select().from(followUpTasks).where(eq(followUpTasks.applicationId, applicationId));
const statusOf = async (applicationId: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!
    .status;
const lastAudit = async (actorId: string) => (await auditRows(t.app, { actorId })).at(-1)!;

type Row = { id: string; consultationId?: string };
const byId = (list: Row[], id: string) => list.find((r) => r.id === id);

const NOT_APPROVED_YET = 'Documents are collected once the recommendation is approved';
const ALREADY_COLLECTED = 'Documents have already been collected for this application';

describe('GET /api/admin/consultation-statuses', () => {
  it('lists ended consultations of the last 30 days with contact details, newest first, audited', async () => {
    const first = await consultation({});
    await t.app.ctx.db
      .update(patientProfiles)
      .set({ phone: '405-555-0100' })
      .where(eq(patientProfiles.id, first.patient.patientId));
    const refused = await consultation({ outcome: 'not_approved' });
    const ongoing = await consultation({ outcome: null, end: false });
    const old = await consultation({});
    await t.app.ctx.db
      .update(consultations)
      .set({ endedAt: sql`now() - interval '31 days'` })
      .where(eq(consultations.id, old.consultationId));

    const res = await assistant.client.get('/api/admin/consultation-statuses');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json();
    expect(byId(list, first.consultationId)).toEqual({
      id: first.consultationId,
      patientName: 'Jamie Collins',
      dateOfBirth: '1985-04-12',
      applicationId: first.applicationId,
      applicationStatus: 'approved',
      consultationStatus: 'completed',
      consultationCompletedAt: (await endedAt(first.consultationId)).toISOString(),
      patientEmail: first.patient.email,
      patientPhone: '405-555-0100',
      outcome: 'approved',
      doctorName: 'Dr. Test doctor',
      taskId: null,
    });
    expect(byId(list, refused.consultationId)).toMatchObject({
      applicationStatus: 'rejected',
      consultationStatus: 'completed',
      outcome: 'not_approved',
      patientPhone: null,
    });
    // Not ended yet, or ended too long ago: not listed.
    expect(byId(list, ongoing.consultationId)).toBeUndefined();
    expect(byId(list, old.consultationId)).toBeUndefined();
    // Newest first.
    const ids = list.map((r: Row) => r.id);
    expect(ids.indexOf(refused.consultationId)).toBeLessThan(ids.indexOf(first.consultationId));
    const times = list.map((r: { consultationCompletedAt: string }) => r.consultationCompletedAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'patient_data.read',
      targetType: 'consultation_statuses',
      outcome: 'success',
      details: { count: list.length },
    });
  });

  it('is closed to staff without post_consultation and to doctors', async () => {
    const ops = await signedInAs(t.app, 'operations_admin');
    for (const client of [ops.client, doctor.client]) {
      const res = await client.get('/api/admin/consultation-statuses');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have access to this', code: 'FORBIDDEN' });
    }
  });
});

describe('document collection', () => {
  it('initiates once, marks the documents collected, completes the task and tells the patient', async () => {
    const seen = await consultation({});
    const other = await consultation({});

    // The consultation must belong to the application and have ended.
    const wrong = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: other.applicationId,
      consultationId: seen.consultationId,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      message: 'No completed consultation of this application was found',
      code: 'NOT_FOUND',
    });
    const bad = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: 'nope',
      consultationId: seen.consultationId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Application not found');
    expect(await tasksOf(seen.applicationId)).toEqual([]);

    const started = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: seen.applicationId,
      consultationId: seen.consultationId,
    });
    expect(started.statusCode, started.body).toBe(201);
    const [task] = await tasksOf(seen.applicationId);
    expect(task).toMatchObject({
      consultationId: seen.consultationId,
      status: 'open',
      createdBy: assistant.id,
      completedAt: null,
    });
    expect(started.json()).toEqual({
      message: 'Document collection started',
      task: {
        id: task!.id,
        consultationId: seen.consultationId,
        applicationId: seen.applicationId,
        status: 'open',
        createdAt: task!.createdAt.toISOString(),
        completedAt: null,
      },
    });
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'follow_up.initiate',
      targetType: 'follow_up_task',
      targetId: task!.id,
    });

    const again = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: seen.applicationId,
      consultationId: seen.consultationId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Document collection has already been started');
    expect(await tasksOf(seen.applicationId)).toHaveLength(1);

    const statuses = (await assistant.client.get('/api/admin/consultation-statuses')).json();
    expect(byId(statuses, seen.consultationId)).toMatchObject({
      consultationStatus: 'collecting',
      taskId: task!.id,
    });
    const tasks = (await assistant.client.get('/api/admin/post-consultation-tasks')).json();
    expect(byId(tasks, task!.id)).toMatchObject({
      consultationId: seen.consultationId,
      status: 'open',
    });

    // Ruling 3: no other status is open to a client.
    for (const payload of [
      { status: 'approved' },
      { status: 'rejected' },
      {},
      { status: 7 },
      undefined,
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${seen.applicationId}/status`,
        headers: { cookie: assistant.client.cookie! },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Only documents_collected can be set here');
    }
    expect(await statusOf(seen.applicationId)).toBe('approved');
    expect((await tasksOf(seen.applicationId))[0]!.status).toBe('open');

    const live = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${seen.applicationId}/status`,
        headers: { cookie: assistant.client.cookie! },
        payload: { status: 'documents_collected' },
      });
    const done = await patch();
    expect(done.statusCode, done.body).toBe(200);
    const [completed] = await tasksOf(seen.applicationId);
    expect(completed).toMatchObject({ status: 'completed', completedBy: assistant.id });
    expect(done.json()).toEqual({
      message: 'Status Updated',
      application: { id: seen.applicationId, status: 'documents_collected' },
      task: {
        id: task!.id,
        consultationId: seen.consultationId,
        applicationId: seen.applicationId,
        status: 'completed',
        createdAt: task!.createdAt.toISOString(),
        completedAt: completed!.completedAt!.toISOString(),
      },
    });
    expect(await statusOf(seen.applicationId)).toBe('documents_collected');
    expect(live).toHaveBeenCalledWith(seen.patient.userId, 'application-update', {
      applicationId: seen.applicationId,
      status: 'documents_collected',
    });
    live.mockRestore();
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'application.documents_collected',
      targetType: 'application',
      targetId: seen.applicationId,
      details: { taskId: task!.id },
    });
    const [application] = (await seen.patient.client.get('/api/applications')).json();
    expect(application.status).toBe('documents_collected');

    // Collected today: still on the Post-Consultation tab; no longer a task.
    expect(
      byId(
        (await assistant.client.get('/api/admin/consultation-statuses')).json(),
        seen.consultationId,
      ),
    ).toMatchObject({
      consultationStatus: 'documents_collected',
      applicationStatus: 'documents_collected',
    });
    const after = (await assistant.client.get('/api/admin/post-consultation-tasks')).json();
    expect(after.find((r: Row) => r.consultationId === seen.consultationId)).toBeUndefined();

    const twice = await patch();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_COLLECTED);
    const restart = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: seen.applicationId,
      consultationId: seen.consultationId,
    });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe(ALREADY_COLLECTED);
  });

  it('refuses collection before an approval and names what is missing', async () => {
    const refused = await consultation({ outcome: 'not_approved' });
    const undecided = await consultation({ outcome: null });
    const ongoing = await consultation({ outcome: null, end: false });
    const patch = (applicationId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${applicationId}/status`,
        headers: { cookie: assistant.client.cookie! },
        payload: { status: 'documents_collected' },
      });
    for (const c of [refused, undecided]) {
      const res = await patch(c.applicationId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: NOT_APPROVED_YET, code: 'CONFLICT' });
      const start = await assistant.client.post('/api/admin/initiate-document-collection', {
        applicationId: c.applicationId,
        consultationId: c.consultationId,
      });
      expect(start.statusCode).toBe(409);
      expect(start.json().message).toBe(NOT_APPROVED_YET);
      expect(await tasksOf(c.applicationId)).toEqual([]);
    }
    expect(await statusOf(refused.applicationId)).toBe('rejected');
    expect(await statusOf(undecided.applicationId)).toBe('in_review');

    const notEnded = await assistant.client.post('/api/admin/initiate-document-collection', {
      applicationId: ongoing.applicationId,
      consultationId: ongoing.consultationId,
    });
    expect(notEnded.statusCode).toBe(404);
    expect(await tasksOf(ongoing.applicationId)).toEqual([]);

    const missing = await patch('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Application not found', code: 'NOT_FOUND' });
  });

  it('records who collected the documents when nobody initiated the collection', async () => {
    const c = await consultation({});
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/applications/${c.applicationId.toUpperCase()}/status`,
      headers: { cookie: assistant.client.cookie! },
      payload: { status: 'documents_collected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [task] = await tasksOf(c.applicationId);
    expect(task).toMatchObject({
      consultationId: c.consultationId,
      status: 'completed',
      createdBy: assistant.id,
      completedBy: assistant.id,
    });
    expect(res.json().task).toMatchObject({ id: task!.id, status: 'completed' });
  });

  it('gives one task and clear conflicts when ten staff initiate at once', async () => {
    const c = await consultation({});
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        assistant.client.post('/api/admin/initiate-document-collection', {
          applicationId: c.applicationId,
          consultationId: c.consultationId,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(9);
    const [row] = await t.app.ctx.db
      .select({ n: count() })
      .from(followUpTasks)
      .where(eq(followUpTasks.consultationId, c.consultationId));
    expect(row!.n).toBe(1);
  });
});

describe('GET /api/admin/post-consultation-tasks', () => {
  it('lists open tasks and approved consultations awaiting collection, with transcription availability', async () => {
    const awaiting = await consultation({});
    const refused = await consultation({ outcome: 'not_approved' });
    const res = await assistant.client.get('/api/admin/post-consultation-tasks');
    expect(res.statusCode).toBe(200);
    const row = byId(res.json(), awaiting.consultationId);
    expect(row).toEqual({
      id: awaiting.consultationId,
      patientName: 'Jamie Collins',
      dateOfBirth: '1985-04-12',
      doctorName: 'Dr. Test doctor',
      completedAt: (await endedAt(awaiting.consultationId)).toISOString(),
      transcriptionAvailable: false,
      applicationId: awaiting.applicationId,
      consultationId: awaiting.consultationId,
      status: 'pending',
    });
    expect(
      res.json().find((r: Row) => r.consultationId === refused.consultationId),
    ).toBeUndefined();
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'patient_data.read',
      targetType: 'post_consultation_tasks',
      details: { count: res.json().length },
    });

    const stored = await assistant.client.post('/api/admin/process-transcription', {
      consultationId: awaiting.consultationId,
      rawTranscript: 'Doctor: Hello.',
      summary: 'Short visit.',
      notes: 'Nothing further.',
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const again = (await assistant.client.get('/api/admin/post-consultation-tasks')).json();
    expect(byId(again, awaiting.consultationId)).toMatchObject({ transcriptionAvailable: true });
  });
});
