import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../../test/patients.js';

// PUT /api/patient/notifications (issue 13): a patient turns the queue reminders off or on;
// /api/user carries the setting for the dashboard's switch. Bad input is a 400 that writes
// nothing; staff and signed-out callers are refused (also in patient-only.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedSetting = async (userId: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.queueReminders;

describe('PUT /api/patient/notifications', () => {
  it('turns the reminders off and on; /api/user shows it; each change is audited', async () => {
    const patient = await registerPatient(t.app);
    expect((await patient.client.get('/api/user')).json().queueReminders).toBe(true);

    const off = await patient.client.put('/api/patient/notifications', { queueReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ queueReminders: false });
    expect((await patient.client.get('/api/user')).json().queueReminders).toBe(false);
    expect(await storedSetting(patient.userId)).toBe(false);

    const on = await patient.client.put('/api/patient/notifications', { queueReminders: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await patient.client.get('/api/user')).json().queueReminders).toBe(true);

    const rows = (await auditRows(t.app, { actorId: patient.userId })).filter(
      (r) => r.action === 'patient.update_notifications',
    );
    expect(rows.map((r) => r.details)).toEqual([
      { queueReminders: false },
      { queueReminders: true },
    ]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const patient = await registerPatient(t.app);
    for (const payload of [{}, { queueReminders: 'no' }, { queueReminders: null }, [false]]) {
      const res = await patient.client.put('/api/patient/notifications', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const res = await patient.client.put('/api/patient/notifications', { queueReminders: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose on or off');
    expect(await storedSetting(patient.userId)).toBe(true);
    expect(
      (await auditRows(t.app, { actorId: patient.userId })).filter(
        (r) => r.action === 'patient.update_notifications',
      ),
    ).toEqual([]);
  });

  it('is 401 signed out and 403 for staff', async () => {
    const signedOut = await new Client(t.app).put('/api/patient/notifications', {
      queueReminders: false,
    });
    expect(signedOut.statusCode).toBe(401);
    const staff = await signedInAs(t.app, 'master_admin');
    const refused = await staff.client.put('/api/patient/notifications', { queueReminders: false });
    expect(refused.statusCode).toBe(403);
    expect(await storedSetting(staff.id)).toBe(true);
  });
});
