import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDrafts } from '../../db/schema/index.js';
import { signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../../test/patients.js';

// The wizard's draft on the server (issue 11): saved as the patient types, resumed on reload
// or another device, private to its patient, gone once the application is submitted.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DRAFT = {
  type: 'new',
  needsCaregiver: true,
  caregiverFirstName: 'Sam',
  caregiverLastName: '',
  caregiverPhone: '(405) 55',
  physicianNotes: 'Pain after surgery in 2019',
  medicalConditions: [
    { icdCode: 'G89.29', description: 'Chronic pain' },
    { icdCode: null, description: 'Insom' },
  ],
};

describe('/api/applications/draft', () => {
  it('is null before anything is typed, then round-trips what was saved', async () => {
    const patient = await registerPatient(t.app);
    const empty = await patient.client.get('/api/applications/draft');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();

    const saved = await patient.client.put('/api/applications/draft', DRAFT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: DRAFT, updatedAt: expect.any(String) });

    // A second save replaces the first: one draft per patient.
    const next = { ...DRAFT, physicianNotes: 'Pain after surgery in 2019 and 2021' };
    await patient.client.put('/api/applications/draft', next);
    const read = await patient.client.get('/api/applications/draft');
    expect(read.json()).toEqual({ data: next, updatedAt: expect.any(String) });
    const rows = (await t.app.ctx.db.select().from(applicationDrafts)).filter(
      (r) => r.patientId === patient.patientId,
    );
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an unknown field', { ...DRAFT, ssn: '123-45-6789' }],
    ['notes too long', { physicianNotes: 'x'.repeat(2001) }],
    ['an unknown type', { type: 'forever' }],
    ['too many conditions', { medicalConditions: Array(21).fill({ description: 'Pain' }) }],
    ['a condition too long', { medicalConditions: [{ description: 'x'.repeat(301) }] }],
    ['not an object', ['Chronic pain']],
  ])('refuses %s with 400 and keeps the saved draft', async (_label, body) => {
    const patient = await registerPatient(t.app);
    await patient.client.put('/api/applications/draft', DRAFT);
    const res = await patient.client.put('/api/applications/draft', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect((await patient.client.get('/api/applications/draft')).json().data).toEqual(DRAFT);
  });

  it('is the patient’s own: another patient sees none of it, staff are refused', async () => {
    const owner = await registerPatient(t.app);
    await owner.client.put('/api/applications/draft', DRAFT);
    const other = await registerPatient(t.app);
    expect((await other.client.get('/api/applications/draft')).json()).toBeNull();
    // Another patient's save writes their own draft, never the owner's.
    await other.client.put('/api/applications/draft', { physicianNotes: 'mine' });
    expect((await owner.client.get('/api/applications/draft')).json().data).toEqual(DRAFT);
    const doctor = await signedInAs(t.app, 'doctor');
    expect((await doctor.client.get('/api/applications/draft')).statusCode).toBe(403);
    expect((await doctor.client.put('/api/applications/draft', DRAFT)).statusCode).toBe(403);
  });

  it('is deleted when the application is submitted', async () => {
    const patient = await registerPatient(t.app);
    await patient.client.put('/api/applications/draft', DRAFT);
    const submitted = await patient.client.post('/api/applications', {
      type: 'new',
      physicianNotes: DRAFT.physicianNotes,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await patient.client.get('/api/applications/draft')).json()).toBeNull();
  });
});
