import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorGateway } from '../modules/payments/simulator.js';
import { centerUpload, dashboardUpload, pdfBytes } from '../test/files.js';
import { goodPayment, PASSWORD, validRegistration } from '../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../test/harness.js';
import { paymentsOf, registerPatient } from '../test/patients.js';
import { RATE_LIMITS } from './limits.js';

// Request limits with the real values (issue 10, defect 7) and an injected clock.

const HOUR = 60 * 60_000;
const DECLINED = '4000 0000 0000 0002';

class CountingSimulator extends SimulatorGateway {
  charges = 0;
  override async authorize(request: Parameters<SimulatorGateway['authorize']>[0]) {
    this.charges++;
    return super.authorize(request);
  }
}

const gateway = new CountingSimulator();
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      registration: RATE_LIMITS.registration,
      declinedCharges: RATE_LIMITS.declinedCharges,
      adminSetup: RATE_LIMITS.adminSetup,
      uploads: { max: 3, windowMs: HOUR },
    },
    payments: gateway,
    now: () => clock,
  });
});
afterAll(() => t.close());

describe('the limits', () => {
  it('are 5 declined charges per account and 20 registrations per address an hour', () => {
    expect(RATE_LIMITS.declinedCharges).toEqual({ max: 5, windowMs: HOUR });
    expect(RATE_LIMITS.registration).toEqual({ max: 20, windowMs: HOUR });
    expect(RATE_LIMITS.uploads.max).toBeGreaterThan(0);
    expect(RATE_LIMITS.adminSetup.max).toBeGreaterThan(0);
  });
});

describe('declined charges', () => {
  const pay = (client: Client, card: string) =>
    client.post('/api/process-payment', goodPayment({ cardNumber: card }));

  it('after 5 declines the account gets 429 with Retry-After; refusals before the processor do not count', async () => {
    const patient = await registerPatient(t.app);
    // Refused before the processor (no consent, a wrong amount): not declines.
    for (let i = 0; i < 8; i++) {
      const refused = await patient.client.post(
        '/api/process-payment',
        goodPayment(i % 2 ? { consent: false } : { amount: '1.00' }),
      );
      expect(refused.statusCode).toBe(400);
    }
    const before = gateway.charges;
    for (let i = 0; i < RATE_LIMITS.declinedCharges.max; i++)
      expect((await pay(patient.client, DECLINED)).statusCode).toBe(402);
    expect(gateway.charges - before).toBe(RATE_LIMITS.declinedCharges.max);

    const stopped = await pay(patient.client, '4242 4242 4242 4242');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.headers['retry-after']).toBe(String(HOUR / 1000));
    expect(stopped.json()).toEqual({
      message: 'Too many declined payments. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // Nothing reached the processor and nothing was written.
    expect(gateway.charges - before).toBe(RATE_LIMITS.declinedCharges.max);
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(
      RATE_LIMITS.declinedCharges.max,
    );

    // Another account is not affected.
    const other = await registerPatient(t.app);
    expect((await pay(other.client, DECLINED)).statusCode).toBe(402);

    clock += HOUR; // the session has idled out by then: sign in again
    await patient.client.post('/api/login', { email: patient.email, password: PASSWORD });
    expect((await pay(patient.client, '4242 4242 4242 4242')).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('allows 20 accounts per address an hour on either route, then 429', async () => {
    const register = (url: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url, payload: validRegistration(), remoteAddress });
    const ip = '192.0.2.10';
    for (let i = 0; i < RATE_LIMITS.registration.max; i++) {
      const url = i % 2 ? '/api/register' : '/api/auth/register';
      expect((await register(url, ip)).statusCode).toBe(201);
    }
    for (const url of ['/api/register', '/api/auth/register']) {
      const refused = await register(url, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(HOUR / 1000));
      expect(refused.json()).toEqual({
        message: 'Too many accounts created from this address. Please try again in 60 minutes.',
        code: 'TOO_MANY_REQUESTS',
      });
    }
    expect((await register('/api/register', '192.0.2.11')).statusCode).toBe(201);
    clock += HOUR;
    expect((await register('/api/register', ip)).statusCode).toBe(201);
  });
});

describe('uploads', () => {
  it('counts both upload routes per account', async () => {
    const a = await registerPatient(t.app);
    const file = { bytes: pdfBytes(), name: 'id.pdf' };
    expect((await centerUpload(a.client, file, { category: 'government_id' })).statusCode).toBe(
      201,
    );
    expect((await dashboardUpload(a.client, file, { type: 'id' })).statusCode).toBeLessThan(429);
    expect((await centerUpload(a.client, file, { category: 'government_id' })).statusCode).toBe(
      201,
    );
    const refused = await centerUpload(a.client, file, { category: 'government_id' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many uploads\. Please try again in/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await dashboardUpload(a.client, file, { type: 'id' })).statusCode).toBe(429);

    const b = await registerPatient(t.app);
    expect((await centerUpload(b.client, file, { category: 'government_id' })).statusCode).toBe(
      201,
    );
  });
});

describe('first admin setup', () => {
  it('allows 10 attempts per address an hour', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/setup',
        payload: {},
        remoteAddress: '192.0.2.77',
      });
    for (let i = 0; i < RATE_LIMITS.adminSetup.max; i++)
      expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many setup attempts/);
  });
});
