import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS, allows, effectivePermissions, ROLES } from '../shared/roles.js';
import { users } from './db/schema/index.js';
import { createUser, PASSWORD, signedInAs, uniqueEmail } from './test/fixtures.js';
import { Client, createTestApp, type TestApp } from './test/harness.js';
import { apiRoutes, MFA_STEPS } from './test/matrix/api-routes.js';
import { AUDIT_ENDPOINTS } from './test/matrix/audit.js';
import {
  admittedEntry,
  duty,
  endedEntry,
  startedEntry,
  todaysMeeting,
  waitingEntry,
} from './test/matrix/consultation-fixtures.js';
import { FOLLOW_UP_ENDPOINTS } from './test/matrix/follow-up.js';
import { DOCTOR_ONLY_ENDPOINTS, OPERATIONS_ENDPOINTS } from './test/matrix/operations.js';
import { PATIENT_ACCOUNT_ENDPOINTS } from './test/matrix/patient-accounts.js';
import { RECORDING_ENDPOINTS, RECORDING_NOT_STAFF } from './test/matrix/recordings.js';
import { STAFF_DOCUMENT_ENDPOINTS } from './test/matrix/staff-documents.js';
import { STATE_APPLICATION_ENDPOINTS } from './test/matrix/state-applications.js';
import { TRANSCRIPTION_ENDPOINTS } from './test/matrix/transcriptions.js';
import type { Endpoint, Principal } from './test/matrix/types.js';
import { VIDEO_ENDPOINTS, VIDEO_NOT_STAFF } from './test/matrix/video.js';
import { PATIENT_ENDPOINTS } from './test/patient-endpoints.js';

// Ruling 3 as a table: every staff endpoint × every role (and signed out). The expectation is
// derived from ACCESS / allows / effectivePermissions in src/shared/roles.ts, the same table
// the server's guards read, so a new endpoint needs one row here and nothing else.

const freshStaff = async (t: TestApp) => (await createUser(t.app, 'admin_assistant')).id;
/** Removing a patient from the line says why (issue 11). */
const reasonFor = (step: 'admit' | 'reject') =>
  step === 'reject' ? { reason: 'Duplicate registration' } : {};

