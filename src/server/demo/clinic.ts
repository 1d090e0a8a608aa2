import { QUALIFYING_CONDITIONS } from '../../shared/icd-codes.js';
import { findActiveUserByEmail } from '../modules/users/queries.js';
import { DEMO_PASSWORD } from './accounts.js';
import { type DemoApp, DemoClient, DemoSeedError, uploadForm } from './api.js';
import { DEMO_JPEG, DEMO_PNG, demoPdf } from './files.js';
import { settleTimeline } from './history.js';
import { DEMO_PATIENTS, type DemoPatient } from './people.js';
import { DEMO_KEYWORDS, DENIAL_REASON, demoTranscript, REJECTION_NOTE } from './transcripts.js';

// A clinic in motion (SEED_DEMO=clinic, `npm run demo`): patients at every step of the
// journey, made the way they would be in the browser, through the API (api.ts). A patient
// whose account exists is skipped, so a second start adds nothing.

export const DEMO_NEEDS_SIMULATOR =
  'The demo clinic pays with the payment simulator: unset PAYMENT_PROVIDER or set it to simulator';

const DOCTOR = { email: 'doctor@demo.test', name: 'Dr. Grace Whitfield' };
const STAFF = 'master@demo.test';

type Staff = { master: DemoClient; doctor: DemoClient };
type Intake = { applicationId: string; documentIds: Record<'id' | 'residency' | 'photo', string> };

const FINISHED = new Set(['approved', 'collecting', 'documents_collected', 'denied']);
/** Steps after the fee: the patient pays and joins the line with the dispensary statement. */
const PAID = new Set([...FINISHED, 'waiting', 'in_consultation']);

async function register(app: DemoApp, p: DemoPatient, n: number): Promise<DemoClient> {
  const client = new DemoClient(app, `203.0.113.${10 + n}`);
  await client.post('/api/register', {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    dateOfBirth: p.dateOfBirth,
    phone: p.phone,
    address: p.address,
    city: p.city,
    state: 'OK',
    zipCode: p.zipCode,
  });
  return client;
}

const conditionOf = (p: DemoPatient) =>
  QUALIFYING_CONDITIONS.find((c) => c.icdCode === p.condition)!;

/** The wizard's application with its condition and the three documents the state requires. */
async function completeIntake(patient: DemoClient, p: DemoPatient): Promise<Intake> {
  const application = await patient.post<{ id: string }>('/api/applications', {
    type: 'new',
    needsCaregiver: Boolean(p.caregiver),
    ...(p.caregiver
      ? {
          caregiverFirstName: p.caregiver.firstName,
          caregiverLastName: p.caregiver.lastName,
          caregiverPhone: p.caregiver.phone,
          relationship: p.caregiver.relationship,
        }
      : {}),
  });
  const { icdCode, description } = conditionOf(p);
  await patient.post(`/api/applications/${application.id}/medical-conditions`, {
    icdCode,
    description,
  });
  const upload = async (type: string, bytes: Buffer, name: string) =>
    (
      await patient.post<{ id: string }>(
        '/api/documents/upload',
        uploadForm({ bytes, name }, { type, applicationId: application.id }),
      )
    ).id;
  return {
    applicationId: application.id,
    documentIds: {
      id: await upload(
        'id',
        demoPdf(`Oklahoma driver license - ${p.firstName} ${p.lastName}`),
        'drivers-license.pdf',
      ),
      residency: await upload('residency_proof', DEMO_PNG, 'utility-bill.png'),
      photo: await upload('photo', DEMO_JPEG, 'photo.jpg'),
    },
  };
}

/** The simulator's approved card, held until the physician decides, and the statement. */
async function payAndQueue(patient: DemoClient, p: DemoPatient): Promise<string> {
  await patient.post('/api/process-payment', {
    cardNumber: '4242 4242 4242 4242',
    expiryDate: '12/39',
    cvv: '123',
    billingName: `${p.firstName} ${p.lastName}`,
    applicationType: 'new',
    hasReducedFee: false,
    paymentMethod: 'credit',
    consent: true,
    notAtDispensary: true,
    stateApplicationAuthorized: true,
  });
  const queue = await patient.get<{ id: string } | null>('/api/queue/status');
  if (!queue) throw new DemoSeedError(`demo seed: ${p.email} paid but was not queued`);
  return queue.id;
}

