import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { applications, type PaymentRow, patientProfiles } from '../../db/schema/index.js';
import type { StateFeeMention } from './money-words.js';

// The visit's transactional messages (issue 13), each queued in the transaction of the change
// it tells about (the payment recorded, the call started, the decision, the review), so the
// message and the change land together or not at all. The dedupe key names the event: a retried
// request or a second node seeing the same change queues nothing more.

/** The account (users.id) of a patient profile, who receives the message. */
async function patientUserId(tx: Executor, patientId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: patientProfiles.userId })
    .from(patientProfiles)
    .where(eq(patientProfiles.id, patientId));
  return row?.userId ?? null;
}

/** Who applies to OMMA for the paid application, and the state fee in the charge (issue 22). */
async function stateFeeMention(tx: Executor, payment: PaymentRow): Promise<StateFeeMention> {
  const [row] = await tx
    .select({ mode: applications.stateApplicationMode })
    .from(applications)
    .where(eq(applications.id, payment.applicationId));
  if (!row?.mode) return {};
  return {
    stateApplication: row.mode as NonNullable<StateFeeMention['stateApplication']>,
    stateFeeCents: payment.stateFeeCents,
  };
}

/** "November 24, 2026": the day the clinic's calendar shows for `at`, in English. */
export function clinicDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(at);
}

/**
 * "2026-11-24": the day the clinic's calendar shows for `at`, as a message carries it; the
 * message puts it in the recipient's language (money-words.ts longDateIn).
 */
export function clinicDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The fee is held on the card (ADR 0010): the message names the hold's amount, day and last four. */
export async function queuePaymentReceipt(ctx: AppContext, tx: Executor, payment: PaymentRow) {
  const userId = await patientUserId(tx, payment.patientId);
  if (!userId || !payment.cardLast4) return;
  await ctx.mail.queue(tx, {
    userId,
    message: {
      kind: 'payment_receipt',
      amountCents: payment.amountCents,
      paidOn: clinicDay(payment.completedAt ?? new Date(), ctx.config.CLINIC_TIMEZONE),
      last4: payment.cardLast4,
      ...(await stateFeeMention(tx, payment)),
    },
    dedupeKey: `receipt:${payment.id}`,
  });
}

/**
 * The hold taken on approval (payments/settle.ts): the receipt for the charge, in the
 * capture's transaction so it is sent once the capture is recorded, and only then.
 */
export async function queuePaymentCaptured(
  ctx: AppContext,
  tx: Executor,
  payment: PaymentRow,
  capturedAt: Date,
) {
  const userId = await patientUserId(tx, payment.patientId);
  if (!userId || !payment.cardLast4) return;
  await ctx.mail.queue(tx, {
    userId,
    message: {
      kind: 'payment_captured',
      amountCents: payment.amountCents,
      capturedOn: clinicDay(capturedAt, ctx.config.CLINIC_TIMEZONE),
      last4: payment.cardLast4,
      ...(await stateFeeMention(tx, payment)),
    },
    dedupeKey: `captured:${payment.id}`,
  });
}

/** The physician opened the call room: the patient is told to join, with the visit's link. */
export async function queuePhysicianReady(
  ctx: AppContext,
  tx: Executor,
  consultation: { id: string; patientId: string; roomId: string },
) {
  const userId = await patientUserId(tx, consultation.patientId);
  if (!userId) return;
  await ctx.mail.queue(tx, {
    userId,
    message: { kind: 'physician_ready', roomId: consultation.roomId },
    dedupeKey: `ready:${consultation.id}`,
  });
}

/**
 * The physician's decision. Not approved: the fee comes back, refunded when it was already
 * taken, otherwise released (a hold voided, or nothing was held).
 */
export async function queueDecision(
  ctx: AppContext,
  tx: Executor,
  decision: {
    consultationId: string;
    patientId: string;
    approved: boolean;
    releasedAs: 'voided' | 'refunded' | null;
  },
) {
  const userId = await patientUserId(tx, decision.patientId);
  if (!userId) return;
  await ctx.mail.queue(tx, {
    userId,
    message: decision.approved
      ? { kind: 'decision_approved' }
      : {
          kind: 'decision_not_approved',
          moneyBack: decision.releasedAs === 'refunded' ? 'refunded' : 'released',
        },
    dedupeKey: `decision:${decision.consultationId}`,
  });
}

/** A reviewer rejected one of the patient's documents (which one is read after signing in). */
export async function queueDocumentRejected(
  ctx: AppContext,
  tx: Executor,
  document: { id: string; patientId: string },
) {
  const userId = await patientUserId(tx, document.patientId);
  if (!userId) return;
  await ctx.mail.queue(tx, {
    userId,
    message: { kind: 'document_rejected' },
    dedupeKey: `doc-rejected:${document.id}`,
  });
}
