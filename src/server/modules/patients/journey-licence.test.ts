import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import type { PatientJourneyResponse } from '../../../shared/schemas/journey.js';
import { addDays } from '../../../shared/state-application.js';
import { patientLicenses } from '../../db/schema/index.js';
import { centerUpload, TINY_PNG } from '../../test/files.js';
import { PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type IntakeDonePatient, queuedPatient } from '../../test/journey-patients.js';
import { approveRequiredDocuments } from '../../test/patients.js';
import { setStateApplication } from '../../test/state-application-rows.js';
import { REASON_UNREADABLE } from './state-application-view.js';

// GET /api/patient/journey past the recommendation (issue 22), through the real approval: the
// state application in each mode and status as the desk leaves it (rows written straight to
// the table, the desk's routes being tested with the desk), the licence, a rejection's
// documents answered by a real upload, and a window passing on the server's clock.

const DAY = 86_400_000;
// The server's clock runs with real time (uploads stamp real time), moved by whole days.
let offset = 0;
let t: TestApp;
let approved: IntakeDonePatient & { queueId: string };
const today = () => todayIso(t.app.ctx.config.CLINIC_TIMEZONE, new Date(Date.now() + offset));

beforeAll(async () => {
  t = await createTestApp({ poolSize: 5, now: () => Date.now() + offset });
  const doctor = await signedInAs(t.app, 'doctor');
  approved = await queuedPatient(t.app);
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: approved.queueId,
  });
  expect(start.statusCode, start.body).toBe(200);
  const consultationId = start.json().consultation.id as string;
  await doctor.client.post('/api/admin/end-consultation', { queueId: approved.queueId });
  await approveRequiredDocuments(t.app, consultationId);
  const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
    approved: true,
    identityVerified: true,
  });
  expect(outcome.statusCode, outcome.body).toBe(200);
});
afterAll(() => t.close());

