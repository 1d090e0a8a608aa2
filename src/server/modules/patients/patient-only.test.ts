import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import { ROLES, type Role } from '../../../shared/roles.js';
import {
  applications,
  auditLog,
  documents,
  medicalConditions,
  patientLicenses,
  patientProfiles,
  payments,
  queueEntries,
  stateApplications,
} from '../../db/schema/index.js';
import { formData, pdfBytes, storedFiles, TINY_PNG } from '../../test/files.js';
import { goodPayment, signedInAs, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { PATIENT_ENDPOINTS } from '../../test/patient-endpoints.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';
import { setStateApplication } from '../../test/state-application-rows.js';

// Ruling 3 for the patient's own endpoints: signed out → 401, every staff role → 403, and the
// patient gets the real answer. Refused callers send the very request that works for the
// patient (the patient's own ids, valid bodies), so only the caller differs; a refused call
// writes nothing.

type Endpoint = (typeof PATIENT_ENDPOINTS)[number];
/** "METHOD /path" for each listed endpoint (distributes over the list, no cross product). */
type KeyOf<E> = E extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;
type Key = KeyOf<Endpoint>;

interface Prepared {
  url: string;
  payload?: unknown;
}

let t: TestApp;
let owner: PaidPatient;
let documentId: string;

const profileUpdate = () => {
  const { email: _e, password: _p, confirmPassword: _c, ...profile } = validRegistration();
  return profile;
};

/** A request the owner may make, and the status it answers the owner. */
const REQUESTS: Record<Key, { prepare: () => Prepared | Promise<Prepared>; ok: number }> = {
  'GET /api/applications': { prepare: () => ({ url: '/api/applications' }), ok: 200 },
  'POST /api/applications': {
    prepare: () => ({ url: '/api/applications', payload: { type: 'new' } }),
    ok: 200, // the open application (ruling 14)
  },
  'GET /api/applications/:id': {
    prepare: () => ({ url: `/api/applications/${owner.application.id}` }),
    ok: 200,
  },
  'GET /api/applications/:id/documents': {
    prepare: () => ({ url: `/api/applications/${owner.application.id}/documents` }),
    ok: 200,
  },
  'POST /api/applications/:id/medical-conditions': {
    prepare: () => ({
      url: `/api/applications/${owner.application.id}/medical-conditions`,
      payload: { icdCode: 'G89.29', description: 'Chronic pain' },
    }),
    ok: 201,
  },
  'DELETE /api/applications/:id/medical-conditions/:conditionId': {
    // A fresh condition each time, so the owner's delete has something to remove.
    prepare: async () => {
      const added = await owner.client.post(
        `/api/applications/${owner.application.id}/medical-conditions`,
        { icdCode: 'R11.0', description: 'Severe nausea' },
      );
      return {
        url: `/api/applications/${owner.application.id}/medical-conditions/${added.json().id}`,
      };
    },
    ok: 204,
  },
  'GET /api/documents/:id': {
    prepare: () => ({ url: `/api/documents/${owner.application.id}` }),
    ok: 200,
  },
  'POST /api/documents/upload': {
    prepare: () => ({
      url: '/api/documents/upload',
      payload: formData(
        { bytes: TINY_PNG, name: 'face.png' },
        { type: 'photo', applicationId: owner.application.id },
      ),
    }),
    ok: 201,
  },
  'GET /api/patient/application-status': {
    prepare: () => ({ url: '/api/patient/application-status' }),
    ok: 200,
  },
  'GET /api/patient/documents': { prepare: () => ({ url: '/api/patient/documents' }), ok: 200 },
  'GET /api/patient/documents/:id/view': {
    prepare: () => ({ url: `/api/patient/documents/${documentId}/view` }),
    ok: 200,
  },
  'GET /api/patient/journey': { prepare: () => ({ url: '/api/patient/journey' }), ok: 200 },
  'PUT /api/patient/license': {
    prepare: () => ({
      url: '/api/patient/license',
      payload: { licenseNumber: 'PAAA-1234-ZZZZ', expiresOn: '2027-06-30' },
    }),
    ok: 200,
  },
  'POST /api/patient/state-application': {
    // The owner's visit is in patient_submits (beforeAll): they record that they applied.
    prepare: () => ({
      url: '/api/patient/state-application',
      payload: { submittedOn: todayIso(t.app.ctx.config.CLINIC_TIMEZONE) },
    }),
    ok: 200,
  },
  'PUT /api/patient/notifications': {
    prepare: () => ({ url: '/api/patient/notifications', payload: { queueReminders: false } }),
    ok: 200,
  },
  'GET /api/patient/visits': { prepare: () => ({ url: '/api/patient/visits' }), ok: 200 },
  'POST /api/patient/upload-document': {
    prepare: () => ({
      url: '/api/patient/upload-document',
      payload: formData(
        { bytes: pdfBytes('Records'), name: 'records.pdf' },
        {
          category: 'medical_records',
        },
      ),
    }),
    ok: 201,
  },
  'GET /api/applications/draft': { prepare: () => ({ url: '/api/applications/draft' }), ok: 200 },
  // The owner's visit is open: a renewal waits for it (ruling 14).
  'POST /api/applications/renewal': {
    prepare: () => ({ url: '/api/applications/renewal' }),
    ok: 409,
  },
  'PUT /api/applications/draft': {
    prepare: () => ({ url: '/api/applications/draft', payload: { physicianNotes: 'Typing' } }),
    ok: 200,
  },
  'GET /api/patients/profile': { prepare: () => ({ url: '/api/patients/profile' }), ok: 200 },
  'PUT /api/patients/profile': {
    prepare: () => ({ url: '/api/patients/profile', payload: profileUpdate() }),
    ok: 200,
  },
  'POST /api/process-payment': {
    prepare: () => ({ url: '/api/process-payment', payload: goodPayment() }),
    ok: 200, // already paid: answers the payment made, charges nothing
  },
  'POST /api/queue/join': {
    prepare: () => ({
      url: '/api/queue/join',
      payload: { applicationId: owner.application.id, notAtDispensary: true },
    }),
    ok: 200, // already in line: the current entry
  },
  'POST /api/queue/leave': { prepare: () => ({ url: '/api/queue/leave' }), ok: 200 },
  'GET /api/queue/status': { prepare: () => ({ url: '/api/queue/status' }), ok: 200 },
};

const staff: Partial<Record<Role, Client>> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await paidPatient(t.app);
  const upload = await owner.client.post(
    '/api/patient/upload-document',
    formData({ bytes: pdfBytes('Driver license'), name: 'id.pdf' }, { category: 'government_id' }),
  );
  expect(upload.statusCode, upload.body).toBe(201);
  documentId = upload.json().id;
  await setStateApplication(
    t.app,
    { applicationId: owner.application.id, patientId: owner.patientId },
    { mode: 'patient_submits' },
  );
  for (const role of ROLES)
    if (role !== 'patient') staff[role] = (await signedInAs(t.app, role)).client;
});
afterAll(() => t.close());

