import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { patientProfiles } from './users.js';

/** A charge attempt. Card numbers and CVVs are never stored: only brand and last four. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerTransactionId: text('provider_transaction_id'),
    paymentMethod: text('payment_method'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the processor approved the charge: for an authorization, when the hold began. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the held fee was taken (approval); revenue counts from here. */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /**
     * What the clinic decided to do with the authorization and has not yet heard the processor
     * confirm ('capture' | 'void' | 'refund'): written with the decision, cleared with the
     * processor's answer, so a crash between the two is finished by upkeep (ADR 0010).
     */
    pendingAction: text('pending_action'),
    pendingActionAt: timestamp('pending_action_at', { withTimezone: true }),
    /**
     * When the patient made the dispensary statement (notAtDispensary) with this payment's
     * attempt; null without one. Written with the pending row, so reconciliation after a crash
     * queues the patient as the live request would have (issue 21, item 6).
     */
    notAtDispensaryAt: timestamp('not_at_dispensary_at', { withTimezone: true }),
    /**
     * Issue 22: the part of amount_cents that is OMMA's state fee (0 when the patient pays OMMA
     * themselves): passed on to OMMA, not revenue. refunded_cents: given back by a partial
     * refund (the state fee of an application the clinic did not submit) while the payment
     * stays captured for the service fee.
     */
    stateFeeCents: integer('state_fee_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [
    // A double submit or a second tab can never charge twice: one pending, held or taken
    // payment per application, and one payment per idempotency key.
    uniqueIndex('payments_one_live_key')
      .on(t.applicationId)
      .where(sql`${t.status} in ('pending', 'authorized', 'captured')`),
    uniqueIndex('payments_idempotency_key').on(t.patientId, t.idempotencyKey),
    index('payments_transaction_idx').on(t.providerTransactionId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Each refund the processor reported on a payment by webhook (issue 22), by the refund's own
 * transaction id: a notification sent again counts once. `source`: 'processor' for a refund
 * made at the processor (added to the payment's refunded_cents), 'clinic' for the echo of one
 * the clinic had recorded itself (the desk's state-fee refund; nothing added).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    providerRefundId: text('provider_refund_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_key').on(t.providerRefundId),
    index('payment_refunds_payment_idx').on(t.paymentId),
  ],
);

/**
 * The payment simulator's own ledger: what it charged, written before it answers, as a real
 * processor charges before answering. Reconciliation after a crash asks it (simulator.ts).
 */
export const simulatorCharges = pgTable('simulator_charges', {
  reference: text('reference').primaryKey(),
  approved: boolean('approved').notNull(),
  /** authorized, captured, voided or refunded (declined rows keep 'declined'). */
  status: text('status').notNull().default('authorized'),
  transactionId: text('transaction_id').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