const STAFF_ENDPOINTS: Endpoint[] = [
  ...FOLLOW_UP_ENDPOINTS,
  ...TRANSCRIPTION_ENDPOINTS,
  ...STAFF_DOCUMENT_ENDPOINTS,
  ...OPERATIONS_ENDPOINTS,
  ...VIDEO_ENDPOINTS,
  ...RECORDING_ENDPOINTS,
  ...AUDIT_ENDPOINTS,
  ...PATIENT_ACCOUNT_ENDPOINTS,
  ...STATE_APPLICATION_ENDPOINTS,
  { method: 'GET', path: '/api/admin/users', access: 'users', ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/users',
    access: 'users',
    ok: 201,
    prepare: async () => ({
      payload: {
        email: uniqueEmail('matrix'),
        password: PASSWORD,
        firstName: 'Matrix',
        lastName: 'Row',
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:userId',
    access: 'users',
    ok: 200,
    prepare: async (t) => ({
      url: `/api/admin/users/${await freshStaff(t)}`,
      payload: { role: 'doctor_admin' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:userId',
    access: 'users',
    ok: 204,
    prepare: async (t) => ({ url: `/api/admin/users/${await freshStaff(t)}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:userId/mfa/reset',
    access: 'resetMfa',
    ok: 200,
    prepare: async (t) => ({ url: `/api/admin/users/${await freshStaff(t)}/mfa/reset` }),
  },
  { method: 'GET', path: '/api/admin/meetings', access: 'readMeetings', ok: 200 },
  { method: 'GET', path: '/api/admin/waiting-room', access: 'readMeetings', ok: 200 },
  ...(['admit', 'reject'] as const).flatMap((step): Endpoint[] => [
    {
      method: 'POST',
      path: `/api/admin/${step}-patient`,
      access: 'admitOrReject',
      ok: 200,
      prepare: async (t) => ({ payload: { queueId: await waitingEntry(t), ...reasonFor(step) } }),
    },
    {
      method: 'POST',
      path: `/api/admin/meetings/:meetingId/${step}/:patientId`,
      access: 'admitOrReject',
      ok: 200,
      prepare: async (t) => ({
        url: `/api/admin/meetings/${await todaysMeeting(t)}/${step}/${await waitingEntry(t)}`,
        ...(step === 'reject' ? { payload: reasonFor(step) } : {}),
      }),
    },
  ]),
  ...['/api/admin/start-consultation', '/api/admin/start-video-call'].map(
    (path): Endpoint => ({
      method: 'POST',
      path,
      access: 'runConsultation',
      ok: 200,
      prepare: async (t, principal) => ({
        payload: { queueId: await admittedEntry(t, principal) },
      }),
    }),
  ),
  {
    method: 'POST',
    path: '/api/consultations/start/:queueId',
    access: 'runConsultation',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/consultations/start/${await admittedEntry(t, principal)}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/end-consultation',
    access: 'runConsultation',
    ok: 200,
    prepare: async (t, principal) => ({
      payload: { queueId: (await startedEntry(t, principal)).queueId },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/consultations/:consultationId/outcome',
    access: 'recordOutcome',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/consultations/${(await endedEntry(t, principal)).consultationId}/outcome`,
      payload: { approved: false, reason: 'Condition not documented' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/consultations/:consultationId/notes',
    access: 'recordOutcome',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/consultations/${(await startedEntry(t, principal)).consultationId}/notes`,
      payload: { notes: 'Reports chronic lower back pain.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/reassign-patient',
    access: 'reassignPatient',
    ok: 200,
    prepare: async (t) => ({
      payload: { queueId: await waitingEntry(t), doctorId: duty.doctorId },
    }),
  },
  { method: 'GET', path: '/api/admin/fees/history', access: 'financial', ok: 200 },
  {
    method: 'PUT',
    path: '/api/admin/fees',
    access: 'financial',
    ok: 200,
    prepare: async () => {
      const pair = { stateFee: '104.30', serviceFee: '33.00' };
      const reduced = { stateFee: '22.50', serviceFee: '10.00' };
      return {
        payload: { new: { standard: pair, reduced }, renewal: { standard: pair, reduced } },
      };
    },
  },
];

/** API routes that are not staff endpoints: public, or for any signed-in user. */
const NOT_STAFF = [
  'GET /api/health',
  // Readiness for the load balancer (issue 14): public, answers only ready or what fails.
  'GET /api/ready',
  'POST /api/register',
  'POST /api/auth/register',
  'POST /api/login',
  'POST /api/logout',
  // The second factor's steps: a pending sign-in's own (permission-matrix-pending.test.ts).
  ...MFA_STEPS,
  'GET /api/user',
  'GET /api/auth/user',
  // Any signed-in user's own language for pages and emails (issue 24).
  'PUT /api/user/language',
  // The web app's session probe (issue 21): {user: null} signed out.
  'GET /api/auth/me',
  // Automatic logoff (issue 13): any signed-in user's own countdown and "Stay signed in".
  'GET /api/auth/session',
  'POST /api/auth/keep-alive',
  // Password recovery is public; a change needs any signed-in user (issue 13).
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
  // Email verification: the link's token names the account; resend is the signed-in user's own.
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'GET /api/admin/exists',
  'POST /api/admin/setup',
  'GET /api/fees',
  'GET /api/app-config',
  'POST /api/payments/webhook',
  // The development outbox (modules/mail/dev-routes.ts): not registered in production.
  'GET /api/dev/mail',
  // Patient endpoints: their own matrix is in modules/patients/patient-only.test.ts.
  ...PATIENT_ENDPOINTS.map((e) => `${e.method} ${e.path}`),
  // Doctor-only endpoints: their own matrix is in modules/doctor/doctor-only.test.ts.
  ...DOCTOR_ONLY_ENDPOINTS.map((e) => `${e.method} ${e.path}`),
  // Video: any signed-in user joins by link; the patient's consultation link is theirs.
  ...VIDEO_NOT_STAFF,
  ...RECORDING_NOT_STAFF,
];

const principals: Principal[] = [
  { label: 'signed out', role: null },
  ...ROLES.map((role) => ({ label: role, role })),
  // A master admin may tick `users` for another admin role (ruling 2).
  { label: 'operations_admin granted users', role: 'operations_admin', stored: ['users'] },
  { label: 'admin_assistant with every box unticked', role: 'admin_assistant', stored: [] },
  // Stored boxes do not narrow a master role nor widen a doctor (ADR 0003).
  { label: 'master_admin with every box unticked', role: 'master_admin', stored: [] },
  { label: 'doctor with a stray users box', role: 'doctor', stored: ['users'] },
];

function expectedAccess(endpoint: Endpoint, principal: Principal): 'signed-out' | boolean {
  if (!principal.role) return 'signed-out';
  const permissions = effectivePermissions(principal.role, principal.stored ?? null);
  return allows(ACCESS[endpoint.access], { role: principal.role, permissions });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const p of principals)
    if (p.role) {
      const signed = await signedInAs(t.app, p.role, { permissions: p.stored ?? null });
      p.client = signed.client;
      p.id = signed.id;
    }
  duty.doctorId = (await signedInAs(t.app, 'doctor')).id;
});
afterAll(() => t.close());

/** The users table as it stands, to prove a refused call changed nothing. */
const snapshot = () => t.app.ctx.db.select().from(users).orderBy(asc(users.id));

describe.each(STAFF_ENDPOINTS)('$method $path', (endpoint) => {
  it.each(principals)('as $label', async (principal) => {
    const { url = endpoint.path, payload } = (await endpoint.prepare?.(t, principal)) ?? {};
    const before = await snapshot();
    const client = principal.client ?? new Client(t.app);
    const res = await client.request({
      method: endpoint.method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const expected = expectedAccess(endpoint, principal);
    if (expected === 'signed-out') {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    } else if (!expected) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have access to this', code: 'FORBIDDEN' });
    } else {
      expect(res.statusCode, res.body).toBe(endpoint.ok);
    }
    if (expected !== true) expect(await snapshot()).toEqual(before);
  });
});

describe('the matrix itself', () => {
  it('grants `users` to master roles and to whoever is given the box, nobody else', () => {
    const withAccess = principals
      .filter(
        (p) =>
          expectedAccess(STAFF_ENDPOINTS.find((e) => e.path === '/api/admin/users')!, p) === true,
      )
      .map((p) => p.label);
    expect(withAccess).toEqual([
      'admin',
      'master_admin',
      'operations_admin granted users',
      'master_admin with every box unticked',
    ]);
  });

  it('grants patient accounts only to holders of both `users` and `documents` (ruling 3)', () => {
    const withAccess = principals
      .filter(
        (p) =>
          expectedAccess(
            STAFF_ENDPOINTS.find((e) => e.path === '/api/admin/patient-accounts')!,
            p,
          ) === true,
      )
      .map((p) => p.label);
    expect(withAccess).toEqual(['admin', 'master_admin', 'master_admin with every box unticked']);
  });

  it('lists every API route the app serves, as a staff endpoint or as not staff', () => {
    const served = apiRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(served).toContain('GET /api/health'); // the listing was read
    const listed = [...STAFF_ENDPOINTS.map((e) => `${e.method} ${e.path}`), ...NOT_STAFF];
    expect(
      served.filter((r) => !listed.includes(r)),
      'add each new route to STAFF_ENDPOINTS (staff) or NOT_STAFF (public or patient)',
    ).toEqual([]);
    expect(listed.filter((r) => !served.includes(r))).toEqual([]);
  });
});
