import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntryView,
  type AuditPage,
} from '../../../shared/schemas/audit.js';
import { auditLog, users } from '../../db/schema/index.js';
import { auditRows, createUser, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient, type TestPatient } from '../../test/patients.js';

// The audit trail (issue 13): master admins read who did what to whose record, filtered,
// paged newest first, and export it as CSV; every read of patient data names its patients.

let t: TestApp;
let master: { client: Client; id: string };
let assistant: { client: Client; id: string };
let doctor: { client: Client; id: string };
let ada: TestPatient;
let grace: TestPatient;
/** A staff account whose rows this file writes directly, at chosen instants. */
let clerk: { id: string };

async function rename(id: string, firstName: string, lastName: string) {
  await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
}

async function trail(query: string, client = master.client): Promise<AuditPage> {
  const res = await client.get(`/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const countRows = async () => {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(auditLog);
  return row!.n;
};

beforeAll(async () => {
  t = await createTestApp();
  master = await signedInAs(t.app, 'master_admin');
  assistant = await signedInAs(t.app, 'admin_assistant');
  doctor = await signedInAs(t.app, 'doctor');
  await rename(master.id, 'Morgan', 'Chief');
  await rename(assistant.id, 'Rosa', 'Diaz');
  ada = await registerPatient(t.app, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1980-12-10',
  });
  grace = await registerPatient(t.app, {
    firstName: 'Grace',
    lastName: 'Hopper',
    dateOfBirth: '1976-12-09',
  });
  clerk = await createUser(t.app, 'operations_admin');
  await rename(clerk.id, '=HYPERLINK("http://evil.test","x")', 'Clerk, "Jr"');
}, 60_000);

afterAll(() => t?.close());

describe('audit rows name the patients they concern', () => {
  it('a record read carries the patient', async () => {
    const res = await assistant.client.get(`/api/admin/patients/${ada.patientId}/record`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await auditRows(t.app, { actorId: assistant.id })).filter(
      (r) => r.action === 'patient_record.read',
    );
    expect(row?.patientIds).toEqual([ada.userId]);
  });

  it('a list read records every patient shown', async () => {
    const res = await assistant.client.get('/api/admin/patients');
    expect(res.statusCode, res.body).toBe(200);
    const shown: { id: string }[] = res.json();
    const row = (await auditRows(t.app, { actorId: assistant.id })).findLast(
      (r) => r.targetType === 'patients',
    );
    expect(row?.patientIds).toHaveLength(shown.length);
    expect(row?.patientIds).toEqual(expect.arrayContaining([ada.userId, grace.userId]));
  });

  it("a patient's own change carries their own id", async () => {
    const row = (await auditRows(t.app, { actorId: ada.userId })).find(
      (r) => r.action === 'auth.register',
    );
    expect(row?.patientIds).toEqual([ada.userId]);
  });
});

describe('GET /api/admin/audit', () => {
  it("answers who read this patient's record, in plain words", async () => {
    const page = await trail(`?patientId=${ada.userId}`);
    expect(page.patient).toEqual({
      id: ada.userId,
      name: 'Ada Lovelace',
      dateOfBirth: '1980-12-10',
    });
    expect(page.entries.length).toBeGreaterThan(0);
    for (const e of page.entries) expect(e.patients.map((p) => p.id)).toContain(ada.userId);
    const read = page.entries.find((e) => e.action === 'patient_record.read');
    expect(read).toMatchObject({
      actor: { id: assistant.id, name: 'Rosa Diaz', roleLabel: 'Administrative Assistant' },
      what: "Opened a patient's record",
      outcomeWords: 'Done',
      target: { type: 'patient', label: 'Patient record: Ada Lovelace' },
      patients: [{ id: ada.userId, name: 'Ada Lovelace', dateOfBirth: '1980-12-10' }],
    });
    expect(read!.ip).toBeTruthy();
    // Grace was not read on her own: her record read is not in Ada's trail.
    expect(page.entries.some((e) => e.patients.every((p) => p.id === grace.userId))).toBe(false);
  });

  it('filters by actor and by action', async () => {
    const byActor = await trail(`?actorId=${assistant.id}`);
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e) => e.actor?.id === assistant.id)).toBe(true);

    const byAction = await trail('?action=patient_record.read');
    expect(byAction.total).toBeGreaterThan(0);
    expect(byAction.entries.every((e) => e.action === 'patient_record.read')).toBe(true);
  });

  it('filters by whole clinic days, both ends included, and pages newest first', async () => {
    // America/Chicago: 2024-03-09 23:30 CST is 2024-03-10 05:30 UTC.
    const at = (iso: string) => new Date(iso);
    const rows = [
      { at: at('2024-03-08T05:59:00Z'), n: 0 }, // Mar 7, 23:59 local: before the range
      { at: at('2024-03-08T06:00:00Z'), n: 1 }, // Mar 8, 00:00 local: first day
      { at: at('2024-03-10T05:30:00Z'), n: 2 }, // Mar 9, 23:30 local: last day
      { at: at('2024-03-10T06:00:00Z'), n: 3 }, // Mar 10, 00:00 local: after the range
    ];
    for (const r of rows)
      await t.app.ctx.db.insert(auditLog).values({
        at: r.at,
        actorId: clerk.id,
        actorRole: 'operations_admin',
        action: 'fees.update',
        targetType: 'fee_schedule',
        ip: '203.0.113.9',
        outcome: 'success',
        details: { n: r.n },
      });
    const page = await trail(`?actorId=${clerk.id}&from=2024-03-08&to=2024-03-09`);
    expect(page.total).toBe(2);
    expect(page.entries.map((e) => e.at)).toEqual([
      '2024-03-10T05:30:00.000Z',
      '2024-03-08T06:00:00.000Z',
    ]);

    // Thirty more, a minute apart: 25 on the first page, newest first, and the rest after.
    for (let i = 0; i < 30; i++)
      await t.app.ctx.db.insert(auditLog).values({
        at: new Date(Date.UTC(2024, 4, 1, 12, i)),
        actorId: clerk.id,
        actorRole: 'operations_admin',
        action: 'keyword.create',
        outcome: 'success',
      });
    const first = await trail(`?actorId=${clerk.id}&action=keyword.create`);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.entries).toHaveLength(25);
    const times = first.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe(new Date(Date.UTC(2024, 4, 1, 12, 29)).toISOString());
    const second = await trail(`?actorId=${clerk.id}&action=keyword.create&page=2`);
    expect(second.entries).toHaveLength(5);
    expect(second.entries.at(-1)!.at).toBe(new Date(Date.UTC(2024, 4, 1, 12, 0)).toISOString());
    const all = await trail(`?actorId=${clerk.id}&action=keyword.create&pageSize=50`);
    expect(all.entries).toHaveLength(30);
  });

  it('audits each read of the trail with its filters and the patients it showed', async () => {
    await trail(`?patientId=${grace.userId}&action=auth.register`);
    const row = (await auditRows(t.app, { actorId: master.id })).findLast(
      (r) => r.action === 'audit.viewed',
    );
    expect(row?.details).toMatchObject({
      filters: { patientId: grace.userId, action: 'auth.register' },
      page: 1,
      pageSize: 25,
      count: 1,
    });
    expect(row?.patientIds).toEqual([grace.userId]);
  });

  it.each([
    ['?action=patient.steal', 'Choose an action from the list'],
    ['?patientId=ada', 'Choose a patient from the list'],
    ['?actorId=123', 'Choose a person from the list'],
    ['?from=2024-02-30', 'From must be a date (YYYY-MM-DD)'],
    ['?to=yesterday', 'To must be a date (YYYY-MM-DD)'],
    ['?from=2024-03-10&to=2024-03-09', 'To must be on or after From'],
    ['?page=0', 'Page must be a whole number from 1'],
    ['?page=two', 'Page must be a whole number from 1'],
    ['?pageSize=1000', 'Page size must be 25, 50 or 100'],
  ])('refuses %s with a clear message and writes nothing', async (query, message) => {
    const before = await countRows();
    const res = await master.client.get(`/api/admin/audit${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await countRows()).toBe(before);
  });

  it.each([
    '/api/admin/audit',
    '/api/admin/audit/actors',
    '/api/admin/audit/patients?q=Ada',
    '/api/admin/audit/export.csv',
  ])('%s: other staff 403, a patient 403, signed out 401', async (url) => {
    expect((await assistant.client.get(url)).statusCode).toBe(403);
    expect((await doctor.client.get(url)).statusCode).toBe(403);
    expect((await ada.client.get(url)).statusCode).toBe(403);
    expect((await new Client(t.app).get(url)).statusCode).toBe(401);
  });

  it('an admin (master rights, ruling 2) reads it too', async () => {
    const admin = await signedInAs(t.app, 'admin');
    expect((await admin.client.get('/api/admin/audit')).statusCode).toBe(200);
  });
});

