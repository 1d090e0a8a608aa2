import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClinicOpen, parseClinicHours } from '../../shared/clinic-hours.js';
import { todayIso } from '../../shared/dates.js';
import type { ApplicationDraftView, ApplicationView } from '../../shared/schemas/application.js';
import type {
  ConsultationStatusRecord,
  PostConsultationTask,
} from '../../shared/schemas/follow-up.js';
import type {
  Analytics,
  BillingVerification,
  DoctorQueueEntry,
} from '../../shared/schemas/operations.js';
import type { StaffDocument, StaffPatient } from '../../shared/schemas/staff-documents.js';
import type {
  Keyword,
  NoteSearchResult,
  PendingTranscription,
  StoredTranscription,
} from '../../shared/schemas/transcription.js';
import type { AdminUser } from '../../shared/schemas/users.js';
import type { VideoSessionList } from '../../shared/schemas/video.js';
import { loadConfig } from '../config.js';
import {
  applicationDrafts,
  consultations,
  documents,
  followUpTasks,
  keywords,
  payments,
  queueEntries,
  transcriptions,
  users,
  videoSessions,
} from '../db/schema/index.js';
import { Client, createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_NEEDS_SIMULATOR } from './clinic.js';
import { DEMO_PASSWORD, DEMO_REFUSED_IN_PRODUCTION, seedDemo } from './seed.js';

// `npm run demo`'s clinic: every staff area has something to show, seen through the API as
// the people who would look at it, and a second start adds nothing.

const quiet = () => {};

