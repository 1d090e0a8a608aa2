import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { paymentsOf, registerPatient } from '../../test/patients.js';

// The fee schedule (ruling 4): defaults, changed by the operator, and what a payment charges.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULTS = {
  new: {
    standard: { stateFee: '104.00', serviceFee: '33.00', total: '137.00' },
    reduced: { stateFee: '20.00', serviceFee: '10.00', total: '30.00' },
  },
  renewal: {
    standard: { stateFee: '104.00', serviceFee: '33.00', total: '137.00' },
    reduced: { stateFee: '20.00', serviceFee: '10.00', total: '30.00' },
  },
};

const schedule = (newStandard: { stateFee: string; serviceFee: string }) => ({
  new: { standard: newStandard, reduced: { stateFee: '20.00', serviceFee: '10.00' } },
  renewal: {
    standard: { stateFee: '104.00', serviceFee: '33.00' },
    reduced: { stateFee: '20.00', serviceFee: '10.00' },
  },
});

describe('GET /api/fees', () => {
  it('serves the default schedule to anyone, signed in or not', async () => {
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
      goodPayment({ applicationType: 'renewal', amount: '137.00' }),
    );
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(renewal.json().application).toMatchObject({ type: 'renewal', amount: '137.00' });
  });
});