describe('the filter lists', () => {
  it('lists the staff who appear as actors, with their role', async () => {
    const res = await master.client.get('/api/admin/audit/actors');
    expect(res.statusCode).toBe(200);
    const { actors } = res.json() as { actors: { id: string; name: string; roleLabel: string }[] };
    expect(actors).toContainEqual({
      id: assistant.id,
      name: 'Rosa Diaz',
      role: 'admin_assistant',
      roleLabel: 'Administrative Assistant',
    });
    expect(actors.some((a) => a.id === ada.userId)).toBe(false);
  });

  it('finds patients by name with their date of birth, and audits the search', async () => {
    const res = await master.client.get('/api/admin/audit/patients?q=ada%20love');
    expect(res.statusCode).toBe(200);
    expect(res.json().patients).toEqual([
      { id: ada.userId, name: 'Ada Lovelace', dateOfBirth: '1980-12-10' },
    ]);
    const row = (await auditRows(t.app, { actorId: master.id })).findLast(
      (r) => r.targetType === 'audit_patient_search',
    );
    expect(row?.patientIds).toEqual([ada.userId]);
    expect(JSON.stringify(row?.details)).not.toContain('ada');

    const short = await master.client.get('/api/admin/audit/patients?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Type at least 2 letters of the name');
  });
});

