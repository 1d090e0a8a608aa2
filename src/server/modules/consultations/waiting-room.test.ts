import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queuedWithoutIntake } from '../../test/patients.js';

// Issue 12, honest figures: the Waiting Room page lists the clinic-wide line from
// GET /api/admin/waiting-room, which names the patients even when no doctor is on duty (when
// GET /api/admin/meetings has no meeting to list them under). Each read is audited (ruling 17). Who may read it
// is checked with every other route in permission-matrix.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/waiting-room', () => {
  it('lists every waiting patient by name and date of birth with no doctor on duty, audited', async () => {
    const first = await queuedWithoutIntake(t.app, { firstName: 'Avery', lastName: 'Quinn' });
    const second = await queuedWithoutIntake(t.app, { firstName: 'Blake', lastName: 'Moreno' });
    const assistant = await signedInAs(t.app, 'admin_assistant');

    // No doctor has signed in: there is no meeting, yet the line is there.
    expect((await assistant.client.get('/api/admin/meetings')).json()).toEqual([]);
    const before = (await auditRows(t.app, { actorId: assistant.id })).length;
    const res = await assistant.client.get('/api/admin/waiting-room');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().patients).toEqual([
      expect.objectContaining({
        applicationId: first.application.id,
        patientName: 'Avery Quinn',
        dateOfBirth: '1985-04-12',
        status: 'waiting',
        meetingId: null,
      }),
      expect.objectContaining({
        applicationId: second.application.id,
        patientName: 'Blake Moreno',
        status: 'waiting',
      }),
    ]);
    expect(res.json().patients[0].waitingTime).toBeGreaterThanOrEqual(0);
    const rows = (await auditRows(t.app, { actorId: assistant.id })).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'patient_data.read',
        targetType: 'waiting_room',
        details: { patients: 2 },
      }),
    ]);
  });
});