const journeyOf = async (client: Client): Promise<PatientJourneyResponse> => {
  const res = await client.get('/api/patient/journey');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stepOf = (j: PatientJourneyResponse, key: 'state_application' | 'license') =>
  j.journey.steps.find((s) => s.key === key)!;
const ids = () => ({ applicationId: approved.applicationId, patientId: approved.patientId });

describe('GET /api/patient/journey: the state application and the licence', () => {
  it('before approval: no state application, no licence, the clinic_submits words by default', async () => {
    const waiting = await queuedPatient(t.app);
    const body = await journeyOf(waiting.client);
    expect(body.stateApplication).toBeNull();
    expect(body.license).toBeNull();
    expect(stepOf(body, 'state_application')).toMatchObject({
      state: 'pending',
      status: expect.stringMatching(/^Once you are approved, we prepare and submit/),
    });
    expect(body.journey.steps).toHaveLength(10);
  });

  describe.each(['clinic_submits', 'patient_submits'] as const)('%s', (mode) => {
    it('preparing: the deadline is the signature + 30 days', async () => {
      await setStateApplication(t.app, ids(), { mode, status: 'preparing', signedOn: today() });
      const body = await journeyOf(approved.client);
      expect(body.stateApplication).toEqual({
        mode,
        status: 'preparing',
        ommaApplicationNumber: null,
        submittedOn: null,
        submitBy: addDays(today(), 30),
      });
      expect(body.journey.current).toBe('state_application');
      expect(stepOf(body, 'state_application').status).toMatch(
        mode === 'clinic_submits'
          ? /^We are preparing your OMMA application — we submit it by /
          : /^Apply at OMMA's patient portal by .* and pay the state fee there\.$/,
      );
    });

    it('submitted: the number and the date; the licence step waits on OMMA', async () => {
      await setStateApplication(t.app, ids(), {
        mode,
        status: 'submitted',
        signedOn: today(),
        submittedOn: today(),
        ommaApplicationNumber: 'OMMA-2026-0042',
      });
      const body = await journeyOf(approved.client);
      expect(body.stateApplication).toMatchObject({
        status: 'submitted',
        ommaApplicationNumber: 'OMMA-2026-0042',
        submittedOn: today(),
      });
      expect(stepOf(body, 'state_application').state).toBe('completed');
      expect(stepOf(body, 'license')).toMatchObject({
        state: 'current',
        status: expect.stringMatching(/^OMMA is reviewing your application\./),
      });
    });

    it('approved with the licence the desk recorded: number and expiry, every step done', async () => {
      const row = await setStateApplication(t.app, ids(), {
        mode,
        status: 'approved',
        signedOn: today(),
        submittedOn: today(),
      });
      await t.app.ctx.db
        .insert(patientLicenses)
        .values({
          patientId: approved.patientId,
          licenseNumber: 'PAAA-0042-OKLA',
          issuedOn: today(),
          expiresOn: addDays(today(), 730),
          source: 'desk',
          stateApplicationId: row.id,
        })
        .onConflictDoNothing();
      try {
        const body = await journeyOf(approved.client);
        expect(body.stateApplication?.status).toBe('approved');
        expect(body.license).toEqual({
          licenseNumber: 'PAAA-0042-OKLA',
          issuedOn: today(),
          expiresOn: addDays(today(), 730),
        });
        expect(body.journey.percent).toBe(100);
        expect(stepOf(body, 'license')).toMatchObject({
          state: 'completed',
          status: expect.stringMatching(/^Licence PAAA-0042-OKLA — expires /),
        });
      } finally {
        await t.app.ctx.db
          .delete(patientLicenses)
          .where(eq(patientLicenses.patientId, approved.patientId));
      }
    });

    it('lapsed: a window passed unsubmitted reads as lapsed though the row says preparing', async () => {
      const signedOn = addDays(today(), -31);
      await setStateApplication(t.app, ids(), { mode, status: 'preparing', signedOn });
      const body = await journeyOf(approved.client);
      expect(body.stateApplication).toMatchObject({
        status: 'lapsed',
        submitBy: addDays(signedOn, 30),
      });
      expect(stepOf(body, 'state_application').state).toBe('attention');
      expect(stepOf(body, 'license').state).toBe('blocked');
    });
  });

  it('rejected (clinic_submits): the reason unsealed, the documents named, and a real upload answers one', async () => {
    await setStateApplication(t.app, ids(), {
      mode: 'clinic_submits',
      status: 'rejected',
      signedOn: today(),
      submittedOn: today(),
      rejectedOn: today(),
      resubmitBy: addDays(today(), 30),
      documentsNeeded: ['photo', 'proof_of_residency'],
      rejectionReasonText: 'The photo shows sunglasses; the bill is older than 30 days',
    });
    let body = await journeyOf(approved.client);
    expect(body.stateApplication).toMatchObject({
      status: 'rejected',
      reason: 'The photo shows sunglasses; the bill is older than 30 days',
      documentsNeeded: ['photo', 'proof_of_residency'],
      documentsReceived: [],
      resubmitBy: addDays(today(), 30),
    });
    expect(stepOf(body, 'state_application')).toMatchObject({
      state: 'attention',
      status: expect.stringMatching(
        /^OMMA needs: Photograph, Proof of Oklahoma Residency — upload by /,
      ),
      action: { label: 'Upload Photograph', to: '/patient/documents?category=photo' },
    });
    // The reason is not in the step line (the dashboard shows it where the patient acts).
    expect(stepOf(body, 'state_application').status).not.toContain('sunglasses');

    const upload = await centerUpload(
      approved.client,
      { bytes: TINY_PNG, name: 'new-photo.png' },
      { category: 'photo' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    body = await journeyOf(approved.client);
    expect(body.stateApplication?.documentsReceived).toEqual(['photo']);
    expect(stepOf(body, 'state_application').status).toMatch(
      /^OMMA needs: Proof of Oklahoma Residency — upload by /,
    );
  });

  it('a reason that will not open reads as "contact the clinic", never a 500', async () => {
    await setStateApplication(t.app, ids(), {
      rejectionReason: t.app.ctx.sealer.seal('sealed for another column', 'users.mfa_secret'),
      mode: 'clinic_submits',
      status: 'rejected',
      signedOn: today(),
      rejectedOn: today(),
      resubmitBy: addDays(today(), 30),
      documentsNeeded: [],
    });
    const body = await journeyOf(approved.client);
    expect(body.stateApplication?.reason).toBe(REASON_UNREADABLE);
  });

  it('on the injected clock: preparing today, lapsed 31 days later', async () => {
    await setStateApplication(t.app, ids(), {
      mode: 'clinic_submits',
      status: 'preparing',
      signedOn: today(),
    });
    expect((await journeyOf(approved.client)).stateApplication?.status).toBe('preparing');
    offset += 30 * DAY;
    try {
      // Sessions age on the same clock: the patient signs in again.
      const again = new Client(t.app);
      const login = await again.post('/api/login', { email: approved.email, password: PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      expect((await journeyOf(again)).stateApplication?.status).toBe('preparing');
      offset += DAY;
      const later = new Client(t.app);
      await later.post('/api/login', { email: approved.email, password: PASSWORD });
      expect((await journeyOf(later)).stateApplication?.status).toBe('lapsed');
    } finally {
      offset = 0;
    }
  });
});