async function signIn(t: TestApp, email: string): Promise<Client> {
  const client = new Client(t.app);
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

async function json<T>(client: Client, url: string): Promise<T> {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

/** Rows in each table the seed writes, to prove a second run writes none. */
async function tally(t: TestApp) {
  const tables = {
    users,
    applicationDrafts,
    documents,
    payments,
    queueEntries,
    consultations,
    followUpTasks,
    transcriptions,
    keywords,
    videoSessions,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.app.ctx.db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

/** The waiting room as GET /api/admin/meetings answers it (the parts these tests read). */
type Room = { waitingPatients: { status: string }[] };

/** The ISO week (Monday) a YYYY-MM-DD day falls in. */
const weekOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

describe('the demo clinic (SEED_DEMO=clinic)', () => {
  let t: TestApp;
  let master: Client;
  let seconds: number;

  beforeAll(async () => {
    t = await createTestApp();
    const started = Date.now();
    await seedDemo(t.app, 'clinic', quiet);
    seconds = (Date.now() - started) / 1000;
    master = await signIn(t, 'master@demo.test');
  }, 120_000);
  afterAll(() => t?.close());

  it('is quick to seed', () => {
    // A newcomer's first start: about 5 s on an idle two-core machine (PGlite); the bound
    // leaves room for a loaded CI runner (30 s measured with the machine at load 20).
    expect(seconds).toBeLessThan(60);
  });

  it('has a patient waiting and one in a call in the waiting room', async () => {
    const rooms = await json<Room[]>(master, '/api/admin/meetings');
    const entries = rooms.flatMap((m) => m.waitingPatients);
    expect(entries.some((e) => e.status === 'waiting')).toBe(true);
    expect(entries.some((e) => e.status === 'in_consultation')).toBe(true);
    expect(JSON.stringify(entries)).toContain('Lockhart');
  });

  it('has post-consultation work: an approval to follow up, a collection open, one done', async () => {
    const tasks = await json<PostConsultationTask[]>(master, '/api/admin/post-consultation-tasks');
    expect(tasks.some((task) => task.status === 'pending')).toBe(true);
    expect(tasks.some((task) => task.status === 'open')).toBe(true);
    const statuses = await json<ConsultationStatusRecord[]>(
      master,
      '/api/admin/consultation-statuses',
    );
    const kinds = new Set(statuses.map((s) => s.consultationStatus));
    expect([...kinds].sort()).toEqual(['collecting', 'completed', 'documents_collected']);
    expect(statuses.some((s) => s.outcome === 'not_approved')).toBe(true);
  });

  it('has stored transcriptions and visits still to transcribe, with key findings', async () => {
    const stored = await json<StoredTranscription[]>(master, '/api/admin/transcriptions');
    expect(stored.length).toBeGreaterThanOrEqual(5);
    expect(stored.some((s) => s.keyFindings.includes('sleep'))).toBe(true);
    const pending = await json<PendingTranscription[]>(master, '/api/admin/transcriptions/pending');
    expect(pending.length).toBeGreaterThan(0);
  });

  it('has documents pending review, rejected with a note, and a recommendation issued', async () => {
    const docs = await json<StaffDocument[]>(master, '/api/admin/patient-documents');
    expect(docs.some((d) => d.status === 'pending')).toBe(true);
    const rejected = docs.filter((d) => d.status === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0]?.reviewNote).toMatch(/60 days/);
    const stored = await json<StaffDocument[]>(master, '/api/admin/stored-documents');
    expect(stored.some((d) => d.category === 'physician_recommendation')).toBe(true);
  });

  it('lists the staff and the patients', async () => {
    const staff = await json<AdminUser[]>(master, '/api/admin/users');
    expect(staff.map((u) => u.email)).toEqual(expect.arrayContaining(['doctor@demo.test']));
    const patients = await json<StaffPatient[]>(master, '/api/admin/patients');
    expect(patients.length).toBeGreaterThanOrEqual(20);
  });

  it('has keywords, and a search of the notes finds a visit', async () => {
    const list = await json<Keyword[]>(master, '/api/admin/keywords');
    expect(list.map((k) => k.term)).toContain('chronic pain');
    const hits = await json<NoteSearchResult[]>(master, '/api/admin/search-notes?q=sleep');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.doctorName).toMatch(/Whitfield/);
  });

  it('shows revenue captured over more than one week, and consultations over days', async () => {
    const report = await json<Analytics>(master, '/api/admin/analytics?days=30');
    const paidDays = (report.revenue?.perDay ?? []).filter((d) => d.amount !== '0.00');
    expect(new Set(paidDays.map((d) => weekOf(d.date))).size).toBeGreaterThan(1);
    const consultDays = report.consultationsPerDay.filter((d) => d.count > 0);
    expect(consultDays.length).toBeGreaterThan(5);
    expect(report.waitTimes.averageMinutes).toBeGreaterThan(0);
    expect(report.conversion.approved).toBeGreaterThan(0);
    const billing = await json<BillingVerification>(
      master,
      '/api/admin/billing-verification?days=30',
    );
    expect(billing.revenue).not.toBe('0.00');
    expect(billing.billableSessions).toBeGreaterThan(5);
  });

  it('dates past visits within clinic hours, each call lasting minutes', async () => {
    const { CLINIC_TIMEZONE: tz, CLINIC_HOURS } = t.app.ctx.config;
    const hours = parseClinicHours(CLINIC_HOURS)!;
    const rows = await t.app.ctx.db.select().from(consultations);
    const past = rows.filter((c) => c.endedAt && todayIso(tz, c.endedAt) !== todayIso(tz));
    expect(past.length).toBeGreaterThan(5);
    for (const c of past) {
      expect(isClinicOpen(hours, tz, c.startedAt.getTime()), String(c.startedAt)).toBe(true);
      expect(c.durationSeconds).toBeGreaterThanOrEqual(9 * 60);
    }
  });

  it('has a video session', async () => {
    const list = await json<VideoSessionList>(master, '/api/video/sessions');
    expect(list.sessions.map((s) => s.title)).toContain('Weekly staff huddle');
  });

  it('shows the doctor their queue: the patient in the call and the line', async () => {
    const doctor = await signIn(t, 'doctor@demo.test');
    const queue = await json<DoctorQueueEntry[]>(doctor, '/api/doctor/queue');
    expect(queue.map((e) => e.status).sort()).toEqual(['in_consultation', 'waiting', 'waiting']);
    expect(queue.find((e) => e.status === 'in_consultation')?.patientName).toMatch(/Whitehorse/);
  });

  it('shows a patient their step: the draft resumes, the denial gives its reason', async () => {
    const drafting = await signIn(t, 'savannah.tiger@demo.test');
    const draft = await json<ApplicationDraftView>(drafting, '/api/applications/draft');
    expect(draft.data.medicalConditions?.[0]?.icdCode).toBe('F41.9');
    const denied = await signIn(t, 'marisol.vega@demo.test');
    const [application] = await json<ApplicationView[]>(denied, '/api/applications');
    expect(application?.status).toBe('rejected');
    expect(application?.decisionReason).toMatch(/records/);
    // The fee was held, never taken.
    expect(application?.paymentStatus).toBe('voided');
  });

  it('adds nothing on a second start', async () => {
    const before = await tally(t);
    const again = await seedDemo(t.app, 'clinic', quiet);
    expect(again).toEqual({ accounts: 0, patients: 0 });
    expect(await tally(t)).toEqual(before);
  });

  it('refuses to run in production or against a real processor, writing nothing', async () => {
    const before = await tally(t);
    const production = Object.assign(Object.create(t.app), {
      ctx: { ...t.app.ctx, config: { ...t.app.ctx.config, NODE_ENV: 'production' } },
    });
    await expect(seedDemo(production, 'clinic', quiet)).rejects.toThrow(DEMO_REFUSED_IN_PRODUCTION);
    // Nor with a real payment processor configured: its patients pay with the test card.
    const processor = Object.assign(Object.create(t.app), {
      ctx: { ...t.app.ctx, config: { ...t.app.ctx.config, PAYMENT_PROVIDER: 'authorize_net' } },
    });
    await expect(seedDemo(processor, 'clinic', quiet)).rejects.toThrow(DEMO_NEEDS_SIMULATOR);
    expect(await tally(t)).toEqual(before);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SEED_DEMO: 'clinic',
        DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
        PAYMENT_PROVIDER: 'simulator',
      }),
    ).toThrow(/SEED_DEMO: is for development only/);
  });
});

