import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import { addDays, addYears } from '../../../shared/state-application.js';
import { auditLog, patientLicenses } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type PaidPatient, paidPatient, registerPatient } from '../../test/patients.js';
import {
  licenseRow,
  setStateApplication,
  stateApplicationRow,
} from '../../test/state-application-rows.js';
import { CLINIC_SUBMITS, NO_STATE_APPLICATION } from './licence-service.js';

// POST /api/patient/state-application ("I have applied", patient_submits) and
// PUT /api/patient/license (the patient's own licence): the refusals (staff, the wrong mode, no
// state application, bad and future dates) answer clearly and write nothing; the writes land
// with their audit row.

let t: TestApp;
let patient: PaidPatient;
const today = () => todayIso(t.app.ctx.config.CLINIC_TIMEZONE, new Date(t.app.ctx.now()));
const ids = () => ({ applicationId: patient.application.id, patientId: patient.patientId });

beforeAll(async () => {
  t = await createTestApp();
  patient = await paidPatient(t.app);
});
afterAll(() => t.close());

const auditCount = async () => (await t.app.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Sends the request and proves a refusal wrote nothing (no row change, no audit row). */
async function refused(client: Client, url: string, method: 'POST' | 'PUT', payload: object) {
  const before = {
    audit: await auditCount(),
    state: await stateApplicationRow(t.app, patient.application.id),
    license: await licenseRow(t.app, patient.patientId),
  };
  const res = await client.request({ method, url, payload: payload as Record<string, unknown> });
  expect({
    audit: await auditCount(),
    state: await stateApplicationRow(t.app, patient.application.id),
    license: await licenseRow(t.app, patient.patientId),
  }).toEqual(before);
  return res;
}

describe('POST /api/patient/state-application', () => {
  const URL = '/api/patient/state-application';

  it('409 with no state application (before approval)', async () => {
    const fresh = await registerPatient(t.app);
    const res = await fresh.client.post(URL, { submittedOn: today() });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(NO_STATE_APPLICATION);
  });

  it('409 in clinic_submits: the clinic records the submission', async () => {
    await setStateApplication(t.app, ids(), {
      mode: 'clinic_submits',
      signedOn: addDays(today(), -3),
    });
    const res = await refused(patient.client, URL, 'POST', { submittedOn: today() });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CLINIC_SUBMITS);
  });

  it('400 naming submittedOn for a missing, malformed, future or out-of-window date', async () => {
    const signedOn = addDays(today(), -40);
    await setStateApplication(t.app, ids(), { mode: 'patient_submits', signedOn });
    const cases: [object, RegExp][] = [
      [{}, /^submittedOn must be a date/],
      [{ submittedOn: '31/12/2026' }, /^submittedOn must be a date/],
      [{ submittedOn: addDays(today(), 1) }, /^submittedOn cannot be in the future$/],
      [{ submittedOn: addDays(signedOn, -1) }, /^submittedOn cannot be before your recommendation/],
      [
        { submittedOn: addDays(signedOn, 31) },
        /^submittedOn must be on or before .*, the last day/,
      ],
      [
        { submittedOn: today(), ommaApplicationNumber: 'x'.repeat(61) },
        /^ommaApplicationNumber must be at most 60/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await refused(patient.client, URL, 'POST', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().issues[0].path).toBe(
        'ommaApplicationNumber' in body ? 'ommaApplicationNumber' : 'submittedOn',
      );
    }
  });

  it('records that the patient applied, audited; the journey shows it; a correction is allowed', async () => {
    const signedOn = addDays(today(), -10);
    const row = await setStateApplication(t.app, ids(), { mode: 'patient_submits', signedOn });
    const res = await patient.client.post(URL, {
      submittedOn: addDays(today(), -2),
      ommaApplicationNumber: '  OMMA-555  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      mode: 'patient_submits',
      status: 'submitted',
      ommaApplicationNumber: 'OMMA-555',
      submittedOn: addDays(today(), -2),
      submitBy: addDays(signedOn, 30),
    });
    expect(await stateApplicationRow(t.app, patient.application.id)).toMatchObject({
      status: 'submitted',
      ommaApplicationNumber: 'OMMA-555',
      submittedOn: addDays(today(), -2),
      updatedBy: patient.userId,
    });
    const audits = await auditRows(t.app, { targetId: row.id });
    expect(audits.map((a) => [a.action, a.patientIds, a.details])).toEqual([
      ['state_application.patient_applied', [patient.userId], { correction: false }],
    ]);
    const journey = (await patient.client.get('/api/patient/journey')).json();
    expect(journey.stateApplication).toMatchObject({ status: 'submitted' });

    // The patient fixes the date and drops the number.
    const again = await patient.client.post(URL, { submittedOn: addDays(today(), -1) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      submittedOn: addDays(today(), -1),
      ommaApplicationNumber: null,
    });
  });

  it('409 once OMMA decided', async () => {
    await setStateApplication(t.app, ids(), { mode: 'patient_submits', status: 'approved' });
    const res = await refused(patient.client, URL, 'POST', { submittedOn: today() });
    expect(res.statusCode, res.body).toBe(409);
  });

  it('403 for staff, nothing written', async () => {
    await setStateApplication(t.app, ids(), { mode: 'patient_submits' });
    for (const role of ['doctor', 'admin'] as const) {
      const staff = await signedInAs(t.app, role);
      const res = await refused(staff.client, URL, 'POST', { submittedOn: today() });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('PUT /api/patient/license', () => {
  const URL = '/api/patient/license';

  it('400 naming the field for a bad body or an expiry beyond a licence term, nothing written', async () => {
    const cases: [object, string][] = [
      [{ expiresOn: addDays(today(), 100) }, 'licenseNumber'],
      [{ licenseNumber: '   ', expiresOn: addDays(today(), 100) }, 'licenseNumber'],
      [{ licenseNumber: 'PAAA-1', expiresOn: 'next year' }, 'expiresOn'],
      [{ licenseNumber: 'PAAA-1', expiresOn: addDays(addYears(today(), 2), 1) }, 'expiresOn'],
    ];
    for (const [body, field] of cases) {
      const res = await refused(patient.client, URL, 'PUT', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
      expect(res.json().message).toContain(field);
    }
  });

  it('403 for staff, nothing written', async () => {
    const staff = await signedInAs(t.app, 'admin_assistant');
    const res = await refused(staff.client, URL, 'PUT', {
      licenseNumber: 'PAAA-1',
      expiresOn: addDays(today(), 100),
    });
    expect(res.statusCode).toBe(403);
  });

  it('creates the licence, a new expiry resets its reminders, the same expiry keeps them; audited', async () => {
    const expiresOn = addDays(today(), 300);
    const res = await patient.client.put(URL, { licenseNumber: 'PAAA-7777-OKLA', expiresOn });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ licenseNumber: 'PAAA-7777-OKLA', issuedOn: null, expiresOn });
    const row = await licenseRow(t.app, patient.patientId);
    expect(row).toMatchObject({ source: 'patient', remindersSent: [], expiresOn });

    // Reminders sent for this expiry stay when the number is corrected on the same expiry…
    await t.app.ctx.db
      .update(patientLicenses)
      .set({ remindersSent: [60] })
      .where(eq(patientLicenses.patientId, patient.patientId));
    await patient.client.put(URL, { licenseNumber: 'PAAA-7777-OKLB', expiresOn });
    expect((await licenseRow(t.app, patient.patientId))!.remindersSent).toEqual([60]);
    // …and start afresh for a new expiry.
    const renewed = addDays(today(), 700);
    await patient.client.put(URL, { licenseNumber: 'PAAA-7777-OKLB', expiresOn: renewed });
    expect(await licenseRow(t.app, patient.patientId)).toMatchObject({
      expiresOn: renewed,
      remindersSent: [],
      licenseNumber: 'PAAA-7777-OKLB',
    });

    const audits = await auditRows(t.app, { targetId: row!.id });
    expect(audits.map((a) => [a.action, a.patientIds, a.details])).toEqual([
      ['patient.update_license', [patient.userId], { created: true, expiryChanged: true }],
      ['patient.update_license', [patient.userId], { created: false, expiryChanged: false }],
      ['patient.update_license', [patient.userId], { created: false, expiryChanged: true }],
    ]);
    // No licence number in the audit trail.
    expect(JSON.stringify(audits)).not.toContain('PAAA');
    const journey = (await patient.client.get('/api/patient/journey')).json();
    expect(journey.license).toEqual({
      licenseNumber: 'PAAA-7777-OKLB',
      issuedOn: null,
      expiresOn: renewed,
    });
  });

  it('replaces the desk’s licence: a new number drops its issue date and state application', async () => {
    const other = await paidPatient(t.app);
    const state = await setStateApplication(
      t.app,
      { applicationId: other.application.id, patientId: other.patientId },
      { status: 'approved' },
    );
    await t.app.ctx.db.insert(patientLicenses).values({
      patientId: other.patientId,
      licenseNumber: 'DESK-1',
      issuedOn: today(),
      expiresOn: addDays(today(), 700),
      source: 'desk',
      stateApplicationId: state.id,
    });
    await other.client.put(URL, { licenseNumber: 'DESK-1', expiresOn: addDays(today(), 699) });
    expect(await licenseRow(t.app, other.patientId)).toMatchObject({
      issuedOn: today(),
      stateApplicationId: state.id,
      source: 'patient',
    });
    await other.client.put(URL, { licenseNumber: 'MINE-2', expiresOn: addDays(today(), 699) });
    expect(await licenseRow(t.app, other.patientId)).toMatchObject({
      issuedOn: null,
      stateApplicationId: null,
    });
  });
});