/** The visit: started and ended by the doctor, the outcome recorded, the follow-up done. */
async function visit(staff: Staff, p: DemoPatient, intake: Intake, queueId: string) {
  const { consultation } = await staff.doctor.post<{ consultation: { id: string } }>(
    '/api/admin/start-consultation',
    { queueId },
  );
  await staff.doctor.post('/api/admin/end-consultation', { queueId });
  const approved = p.step !== 'denied';
  await staff.doctor.post(
    `/api/admin/consultations/${consultation.id}/outcome`,
    approved
      ? // The physician checked the patient against their ID and photo (SB 1066).
        { approved: true, identityVerified: true }
      : { approved: false, reason: DENIAL_REASON },
  );
  if (p.transcribed)
    await staff.master.post('/api/admin/process-transcription', {
      consultationId: consultation.id,
      ...demoTranscript(p, DOCTOR.name, approved),
    });
  if (p.step === 'collecting' || p.step === 'documents_collected')
    await staff.master.post('/api/admin/initiate-document-collection', {
      applicationId: intake.applicationId,
      consultationId: consultation.id,
    });
  if (p.step === 'documents_collected')
    await staff.master.patch(`/api/applications/${intake.applicationId}/status`, {
      status: 'documents_collected',
    });
}

async function seedPatient(app: DemoApp, staff: Staff, p: DemoPatient, n: number) {
  const patient = await register(app, p, n);
  try {
    if (p.step === 'registered') return;
    if (p.step === 'drafting') {
      // Halfway through the wizard: saved on the server as they typed (drafts.ts).
      const { icdCode, description } = conditionOf(p);
      await patient.put('/api/applications/draft', {
        type: 'new',
        needsCaregiver: false,
        medicalConditions: [{ icdCode, description }],
        physicianNotes: 'Prescribed hydroxyzine last spring; it made me drowsy at work.',
      });
      return;
    }
    const intake = await completeIntake(patient, p);
    const review = (id: string, status: 'approved' | 'rejected', note?: string) =>
      staff.master.post(`/api/admin/documents/${id}/review`, { status, note });
    if (p.step === 'document_rejected')
      await review(intake.documentIds.residency, 'rejected', REJECTION_NOTE);
    if (!PAID.has(p.step)) return;
    const queueId = await payAndQueue(patient, p);
    // Waiting patients' documents wait for review too; the others were reviewed before the call.
    if (p.step !== 'waiting')
      for (const id of Object.values(intake.documentIds)) await review(id, 'approved');
    if (p.step === 'in_consultation')
      await staff.doctor.post('/api/admin/start-video-call', { queueId });
    else if (p.step !== 'waiting') await visit(staff, p, intake, queueId);
    await settleTimeline(app.ctx.db, app.ctx.config, p, n);
  } finally {
    await patient.signOut();
  }
}

/** Larger first: past visits by age, today's unpaid steps and visits, the call, the line. */
function rank(p: DemoPatient): number {
  if (p.step === 'waiting') return -2;
  if (p.step === 'in_consultation') return -1;
  return p.daysAgo ? 100 + p.daysAgo : PAID.has(p.step) ? 1 : 2;
}

/** Seeds the patients whose accounts do not exist yet, keywords and a video session. */
export async function seedDemoClinic(app: DemoApp): Promise<number> {
  // Its patients pay with the simulator's test card: never with a real processor.
  if (app.ctx.config.PAYMENT_PROVIDER === 'authorize_net')
    throw new DemoSeedError(DEMO_NEEDS_SIMULATOR);
  const missing = [];
  for (const [n, p] of DEMO_PATIENTS.entries())
    if (!(await findActiveUserByEmail(app.ctx.db, p.email))) missing.push({ p, n });
  const staff: Staff = {
    master: await new DemoClient(app).signIn(STAFF, DEMO_PASSWORD),
    doctor: await new DemoClient(app).signIn(DOCTOR.email, DEMO_PASSWORD),
  };
  try {
    // Key findings are drawn from the keywords, so they come before the transcriptions.
    await seedKeywordsAndSessions(staff);
    // Oldest visits first and the line last, in the order people joined it.
    missing.sort((a, b) => rank(b.p) - rank(a.p) || a.n - b.n);
    for (const { p, n } of missing) await seedPatient(app, staff, p, n);
  } finally {
    await staff.master.signOut();
    await staff.doctor.signOut();
  }
  app.ctx.queue.invalidate();
  return missing.length;
}

async function seedKeywordsAndSessions(staff: Staff) {
  const have = await staff.master.get<{ term: string }[]>('/api/admin/keywords');
  for (const k of DEMO_KEYWORDS)
    if (!have.some((h) => h.term.toLowerCase() === k.term))
      await staff.master.post('/api/admin/keywords', k);
  for (const [client, title] of [
    [staff.master, 'Weekly staff huddle'],
    [staff.doctor, 'Case review with Dr. Okafor'],
  ] as const) {
    const { sessions } = await client.get<{ sessions: { title: string }[] }>('/api/video/sessions');
    if (!sessions.some((s) => s.title === title))
      await client.post('/api/video/sessions', { title, maxParticipants: 6 });
  }
}