describe('the demo accounts only (SEED_DEMO=accounts, the end-to-end journeys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app, 'accounts', quiet);
  });
  afterAll(() => t?.close());

  it('makes one account per role and an otherwise empty clinic', async () => {
    const counts = await tally(t);
    expect(counts.users).toBe(9);
    expect({ ...counts, users: 0 }).toEqual(
      Object.fromEntries(Object.keys(counts).map((k) => [k, 0])),
    );
    const master = await signIn(t, 'master@demo.test');
    const rooms = await json<Room[]>(master, '/api/admin/meetings');
    expect(rooms.flatMap((m) => m.waitingPatients)).toEqual([]);
  });

  it('gives the doctor a current OMMA registration, a year from today', async () => {
    const doctor = await signIn(t, 'doctor@demo.test');
    expect(doctor.cookie).not.toBeNull();
    const [row] = (await t.app.ctx.db.select().from(users)).filter(
      (u) => u.email === 'doctor@demo.test',
    );
    expect(row!.ommaRegistrationNumber).toBe('OMMA-PHY-000123');
    const inAYear = new Date();
    inAYear.setFullYear(inAYear.getFullYear() + 1);
    const days = (Date.parse(row!.ommaRegistrationExpiresOn!) - inAYear.getTime()) / 86_400_000;
    expect(Math.abs(days)).toBeLessThan(2);
  });

  it('refuses an unknown SEED_DEMO value, naming it', () => {
    expect(() => loadConfig({ SEED_DEMO: '1' })).toThrow(/SEED_DEMO: must be accounts or clinic/);
  });
});
