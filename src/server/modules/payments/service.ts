import { and, eq, inArray } from 'drizzle-orm';
import { chargeFor } from '../../../shared/fees.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { msg } from '../../../shared/i18n/message-key.js';
import { formatCents, parseDollars } from '../../../shared/money.js';
import { feeCovered } from '../../../shared/payment-status.js';
import { ALREADY_PAID_MESSAGE } from '../../../shared/schemas/application.js';
import type { PatientProfile } from '../../../shared/schemas/auth.js';
import {
  firstPaymentProblem,
  type PaymentInput,
  serverMessage,
} from '../../../shared/schemas/payment.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  type ApplicationRow,
  applications,
  type PaymentRow,
  payments,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n/translate.js';
import { applicationView, findOpenApplication } from '../applications/service.js';
import { hasCurrentDocument } from '../documents/queries.js';
import { currentFeeSchedule } from '../fees/service.js';
import { assertOklahomaAddress } from '../patients/guards.js';
import { queueIfIntakeComplete } from '../queue/intake-gate.js';
import { type ChargeSlot, reserveCharge } from './decline-limit.js';
import { GatewayError } from './gateway.js';
import { lockPatient } from './lock.js';
import { reconcilePayment, reconcileStalePayments } from './reconcile.js';
import { recordAuthorized, recordFailed } from './record.js';
import { settleOutstanding } from './settle.js';

// POST /api/process-payment (issue 3). The rule: validate in the spec's order, price from the
// schedule, record a pending payment under the patient's lock, authorize the card (issue 11:
// the fee is held, taken only on approval; ADR 0010), then in one transaction record the hold
// on the application and the payment and, when the intake is complete and the patient made the
// dispensary statement, join the queue. The unique indexes on payments make a second hold for
// one application impossible; an application whose hold was voided (a removal from the line, a
// lapsed hold) is paid again with a new authorization.

type Patient = PatientProfile & { userId: string };
type Actor = { id: string; role: string };

export { lockPatient } from './lock.js';

export interface PaymentOutcome {
  application: Awaited<ReturnType<typeof applicationView>>;
  payment: {
    id: string;
    status: string;
    amount: string;
    cardBrand: string | null;
    cardLast4: string | null;
  };
  queue: Awaited<ReturnType<AppContext['queue']['statusFor']>>;
  alreadyPaid?: boolean;
}

const paymentView = (p: PaymentRow) => ({
  id: p.id,
  status: p.status,
  amount: formatCents(p.amountCents),
  cardBrand: p.cardBrand,
  cardLast4: p.cardLast4,
});

async function outcome(
  ctx: AppContext,
  patient: Patient,
  app: ApplicationRow,
  payment: PaymentRow,
  alreadyPaid = false,
) {
  return {
    application: await applicationView(ctx.db, app),
    payment: paymentView(payment),
    queue: await ctx.queue.statusFor(patient.id),
    ...(alreadyPaid ? { alreadyPaid } : {}),
  } satisfies PaymentOutcome;
}

async function livePayment(db: Executor, applicationId: string) {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.applicationId, applicationId),
        inArray(payments.status, ['authorized', 'captured']),
      ),
    )
    .limit(1);
  return p ?? null;
}

interface PaymentAttempt {
  patient: Patient;
  actor: Actor;
  input: PaymentInput;
  idempotencyKey?: string;
  ip: string;
  /**
   * Issue 24: the language the consent was shown in (the request's consentLanguage, else the
   * request's language): the consent is stored in its exact words in that language.
   */
  language: Language;
}

export async function processPayment(
  ctx: AppContext,
  args: PaymentAttempt,
): Promise<PaymentOutcome> {
  // Past a declined-charge limit (the account's, the address's) nothing is written and no card
  // reaches the processor; otherwise the charge holds its address's slot until it ends.
  const slot = await reserveCharge(ctx, { userId: args.actor.id, ip: args.ip });
  try {
    return await attemptPayment(ctx, args, slot);
  } finally {
    await slot.release();
  }
}

