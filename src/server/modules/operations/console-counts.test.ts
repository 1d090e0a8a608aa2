import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centerUpload, pdfBytes, TINY_PNG } from '../../test/files.js';
import { createUser, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { seedJourney } from '../../test/matrix/operations.js';
import { beginSeeing } from '../../test/matrix/staff-documents.js';
import { type PaidPatient, queuedWithoutIntake } from '../../test/patients.js';

// The staff console's badges (issue 12): each count matches its list, and a user who may not
// open that list gets null for it, never a number.

const PATH = '/api/admin/console-counts';
let t: TestApp;
let ada: PaidPatient;
let grace: PaidPatient;
let master: Client;
let doctor: { client: Client; id: string };

async function upload(patient: PaidPatient, name: string, category: string) {
  const file = name.endsWith('.png') ? TINY_PNG : pdfBytes(name);
  const res = await centerUpload(patient.client, { bytes: file, name }, { category });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const counts = async (client: Client) => {
  const res = await client.get(PATH);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  ada = await queuedWithoutIntake(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await queuedWithoutIntake(t.app, { firstName: 'Grace', lastName: 'Hopper' });
  await upload(ada, 'id.pdf', 'government_id');
  await upload(ada, 'records.pdf', 'medical_records');
  await upload(grace, 'face.png', 'photo');
  // An approved, ended consultation whose documents nobody has collected: one follow-up.
  const doctorId = (await createUser(t.app, 'doctor')).id;
  const hourAgo = new Date(Date.now() - 3_600_000);
  await seedJourney(t, {
    registeredAt: hourAgo,
    payment: { cents: 13_700, at: hourAgo },
    queue: { status: 'completed', joinedAt: hourAgo, doctorId },
    consultation: { doctorId, startedAt: hourAgo, endedAt: new Date(), outcome: 'approved' },
  });
  master = (await signedInAs(t.app, 'master_admin')).client;
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

describe('GET /api/admin/console-counts', () => {
  it('answers 401 signed out and 403 to a patient', async () => {
    expect((await new Client(t.app).get(PATH)).statusCode).toBe(401);
    const patient = await signedInAs(t.app, 'patient');
    const res = await patient.client.get(PATH);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this');
  });

  it('gives a master admin every count, matching the lists', async () => {
    expect(await counts(master)).toEqual({
      waiting: 2,
      followUp: 1,
      documentsToReview: 3,
      stateApplicationsDue: 0,
    });
    const docs = await master.get('/api/admin/patient-documents?status=pending');
    expect(docs.json()).toHaveLength(3);
    const tasks = await master.get('/api/admin/post-consultation-tasks');
    expect(tasks.json()).toHaveLength(1);
  });

  it('gives each role only the counts of the areas it may open', async () => {
    const as = async (role: Parameters<typeof signedInAs>[1]) =>
      counts((await signedInAs(t.app, role)).client);
    expect(await as('admin_assistant')).toEqual({
      waiting: 2,
      followUp: 1,
      documentsToReview: 3,
      stateApplicationsDue: 0,
    });
    expect(await as('operations_admin')).toEqual({
      waiting: 2,
      followUp: null,
      documentsToReview: 3,
      stateApplicationsDue: 0,
    });
    expect(await as('doctor_admin')).toEqual({
      waiting: null,
      followUp: null,
      documentsToReview: null,
      // The State Applications desk is document staff's: no doctors (issue 22).
      stateApplicationsDue: null,
    });
    // A doctor seeing nobody yet: the line, and no documents to review.
    expect(await counts(doctor.client)).toEqual({
      waiting: 2,
      followUp: null,
      documentsToReview: 0,
      stateApplicationsDue: null,
    });
  });

  it('moves as patients are seen and documents reviewed', async () => {
    await beginSeeing(t, doctor.id, ada);
    // Ada left the line; the doctor now counts Ada's two documents, not Grace's.
    expect(await counts(doctor.client)).toEqual({
      waiting: 1,
      followUp: null,
      documentsToReview: 2,
      stateApplicationsDue: null,
    });
    const [first] = (await master.get('/api/admin/patient-documents?status=pending')).json();
    const review = await master.post(`/api/admin/documents/${first.id}/review`, {
      status: 'approved',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await counts(master)).toMatchObject({ waiting: 1, documentsToReview: 2 });
  });
});