describe('GET /api/admin/audit/export.csv', () => {
  it('downloads the filtered rows as CSV, formulas defused, and is itself audited', async () => {
    const res = await master.client.get(
      `/api/admin/audit/export.csv?actorId=${clerk.id}&action=fees.update`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-.*\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"When (clinic time)","When (UTC)","Who","Role","What","Action","Outcome","Address","Record","Record id","Patients","Patient ids"',
    );
    expect(lines).toHaveLength(1 + 4);
    // Newest first, on the clinic's clock, the name's formula made text and its quotes doubled.
    expect(lines[1]).toBe(
      [
        '"2024-03-10 00:00:00 CST"',
        '"2024-03-10T06:00:00.000Z"',
        `"'=HYPERLINK(""http://evil.test"",""x"") Clerk, ""Jr"""`,
        '"Operations Admin"',
        '"Changed the fee schedule"',
        '"fees.update"',
        '"Done"',
        '"203.0.113.9"',
        '"Fee schedule"',
        '""',
        '""',
        '""',
      ].join(','),
    );

    const row = (await auditRows(t.app, { actorId: master.id })).findLast(
      (r) => r.action === 'audit.exported',
    );
    expect(row).toMatchObject({
      targetType: 'audit_log',
      details: { filters: { actorId: clerk.id, action: 'fees.update' }, rows: 4 },
    });
  });

  it("exports a patient's reads with the patient named", async () => {
    const res = await master.client.get(
      `/api/admin/audit/export.csv?patientId=${ada.userId}&action=patient_record.read`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      '"Rosa Diaz","Administrative Assistant","Opened a patient\'s record"',
    );
    expect(lines[1]).toContain('"Ada Lovelace (born 1980-12-10)"');
    const row = (await auditRows(t.app, { actorId: master.id })).findLast(
      (r) => r.action === 'audit.exported',
    );
    expect(row?.patientIds).toEqual([ada.userId]);
  });

  it('refuses an export past its bound, saying how to narrow it, and writes nothing', async () => {
    const busy = randomUUID();
    await t.app.ctx.db.execute(
      sql`insert into audit_log (actor_id, actor_role, action, outcome)
          select ${busy}::uuid, 'admin_assistant', 'transcription.list', 'success'
          from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1})`,
    );
    const before = await countRows();
    const res = await master.client.get(`/api/admin/audit/export.csv?actorId=${busy}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The export holds at most 10,000 rows and these filters match 10,001: narrow the dates or choose a person, patient or action',
    );
    expect(await countRows()).toBe(before);
  });

  it('refuses bad filters with a message and writes nothing', async () => {
    const before = await countRows();
    const res = await master.client.get(
      '/api/admin/audit/export.csv?from=2024-03-10&to=2024-01-01',
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('To must be on or after From');
    expect(await countRows()).toBe(before);
  });
});

describe('entries describe their record', () => {
  it('names the account a staff change was about', async () => {
    await t.app.ctx.db.insert(auditLog).values({
      actorId: master.id,
      actorRole: 'master_admin',
      action: 'user.update_role',
      targetType: 'user',
      targetId: assistant.id,
      outcome: 'success',
    });
    const page = await trail(`?actorId=${master.id}&action=user.update_role`);
    const entry: AuditEntryView = page.entries[0]!;
    expect(entry.target?.label).toBe('Account: Rosa Diaz');
    expect(entry.what).toBe("Changed a staff member's role");
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, master.id), eq(auditLog.action, 'user.update_role')));
    expect(rows).toHaveLength(1);
  });
});