async function attemptPayment(
  ctx: AppContext,
  args: PaymentAttempt,
  slot: ChargeSlot,
): Promise<PaymentOutcome> {
  const { patient, actor, input, ip } = args;
  const key = args.idempotencyKey?.slice(0, 200) || null;

  // A payment left pending by a crash would hold the live-payment index for good: ask the
  // processor about it first, so this attempt sees it paid or free to retry.
  await reconcileStalePayments(ctx, { patientId: patient.id, ip });
  // A hold the clinic released whose void the processor has not yet confirmed still holds the
  // live-payment index: finish it first so this attempt may authorize again.
  await settleOutstanding(ctx, { patientId: patient.id });

  // Step 1: checks and a pending payment, under the patient's lock.
  const prepared = await ctx.db.transaction(async (tx) => {
    await lockPatient(tx, patient.id);
    if (key) {
      const [seen] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.patientId, patient.id), eq(payments.idempotencyKey, key)))
        .limit(1);
      if (seen) return { kind: 'replay', payment: seen } as const;
    }
    const open = await findOpenApplication(tx, patient.id, { lock: true });
    if (open && feeCovered(open.paymentStatus)) return { kind: 'paid', app: open } as const;

    const hasProof = open ? await hasCurrentDocument(tx, open.id, 'reduced_fee_proof') : false;
    // Issue 22: who applies to OMMA is the schedule's at payment, fixed on the application;
    // when the clinic does, the charge includes the state fee and needs the authorization.
    const reduced = input.hasReducedFee;
    const fee = chargeFor(await currentFeeSchedule(tx), input.applicationType, reduced);
    const problem = firstPaymentProblem(input, hasProof, fee.mode);
    if (problem)
      throw new AppError(
        'BAD_REQUEST',
        serverMessage(problem),
        problem.field === 'stateApplicationAuthorized'
          ? [{ path: problem.field, message: serverMessage(problem) }]
          : undefined,
      );
    assertOklahomaAddress(patient);

    if (
      input.amount !== undefined &&
      input.amount !== '' &&
      parseDollars(input.amount) !== fee.totalCents
    )
      throw new AppError(
        'BAD_REQUEST',
        msg('intake.error.amountMismatch', { amount: formatCents(fee.totalCents) }),
      );

    const fields = {
      type: input.applicationType,
      amountCents: fee.totalCents,
      hasReducedFee: reduced,
      reducedFeeReason: reduced ? (input.reducedFeeReason as string) : null,
      consentAt: new Date(),
      consentText: translate(args.language, 'payment.consent.telehealth'),
      consentLanguage: args.language,
      stateApplicationMode: fee.mode,
      // Stored as the consent is: the words the patient agreed to, and when.
      stateApplicationAuthorizedAt: fee.mode === 'clinic_submits' ? new Date() : null,
      stateApplicationAuthorizationText:
        fee.mode === 'clinic_submits'
          ? translate(args.language, 'payment.consent.stateApplication')
          : null,
      updatedAt: new Date(),
    };
    const [app] = open
      ? await tx.update(applications).set(fields).where(eq(applications.id, open.id)).returning()
      : await tx
          .insert(applications)
          .values({ patientId: patient.id, ...fields })
          .returning();
    try {
      const [payment] = await tx
        .insert(payments)
        .values({
          applicationId: app!.id,
          patientId: patient.id,
          amountCents: fee.totalCents,
          // The part passed on to OMMA (not revenue): written with the attempt, so whichever
          // path records the charge (this request or reconciliation) keeps it.
          stateFeeCents: fee.stateFeeCents,
          status: 'pending',
          provider: ctx.payments.name,
          paymentMethod: input.paymentMethod || null,
          idempotencyKey: key,
          // The statement travels with the payment: whoever learns of the approval (this
          // request or reconciliation after a crash) queues the patient with it.
          notAtDispensaryAt: input.notAtDispensary ? new Date() : null,
        })
        .returning();
      return { kind: 'charge', app: app!, payment: payment! } as const;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', msg('payment.error.inProgress'));
      throw err;
    }
  });

  if (prepared.kind === 'replay') return replay(ctx, patient, prepared.payment);
  // Issue 11: a payment settled another way (an earlier attempt without the statement) still
  // queues the patient who makes the dispensary statement with this attempt, once the intake
  // is complete.
  const queueAsked = input.notAtDispensary ? { actor, ip } : null;
  if (prepared.kind === 'paid') {
    const done = await livePayment(ctx.db, prepared.app.id);
    if (!done) throw new AppError('CONFLICT', ALREADY_PAID_MESSAGE);
    if (queueAsked) await queueAfterPayment(ctx, prepared.app.id, queueAsked);
    return outcome(ctx, patient, prepared.app, done, true);
  }

  // Step 2: the authorization, outside any transaction (it can take seconds).
  const { app, payment } = prepared;
  let result: Awaited<ReturnType<AppContext['payments']['authorize']>>;
  try {
    result = await ctx.payments.authorize({
      amountCents: payment.amountCents,
      cardNumber: input.cardNumber,
      expiryDate: input.expiryDate,
      cvv: input.cvv,
      billingName: input.billingName,
      reference: payment.id,
      description: `Medical marijuana ${app.type === 'renewal' ? 'renewal' : 'new license'} evaluation`,
    });
  } catch (err) {
    if (err instanceof GatewayError && !err.notCharged) {
      // No answer (a timeout, a dropped connection, a hold for review) does not mean no charge: ask the processor
      // what became of this reference. Unless it knows, the payment stays pending (the live
      // index refuses a second charge) until reconciliation concludes once it is stale.
      const found = await reconcilePayment(ctx, payment, { actor, ip }, { live: true });
      if (found === 'declined') await slot.declined();
      if (found === 'authorized' || found === 'declined')
        return resolvedMeanwhile(ctx, patient, payment.id, queueAsked);
      slot.keep();
      throw new AppError('BAD_GATEWAY', PAYMENT_BEING_CHECKED);
    }
    const recorded = await recordFailed(
      ctx,
      payment,
      { status: 'error', message: 'Payment could not be processed' },
      { actor, ip },
    );
    if (!recorded) return resolvedMeanwhile(ctx, patient, payment.id, queueAsked);
    if (err instanceof GatewayError)
      throw new AppError('BAD_GATEWAY', msg('payment.error.tryAgain'));
    throw err;
  }
  if (!result.approved) {
    const recorded = await recordFailed(
      ctx,
      payment,
      { status: 'declined', message: result.message, transactionId: result.transactionId },
      { actor, ip },
    );
    await slot.declined();
    if (!recorded) return resolvedMeanwhile(ctx, patient, payment.id, queueAsked);
    throw new AppError('PAYMENT_DECLINED', result.message);
  }

  // Step 3: held, recorded and queued together.
  const paid = await recordAuthorized(ctx, payment, result, { actor, ip });
  if (!paid) return resolvedMeanwhile(ctx, patient, payment.id, queueAsked);
  return outcome(ctx, patient, paid.app, paid.payment);
}

