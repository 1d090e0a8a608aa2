import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, stateApplications } from '../../db/schema/index.js';
import { signedInAs } from '../../test/fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { createTestApp } from '../../test/harness.js';
import { clinicClock, noonTimeZone, seedJourney } from '../../test/matrix/operations.js';

// Issue 22: the state fees the clinic collects for OMMA are not revenue. Billing shows them
// apart, by what became of each (held until the desk submits, paid to OMMA, refunded because
// the application was not submitted), and revenue is what was taken less refunds less state
// fees. The desk writes state_fee_status; here the rows are inserted as it leaves them.

const zone = noonTimeZone();
const { at, today } = clinicClock(zone);

let t: TestApp;
let master: Client;

/** A captured $137.30 payment today ($104.30 of it OMMA's) and its desk row. */
async function paidToday(
  hour: number,
  stateFee: { status: 'held' | 'paid' | 'refunded' } | null,
  refundedCents = 0,
) {
  const seeded = await seedJourney(t, {
    registeredAt: at(0, hour),
    payment: { cents: stateFee ? 13_730 : 3_300, at: at(0, hour, 5) },
  });
  await t.app.ctx.db
    .update(payments)
    .set({ stateFeeCents: stateFee ? 10_430 : 0, refundedCents })
    .where(eq(payments.applicationId, seeded.applicationId));
  if (stateFee)
    await t.app.ctx.db.insert(stateApplications).values({
      applicationId: seeded.applicationId,
      patientId: seeded.patientId,
      mode: 'clinic_submits',
      status: stateFee.status === 'paid' ? 'submitted' : 'preparing',
      signedOn: today,
      submitBy: today,
      stateFeeCents: 10_430,
      stateFeeStatus: stateFee.status,
    });
}

beforeAll(async () => {
  t = await createTestApp({ config: { CLINIC_TIMEZONE: zone.timeZone } });
  master = (await signedInAs(t.app, 'master_admin')).client;
  await paidToday(1, { status: 'held' });
  await paidToday(2, { status: 'paid' });
  // The desk refunded the state fee of an application it did not submit.
  await paidToday(3, { status: 'refunded' }, 10_430);
  // patient_submits: the service fee alone, $5.00 of it given back at the processor.
  await paidToday(4, null, 500);
});
afterAll(() => t.close());

describe('state fees in Billing', () => {
  it('are shown apart and left out of revenue, as are refunds', async () => {
    const res = await master.get('/api/admin/billing-verification');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      // 4 × $33.00 service fees, less the $5.00 refunded.
      revenue: '127.00',
      stateFees: { held: '104.30', paidToOmma: '104.30', refunded: '104.30' },
      refunds: '5.00',
      overview: { totalRevenue: '127.00' },
    });
  });

  it('analytics count the same revenue', async () => {
    const res = await master.get('/api/admin/analytics?days=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revenue.total).toBe('127.00');
  });
});