/** Everything a patient endpoint can write, to prove a refused call wrote nothing. */
async function state() {
  const db = t.app.ctx.db;
  const [apps, pays, docs, queue, conditions, profiles, audit, states, licenses] =
    await Promise.all([
      db.select().from(applications),
      db.select().from(payments),
      db.select().from(documents),
      db.select().from(queueEntries),
      db.select().from(medicalConditions),
      db.select().from(patientProfiles),
      db.select({ id: auditLog.id }).from(auditLog),
      db.select().from(stateApplications),
      db.select().from(patientLicenses),
    ]);
  const byId = <T extends { id: string | number }>(rows: T[]) =>
    [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  return {
    apps: byId(apps),
    pays: byId(pays),
    docs: byId(docs),
    queue: byId(queue),
    conditions: byId(conditions),
    profiles: byId(profiles),
    audit: audit.length,
    states: byId(states),
    licenses: byId(licenses),
    files: storedFiles(t.app.ctx.config.DATA_DIR),
  };
}

const principals: { label: string; role: Role | null }[] = [
  { label: 'signed out', role: null },
  ...ROLES.map((role) => ({ label: role, role })),
];

function clientFor(role: Role | null): Client {
  if (!role) return new Client(t.app);
  if (role === 'patient') return owner.client;
  return staff[role]!;
}

describe('every patient endpoint is listed here', () => {
  it('has a request for each entry of PATIENT_ENDPOINTS and nothing else', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(
      PATIENT_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort(),
    );
  });
});

