import { sql } from 'drizzle-orm';
import { payments, stateApplications } from '../../db/schema/index.js';

// What a captured payment earned the clinic (issue 22): the state fee it collected for OMMA is
// not revenue (held until the desk submits, then paid to OMMA, or refunded), and what was given
// back is not revenue either. Queries using these join state_applications on the payment's
// application (a left join: patient_submits payments carry no state fee).

/** The state fee's fate: 'held' | 'paid' | 'refunded' (a payment without a desk row: held). */
export const stateFeeStatus = sql<string>`coalesce(${stateApplications.stateFeeStatus}, 'held')`;

/**
 * One payment's revenue in cents: what it took, less what was refunded, less the state fee
 * unless the state fee is what was refunded (it is counted once, not twice).
 */
export const revenueCents = sql`(${payments.amountCents} - ${payments.refundedCents} - case when ${stateFeeStatus} = 'refunded' then 0 else ${payments.stateFeeCents} end)`;

/** The state fee part collected with the payment, in one of the three buckets. */
export const stateFeeIn = (status: 'held' | 'paid' | 'refunded') =>
  sql<string>`coalesce(sum(${payments.stateFeeCents}) filter (where ${payments.stateFeeCents} > 0 and ${stateFeeStatus} = ${status}), 0)`;

/** Refunds of anything but the state fee (a partial or full refund of the service fee). */
export const otherRefundCents = sql`(${payments.refundedCents} - case when ${stateFeeStatus} = 'refunded' then ${payments.stateFeeCents} else 0 end)`;
