import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate.js';
import { goodPayment, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { applicationsOf, paymentsOf, registerPatient } from '../../test/patients.js';

// Issue 22: one money story, chosen by the clinic. The fee schedule's `stateApplication` is
// read at payment and fixed on the application. `clinic_submits`: the charge is the state fee
// and the service fee, the state fee part is recorded apart (passed on to OMMA, not revenue)
// and the patient must authorize the clinic to apply (stateApplicationAuthorized, stored with
// its words and time like the consent). `patient_submits`: the service fee alone.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t.app, 'master_admin');
});
afterAll(() => t.close());

async function setMode(mode: 'clinic_submits' | 'patient_submits') {
  const fees = (await new Client(t.app).get('/api/fees')).json();
  const res = await admin.client.put('/api/admin/fees', {
    new: fees.new,
    renewal: fees.renewal,
    stateApplication: mode,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('clinic_submits (the default)', () => {
  it('refuses a payment without the authorization: 400 naming stateApplicationAuthorized, nothing written', async () => {
    const patient = await registerPatient(t.app);
    for (const stateApplicationAuthorized of [undefined, false]) {
      const res = await patient.client.post(
        '/api/process-payment',
        goodPayment({ stateApplicationAuthorized }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^stateApplicationAuthorized: /);
      expect(res.json().issues).toEqual([
        { path: 'stateApplicationAuthorized', message: res.json().message },
      ]);
    }
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
    expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('charges the state fee with the service fee, records it apart and stores the authorization', async () => {
    const patient = await registerPatient(t.app);
    const before = Date.now();
    const res = await patient.client.post('/api/process-payment', goodPayment());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.amount).toBe('137.30');
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({ amountCents: 13_730, stateFeeCents: 10_430, refundedCents: 0 });
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({
      stateApplicationMode: 'clinic_submits',
      stateApplicationAuthorizationText: translate('en', 'payment.consent.stateApplication'),
    });
    expect(app!.stateApplicationAuthorizedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('patient_submits', () => {
  it('charges the service fee alone, needs no authorization, and checks the amount against it', async () => {
    await setMode('patient_submits');
    try {
      const fees = (await new Client(t.app).get('/api/fees')).json();
      expect(fees.stateApplication).toBe('patient_submits');
      expect(fees.new.standard).toEqual({
        stateFee: '104.30',
        serviceFee: '33.00',
        total: '33.00',
      });

      const patient = await registerPatient(t.app);
      // The clinic_submits total is not what this clinic charges: refused, nothing written.
      const stale = await patient.client.post('/api/process-payment', goodPayment());
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe('The amount does not match the fee schedule ($33.00)');
      expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);

      const res = await patient.client.post(
        '/api/process-payment',
        goodPayment({ amount: '33.00', stateApplicationAuthorized: undefined }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payment.amount).toBe('33.00');
      expect(res.json().application.amount).toBe('33.00');
      const [payment] = await paymentsOf(t.app, patient.patientId);
      expect(payment).toMatchObject({ amountCents: 3_300, stateFeeCents: 0 });
      const [app] = await applicationsOf(t.app, patient.patientId);
      expect(app).toMatchObject({
        stateApplicationMode: 'patient_submits',
        stateApplicationAuthorizedAt: null,
        stateApplicationAuthorizationText: null,
      });
    } finally {
      await setMode('clinic_submits');
    }
  });

  it('an application keeps the mode it was paid under when the clinic changes it', async () => {
    const patient = await registerPatient(t.app);
    expect((await patient.client.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    await setMode('patient_submits');
    try {
      const [app] = await applicationsOf(t.app, patient.patientId);
      expect(app).toMatchObject({ stateApplicationMode: 'clinic_submits', amountCents: 13_730 });
      const [payment] = await paymentsOf(t.app, patient.patientId);
      expect(payment).toMatchObject({ stateFeeCents: 10_430 });
      // The patient's screens word the application by its own mode, not the schedule's.
      const [view] = (await patient.client.get('/api/applications')).json();
      expect(view).toMatchObject({ stateApplicationMode: 'clinic_submits', amount: '137.30' });
    } finally {
      await setMode('clinic_submits');
    }
  });
});