describe.each(PATIENT_ENDPOINTS)('$method $path', (endpoint) => {
  const { prepare, ok } = REQUESTS[`${endpoint.method} ${endpoint.path}` as Key];

  it.each(principals)('as $label', async ({ role }) => {
    if (role === 'patient' && endpoint.path === '/api/queue/leave') {
      // Leaving needs a place in line: make sure the owner has one.
      const join = await owner.client.post('/api/queue/join', {
        applicationId: owner.application.id,
        notAtDispensary: true,
      });
      expect([200, 201]).toContain(join.statusCode);
    }
    const { url, payload } = await prepare();
    const before = role === 'patient' ? null : await state();
    const res = await clientFor(role).request({
      method: endpoint.method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (!role) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    } else if (role !== 'patient') {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have access to this', code: 'FORBIDDEN' });
    } else {
      expect(res.statusCode, res.body).toBe(ok);
    }
    if (before) expect(await state()).toEqual(before);
  });
});

describe('the caller is checked before the request is read', () => {
  // A refused caller learns nothing from validation: junk ids and bodies still answer 401/403.
  const junk = (endpoint: Endpoint) => ({
    url: endpoint.path.replace(':id', 'not-an-id'),
    payload: endpoint.method === 'GET' ? undefined : { applicationType: 42, type: [] },
  });

  it.each(PATIENT_ENDPOINTS)('$method $path signed out → 401', async (endpoint) => {
    const { url, payload } = junk(endpoint);
    const res = await new Client(t.app).request({ method: endpoint.method, url, payload });
    expect(res.statusCode, res.body).toBe(401);
  });

  it.each(PATIENT_ENDPOINTS)('$method $path as a doctor → 403', async (endpoint) => {
    const { url, payload } = junk(endpoint);
    const res = await staff.doctor!.request({ method: endpoint.method, url, payload });
    expect(res.statusCode, res.body).toBe(403);
  });

  it('a patient with the same junk gets the validation answer instead', async () => {
    const res = await owner.client.request({
      method: 'GET',
      url: '/api/applications/not-an-id',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Application not found');
  });
});

describe("another patient's records", () => {
  it('are not found (404), never forbidden, and nothing is written', async () => {
    const other = await signedInAsPatient();
    const before = await state();
    const urls = [
      `/api/applications/${owner.application.id}`,
      `/api/applications/${owner.application.id}/documents`,
      `/api/documents/${owner.application.id}`,
      `/api/patient/documents/${documentId}/view`,
    ];
    for (const url of urls) {
      const res = await other.get(url);
      expect(res.statusCode, url).toBe(404);
    }
    const add = await other.post(`/api/applications/${owner.application.id}/medical-conditions`, {
      icdCode: 'G89.29',
      description: 'Chronic pain',
    });
    expect(add.statusCode).toBe(404);
    const join = await other.post('/api/queue/join', {
      applicationId: owner.application.id,
      notAtDispensary: true,
    });
    expect(join.statusCode).toBe(404);
    const upload = await other.post(
      '/api/documents/upload',
      formData(
        { bytes: TINY_PNG, name: 'x.png' },
        {
          type: 'photo',
          applicationId: owner.application.id,
        },
      ),
    );
    expect(upload.statusCode).toBe(404);
    expect(upload.json().message).toBe('No application found');
    // An id that exists nowhere answers the same.
    expect((await other.get(`/api/applications/${randomUUID()}`)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });
});

async function signedInAsPatient(): Promise<Client> {
  const client = new Client(t.app);
  const res = await client.post('/api/register', validRegistration());
  expect(res.statusCode).toBe(201);
  return client;
}
