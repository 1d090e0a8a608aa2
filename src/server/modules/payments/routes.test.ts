import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPayment, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newPatient() {
  const client = new Client(t.app);
  const res = await client.post('/api/register', validRegistration());
  expect(res.statusCode).toBe(201);
  return client;
}

describe('POST /api/process-payment', () => {
  it('pays, creates the application and joins the queue', async () => {
    const client = await newPatient();
    const res = await client.post('/api/process-payment', goodPayment());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.application).toMatchObject({
      paymentStatus: 'paid',
      status: 'payment_completed',
      amount: '137.00',
      type: 'new',
    });
    expect(body.payment).toMatchObject({
      status: 'succeeded',
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    expect(body.queue).toMatchObject({ status: 'waiting', position: expect.any(Number) });
    const status = await client.get('/api/queue/status');
    expect(status.json()).toMatchObject({ status: 'waiting', applicationId: body.application.id });
  });
});
