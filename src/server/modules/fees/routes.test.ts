import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeSchedule } from '../../db/schema/index.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { paymentsOf, registerPatient } from '../../test/patients.js';

// The fee schedule (ruling 4): defaults, changed by the operator, and what a payment charges.
// Issue 22: OMMA's own state fees by default, and who applies to OMMA (`stateApplication`).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULTS = {
  new: {
    standard: { stateFee: '104.30', serviceFee: '33.00', total: '137.30' },
    reduced: { stateFee: '22.50', serviceFee: '10.00', total: '32.50' },
  },
  renewal: {
    standard: { stateFee: '104.30', serviceFee: '33.00', total: '137.30' },
    reduced: { stateFee: '22.50', serviceFee: '10.00', total: '32.50' },
  },
  stateApplication: 'clinic_submits',
};

const schedule = (newStandard: { stateFee: string; serviceFee: string }) => ({
  new: { standard: newStandard, reduced: { stateFee: '22.50', serviceFee: '10.00' } },
  renewal: {
    standard: { stateFee: '104.30', serviceFee: '33.00' },
    reduced: { stateFee: '22.50', serviceFee: '10.00' },
  },
});

describe('GET /api/fees', () => {
  it('serves the default schedule to anyone, signed in or not: OMMA fees, the clinic submits', async () => {
    const res = await new Client(t.app).get('/api/fees');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });
});

describe('PUT /api/admin/fees', () => {
  it('is refused without the financial permission and changes nothing', async () => {
    const { client } = await signedInAs(t.app, 'operations_admin');
    const res = await client.put(
      '/api/admin/fees',
      schedule({ stateFee: '1.00', serviceFee: '0.00' }),
    );
    expect(res.statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/fees')).json()).toEqual(DEFAULTS);
  });

  it('refuses an amount that is not money', async () => {
    const { client } = await signedInAs(t.app, 'master_admin');
    const res = await client.put(
      '/api/admin/fees',
      schedule({ stateFee: 'lots', serviceFee: '33.00' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter an amount such as 104.00');
    expect((await new Client(t.app).get('/api/fees')).json()).toEqual(DEFAULTS);
  });

  it('by a master admin changes what GET serves and what a payment charges', async () => {
    // A patient who saw the old price on the payment screen.
    const early = await registerPatient(t.app);

    const { client, id } = await signedInAs(t.app, 'master_admin');
    const res = await client.put(
      '/api/admin/fees',
      schedule({ stateFee: '110.00', serviceFee: '40.50' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...DEFAULTS,
      new: {
        ...DEFAULTS.new,
        standard: { stateFee: '110.00', serviceFee: '40.50', total: '150.50' },
      },
    };
    expect(res.json()).toEqual(expected);
    expect((await new Client(t.app).get('/api/fees')).json()).toEqual(expected);
    const rows = await auditRows(t.app, { actorId: id });
    expect(rows.filter((r) => r.action === 'fees.update')).toEqual([
      expect.objectContaining({ actorRole: 'master_admin', targetType: 'fee_schedule' }),
    ]);

    // The old total no longer matches the schedule: refused, nothing charged.
    const stale = await early.client.post('/api/process-payment', goodPayment());
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('The amount does not match the fee schedule ($150.50)');
    expect(await paymentsOf(t.app, early.patientId)).toEqual([]);

    // Without an amount the server prices it; with the new total it agrees.
    const paid = await early.client.post(
      '/api/process-payment',
      goodPayment({ amount: undefined }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().application.amount).toBe('150.50');
    expect(paid.json().payment.amount).toBe('150.50');
    const [payment] = await paymentsOf(t.app, early.patientId);
    expect(payment).toMatchObject({ amountCents: 15_050, status: 'authorized' });

    const other = await registerPatient(t.app);
    const renewal = await other.client.post(
      '/api/process-payment',
      goodPayment({ applicationType: 'renewal', amount: '137.30' }),
    );
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(renewal.json().application).toMatchObject({ type: 'renewal', amount: '137.30' });
  });
});

describe('who applies to OMMA (stateApplication)', () => {
  const fees = async () => (await new Client(t.app).get('/api/fees')).json();
  const figures = (f: typeof DEFAULTS) => ({
    new: { standard: f.new.standard, reduced: f.new.reduced },
    renewal: { standard: f.renewal.standard, reduced: f.renewal.reduced },
  });

  it('refuses a mode that is not one, naming the field, and changes nothing', async () => {
    const { client } = await signedInAs(t.app, 'master_admin');
    const before = await fees();
    const res = await client.put('/api/admin/fees', {
      ...figures(before),
      stateApplication: 'doctor_submits',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'stateApplication', message: 'Choose clinic_submits or patient_submits' },
    ]);
    expect(await fees()).toEqual(before);
  });

  it('a change of mode is served by GET, audited, and a PUT without one keeps it', async () => {
    const { client, id } = await signedInAs(t.app, 'master_admin');
    const before = await fees();
    const res = await client.put('/api/admin/fees', {
      ...figures(before),
      stateApplication: 'patient_submits',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The schedule's figures stay; what the patient pays the clinic is the service fee alone.
    expect(res.json()).toMatchObject({
      stateApplication: 'patient_submits',
      new: {
        standard: { stateFee: before.new.standard.stateFee, total: before.new.standard.serviceFee },
      },
    });
    expect((await fees()).stateApplication).toBe('patient_submits');
    const audits = (await auditRows(t.app, { actorId: id })).filter(
      (r) => r.action === 'fees.update',
    );
    expect(audits.at(-1)!.details).toMatchObject({
      changes: [],
      stateApplication: { from: 'clinic_submits', to: 'patient_submits' },
    });

    // An older client's save (no mode) changes a fee and keeps the mode in force.
    const older = await client.put(
      '/api/admin/fees',
      schedule({ stateFee: '104.30', serviceFee: '34.00' }),
    );
    expect(older.statusCode, older.body).toBe(200);
    expect((await fees()).stateApplication).toBe('patient_submits');

    const back = await client.put('/api/admin/fees', {
      ...figures(before),
      stateApplication: 'clinic_submits',
    });
    expect(back.statusCode).toBe(200);
    expect(await fees()).toEqual(before);
  });
});

describe('a schedule stored before issue 22', () => {
  it('keeps its figures and reads as clinic_submits', async () => {
    const old = {
      new: {
        standard: { stateFeeCents: 10_400, serviceFeeCents: 3_300 },
        reduced: { stateFeeCents: 2_000, serviceFeeCents: 1_000 },
      },
      renewal: {
        standard: { stateFeeCents: 10_400, serviceFeeCents: 3_300 },
        reduced: { stateFeeCents: 2_000, serviceFeeCents: 1_000 },
      },
    };
    await t.app.ctx.db
      .insert(feeSchedule)
      .values({ id: 1, schedule: old })
      .onConflictDoUpdate({ target: feeSchedule.id, set: { schedule: old } });
    const res = await new Client(t.app).get('/api/fees');
    expect(res.json()).toMatchObject({
      new: { standard: { stateFee: '104.00', total: '137.00' } },
      stateApplication: 'clinic_submits',
    });
  });
});