export const PAYMENT_BEING_CHECKED = msg('payment.error.beingChecked');

/** Reconciliation settled this payment while its charge was out: answer with what it found. */
async function resolvedMeanwhile(
  ctx: AppContext,
  patient: Patient,
  paymentId: string,
  queueAsked: { actor: Actor; ip: string } | null,
) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (queueAsked && row?.status === 'authorized')
    await queueAfterPayment(ctx, row.applicationId, queueAsked);
  return replay(ctx, patient, row!);
}

/** Queues a paid application whose intake is complete; nothing otherwise (issue 11). */
async function queueAfterPayment(
  ctx: AppContext,
  applicationId: string,
  who: { actor: Actor; ip: string },
) {
  const created = await ctx.db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId))
      .limit(1);
    if (!app) return false;
    await lockPatient(tx, app.patientId);
    return queueIfIntakeComplete(tx, {
      application: app,
      statementAt: new Date(),
      actor: who.actor,
      ip: who.ip,
    });
  });
  if (created) ctx.queue.invalidate();
}

/** A retry with a key already used answers as the first attempt did, and charges nothing. */
async function replay(
  ctx: AppContext,
  patient: Patient,
  seen: PaymentRow,
): Promise<PaymentOutcome> {
  if (seen.status === 'pending')
    throw new AppError('CONFLICT', msg('payment.error.alreadyProcessing'));
  if (seen.status === 'declined')
    throw new AppError(
      'PAYMENT_DECLINED',
      seen.failureMessage ?? msg('payment.failed.paymentFallback'),
    );
  if (seen.status === 'error') throw new AppError('BAD_GATEWAY', msg('payment.error.tryAgain'));
  const [app] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.id, seen.applicationId))
    .limit(1);
  return outcome(ctx, patient, app!, seen);
}
