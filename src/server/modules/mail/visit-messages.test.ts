import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPayment, PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { intakeDonePatient, queuedPatient } from '../../test/journey-patients.js';
import { approveRequiredDocuments } from '../../test/patients.js';
import { linkTo, type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import { MAIL_PATHS } from './messages.js';

// The visit's transactional messages (issue 13) through the real flows and a real SMTP server:
// each arrives once per event, carries no patient data beyond the first name, and its link,
// followed by a patient who signs in, leads to what it announced. Queue reminders are in
// queue-reminders.test.ts, the payment's in payment-messages.test.ts.

let sink: SmtpSink;
let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    poolSize: 5,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(async () => {
  await t?.close();
  await sink.stop();
});

/** What the journey helpers register, and what no message may carry. */
const PATIENT_DATA = [
  'Collins', // last name
  '1985',
  '04/12',
  '1200 N Walker',
  '73103',
  'G89',
  'Chronic pain',
  'id.pdf',
  'bill.jpg',
  'photo.png',
  'physician-recommendation.pdf',
];

/** Sends what is due twice (a second run must find nothing), then the patient's messages. */
async function deliveredTo(email: string): Promise<ReceivedMail[]> {
  await t.app.ctx.mail.deliverDue();
  await t.app.ctx.mail.deliverDue();
  const got = sink.to(email);
  for (const mail of got) {
    const body = `${mail.subject}\n${mail.text}\n${mail.html}`;
    for (const secret of PATIENT_DATA) expect(body, mail.subject).not.toContain(secret);
    expect(mail.text).toContain('Hello Jamie,');
  }
  return got;
}

const withSubject = (mails: ReceivedMail[], part: string) =>
  mails.filter((m) => m.subject.includes(part));

/** The patient arrives from the message's link signed out, and signs in (a fresh browser). */
async function signInFromLink(email: string): Promise<Client> {
  const client = new Client(t.app);
  expect((await client.get('/api/patient/journey')).statusCode).toBe(401);
  const login = await client.post('/api/login', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

async function endedConsultation(queueId: string): Promise<string> {
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
  expect(end.statusCode, end.body).toBe(200);
  return start.json().consultation.id;
}

describe('your physician is ready', () => {
  it('links to the call room, where the signed-in patient gets a join token; once per call', async () => {
    const patient = await queuedPatient(t.app);
    const start = await doctor.client.post('/api/admin/start-video-call', {
      queueId: patient.queueId,
    });
    expect(start.statusCode, start.body).toBe(200);
    const { roomId } = start.json();
    // Starting again is refused, and queues nothing.
    const twice = await doctor.client.post('/api/admin/start-video-call', {
      queueId: patient.queueId,
    });
    expect(twice.statusCode).toBe(409);

    const ready = withSubject(await deliveredTo(patient.email), 'ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.subject).toBe('Your physician is ready — join now');
    const link = linkTo(ready[0]!, MAIL_PATHS.visit);
    expect(link.searchParams.get('session')).toBe(roomId);

    const client = await signInFromLink(patient.email);
    const token = await client.post('/api/video/token', {
      roomId: link.searchParams.get('session'),
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().room).toMatchObject({ id: roomId, isHost: false });
  });

  it('is not sent for a consultation started without a call room', async () => {
    const patient = await queuedPatient(t.app);
    const start = await doctor.client.post('/api/admin/start-consultation', {
      queueId: patient.queueId,
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(withSubject(await deliveredTo(patient.email), 'ready')).toEqual([]);
  });
});

describe('the decision', () => {
  it('approved: sign in to download; the link leads to the recommendation PDF', async () => {
    const patient = await queuedPatient(t.app);
    const consultationId = await endedConsultation(patient.queueId);
    await approveRequiredDocuments(t.app, consultationId);
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const repeat = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(repeat.statusCode).toBe(409);

    const decided = withSubject(await deliveredTo(patient.email), 'recommendation is ready');
    expect(decided).toHaveLength(1);
    expect(decided[0]!.text).toContain('Sign in to download your recommendation');
    linkTo(decided[0]!, MAIL_PATHS.patientDashboard);

    const client = await signInFromLink(patient.email);
    const { decision } = (await client.get('/api/patient/journey')).json();
    expect(decision).toMatchObject({ outcome: 'approved' });
    const pdf = await client.get(`/api/patient/documents/${decision.documentId}/view`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('not approved: sign in to read why, with the hold released; the reason stays in the portal', async () => {
    const patient = await queuedPatient(t.app);
    const consultationId = await endedConsultation(patient.queueId);
    const reason = 'Your records do not show a qualifying condition yet';
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: false,
      reason,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);

    const decided = withSubject(await deliveredTo(patient.email), 'decision');
    expect(decided).toHaveLength(1);
    const [mail] = decided;
    expect(mail!.text).toContain('it was not approved this time');
    expect(mail!.text).toContain('the hold on your card for the fee has been released');
    expect(`${mail!.text}${mail!.html}`).not.toContain(reason);
    linkTo(mail!, MAIL_PATHS.patientDashboard);

    const client = await signInFromLink(patient.email);
    const { decision } = (await client.get('/api/patient/journey')).json();
    expect(decision).toMatchObject({ outcome: 'not_approved', reason });
  });
});

describe('a document rejected', () => {
  it('asks to sign in and replace it; the documents page shows which, once per document', async () => {
    const patient = await intakeDonePatient(t.app);
    const admin = await signedInAs(t.app, 'admin');
    const photo = patient.documents.photo;
    for (const note of ['Your face is not visible', 'Still not visible']) {
      const review = await admin.client.post(`/api/admin/documents/${photo}/review`, {
        status: 'rejected',
        note,
      });
      expect(review.statusCode, review.body).toBe(200);
    }
    // An accepted document sends nothing.
    const accepted = await admin.client.post(
      `/api/admin/documents/${patient.documents.government_id}/review`,
      { status: 'approved' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const rejected = withSubject(await deliveredTo(patient.email), 'replace a document');
    expect(rejected).toHaveLength(1);
    expect(`${rejected[0]!.text}${rejected[0]!.html}`).not.toContain('not visible');
    linkTo(rejected[0]!, MAIL_PATHS.documents);
    expect(withSubject(sink.to(patient.email), 'replace a document')).toHaveLength(1);

    const client = await signInFromLink(patient.email);
    const docs = await client.get('/api/patient/documents');
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: photo, status: 'rejected', reviewNote: 'Still not visible' }),
      ]),
    );
  });
});

describe('patients who turned the queue reminders off', () => {
  it('still get every transactional message', async () => {
    const patient = await intakeDonePatient(t.app);
    const off = await patient.client.put('/api/patient/notifications', { queueReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    const paid = await patient.client.post('/api/process-payment', goodPayment());
    expect(paid.statusCode, paid.body).toBe(200);
    const start = await doctor.client.post('/api/admin/start-video-call', {
      queueId: paid.json().queue.id,
    });
    expect(start.statusCode, start.body).toBe(200);
    const subjects = (await deliveredTo(patient.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Confirm your email address for OKMMJ Telehealth',
      'Your OKMMJ Telehealth fee is held on your card, not charged yet',
      'Your physician is ready — join now',
    ]);
  });
});
