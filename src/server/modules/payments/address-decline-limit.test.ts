import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import { goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { paymentsOf, registerPatient, type TestPatient } from '../../test/patients.js';
import { SimulatorGateway } from './simulator.js';

// Card testing across accounts (issue 21, item 3): twenty accounts from one address may not
// run a hundred declines. Declined charges count per address (10 an hour) before the processor
// is called, so a burst of parallel charges cannot race past the limit; approved ones give
// their slot back. The two-node case (counts shared through Redis) is in
// rate-limit/redis-counters.test.ts.

const HOUR = 60 * 60_000;
const DECLINED = '4000 0000 0000 0002';
const LIMIT = RATE_LIMITS.declinedChargesPerAddress.max;
const REFUSED = {
  message: 'Too many declined payments from this address. Please try again in 60 minutes.',
  code: 'TOO_MANY_REQUESTS',
};

/** The simulator, counting what reaches it; each charge takes a while, as a real one does. */
class SlowCountingSimulator extends SimulatorGateway {
  charges = 0;
  override async authorize(request: Parameters<SimulatorGateway['authorize']>[0]) {
    this.charges++;
    await new Promise((r) => setTimeout(r, 150));
    return super.authorize(request);
  }
}

const gateway = new SlowCountingSimulator();
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      declinedCharges: RATE_LIMITS.declinedCharges,
      declinedChargesPerAddress: RATE_LIMITS.declinedChargesPerAddress,
    },
    payments: gateway,
    now: () => clock,
  });
});
afterAll(() => t.close());

const pay = (patient: TestPatient, card: string, remoteAddress: string) =>
  patient.client.request({
    method: 'POST',
    url: '/api/process-payment',
    payload: goodPayment({ cardNumber: card }),
    remoteAddress,
  });

const accounts = async (n: number) => {
  const made: TestPatient[] = [];
  for (let i = 0; i < n; i++) made.push(await registerPatient(t.app));
  return made;
};

describe('declined charges per address', () => {
  it('is 10 an hour', () => {
    expect(RATE_LIMITS.declinedChargesPerAddress).toEqual({ max: 10, windowMs: HOUR });
  });

  it('twenty accounts from one address: the 11th decline attempt is refused before the processor', async () => {
    const address = '198.51.100.7';
    const patients = await accounts(20);
    const before = gateway.charges;
    for (const patient of patients.slice(0, LIMIT))
      expect((await pay(patient, DECLINED, address)).statusCode).toBe(402);
    expect(gateway.charges - before).toBe(LIMIT);

    for (const patient of patients.slice(LIMIT)) {
      const refused = await pay(patient, DECLINED, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(REFUSED);
      expect(refused.headers['retry-after']).toBe(String(HOUR / 1000));
      // Nothing reached the processor and nothing was written.
      expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);
    }
    expect(gateway.charges - before).toBe(LIMIT);
    // A good card from that address waits too: the address cannot tell it from a test.
    expect((await pay(patients[19]!, '4242 4242 4242 4242', address)).statusCode).toBe(429);

    // Another address is not affected, and the window ends after an hour.
    expect((await pay(patients[18]!, DECLINED, '198.51.100.8')).statusCode).toBe(402);
    clock += HOUR;
    const [fresh] = await accounts(1);
    expect((await pay(fresh!, DECLINED, address)).statusCode).toBe(402);
  });

  it('parallel charges from many accounts cannot run past the limit', async () => {
    const address = '198.51.100.20';
    const patients = await accounts(LIMIT + 6);
    const before = gateway.charges;
    const answers = await Promise.all(patients.map((p) => pay(p, DECLINED, address)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 402)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(gateway.charges - before).toBe(LIMIT);
    for (const refused of answers.filter((a) => a.statusCode === 429))
      expect(refused.json()).toEqual(REFUSED);
  });

  it('approved charges do not count', async () => {
    const address = '198.51.100.30';
    const [a, b, c, d] = await accounts(4);
    // Approved charges, as many in parallel as the address has slots, each holding one while
    // it runs (more at once would wait: a slot is taken before the processor answers).
    const approved = await Promise.all(
      (await accounts(LIMIT)).map((p) => pay(p, '4242 4242 4242 4242', address)),
    );
    expect(approved.map((r) => r.statusCode)).toEqual(approved.map(() => 200));
    // Then the address still has all ten declines (five per account: that account's limit).
    for (const patient of [a!, b!])
      for (let i = 0; i < 5; i++)
        expect((await pay(patient, DECLINED, address)).statusCode).toBe(402);
    expect((await pay(c!, DECLINED, address)).json()).toEqual(REFUSED);
    expect((await pay(d!, '4242 4242 4242 4242', address)).statusCode).toBe(429);
  });
});
