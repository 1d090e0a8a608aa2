import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CardMailedBodySchema,
  DecisionBody,
  SubmittedBodySchema,
} from '../../../shared/schemas/state-application.js';
import {
  type OmmaChecklistItem,
  resubmitByFor,
  type StateApplicationStatus,
} from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type StateApplicationDbRow, stateApplications } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { afterLicenseChanged } from '../licenses/events.js';
import {
  queueStateApplicationMail,
  type StateApplicationMessage,
} from '../mail/state-application-messages.js';
import { recordDeskLicence } from './licence.js';
import { clinicToday, sealReason, statusOf } from './queries.js';

// The desk's steps on one OMMA application (issue 22): the checklist, the submission, OMMA's
// decision and the card in the mail. Each is one transaction under the row's lock, with its
// audit row and the patient's email (ADR 0014); every refusal comes before the first write.

export type Actor = { id: string; role: string };
interface Step {
  ctx: AppContext;
  actor: Actor;
  id: string;
  ip: string;
}

const NOT_FOUND = 'State application not found';

/** The row under its lock; 404 unknown, 409 when the patient applies to OMMA themselves. */
export async function lockStateApplication(
  tx: Executor,
  id: string,
): Promise<StateApplicationDbRow> {
  const [row] = await tx
    .select()
    .from(stateApplications)
    .where(eq(stateApplications.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.mode !== 'clinic_submits')
    throw new AppError(
      'CONFLICT',
      'The patient applies to OMMA themselves for this application: the desk does not submit it',
    );
  return row;
}

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION', message, [{ path, message }]);

/** One desk step: lock, check, write, audit, tell the patient. */
async function step(
  args: Step,
  action: string,
  write: (
    tx: Executor,
    row: StateApplicationDbRow,
    today: string,
  ) => Promise<{
    details?: Record<string, unknown>;
    mail?: StateApplicationMessage;
    occurrence?: string;
  }>,
) {
  const { ctx } = args;
  return ctx.db.transaction(async (tx) => {
    const row = await lockStateApplication(tx, args.id);
    const today = clinicToday(ctx);
    const done = await write(tx, row, today);
    await audit(tx, {
      actor: args.actor,
      action: `state_application.${action}`,
      targetType: 'state_application',
      targetId: row.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [row.patientId] }),
      details: done.details,
    });
    if (done.mail)
      await queueStateApplicationMail(ctx, tx, {
        patientId: row.patientId,
        stateApplicationId: row.id,
        message: done.mail,
        occurrence: done.occurrence,
      });
    return row;
  });
}

const touched = (actor: Actor) => ({ updatedAt: new Date(), updatedBy: actor.id });

/** The ticked OMMA checklist, while the application is still being prepared. */
export function saveChecklist(args: Step & { checked: OmmaChecklistItem[] }) {
  return step(args, 'checklist', async (tx, row, today) => {
    const status = statusOf(row, today);
    if (status !== 'preparing' && status !== 'rejected')
      throw new AppError(
        'CONFLICT',
        `The checklist is for an application still to send (this one is ${status})`,
      );
    const checked = [...new Set(args.checked)];
    await tx
      .update(stateApplications)
      .set({ checklist: checked, ...touched(args.actor) })
      .where(eq(stateApplications.id, row.id));
    return { details: { checked } };
  });
}

/**
 * Staff submitted it in OMMA's portal and paid the state fee the patient paid. After a
 * rejection it is the resubmission: once the patient's new documents are back (status
 * preparing again), or straight away when OMMA asked for no document of the patient's.
 */
export function recordSubmitted(args: Step & z.infer<typeof SubmittedBodySchema>) {
  return step(args, 'submitted', async (tx, row, today) => {
    const status: StateApplicationStatus = statusOf(row, today);
    const resubmission = row.rejectedOn !== null;
    const rejectedWithoutDocuments =
      status === 'rejected' && (row.documentsNeeded ?? []).length === 0;
    if (status === 'lapsed')
      throw new AppError(
        'CONFLICT',
        'The window to submit this application has passed: OMMA no longer accepts it',
      );
    if (status === 'rejected' && !rejectedWithoutDocuments)
      throw new AppError(
        'CONFLICT',
        'The patient has not yet uploaded every document OMMA asked for',
      );
    if (status !== 'preparing' && !rejectedWithoutDocuments)
      throw new AppError('CONFLICT', `This application is already ${status}`);
    if (row.stateFeeStatus === 'refunded' || row.stateFeeStatus === 'refunding')
      throw new AppError('CONFLICT', 'The state fee of this application was refunded');
    if (args.submittedOn > today)
      throw fieldError('submittedOn', 'submittedOn cannot be in the future');
    if (args.submittedOn < row.signedOn)
      throw fieldError('submittedOn', 'submittedOn cannot be before the physician signed');
    await tx
      .update(stateApplications)
      .set({
        status: 'submitted',
        ommaApplicationNumber: args.ommaApplicationNumber,
        submittedOn: args.submittedOn,
        stateFeeReference: args.stateFeeReference,
        // The fee the patient paid goes to OMMA with the first submission.
        ...(row.stateFeeStatus === 'held' ? { stateFeeStatus: 'paid' } : {}),
        ...touched(args.actor),
      })
      .where(eq(stateApplications.id, row.id));
    return {
      details: {
        resubmission,
        stateFeeCents: row.stateFeeStatus === 'held' ? row.stateFeeCents : 0,
      },
      mail: { kind: 'state_application_submitted' },
      occurrence: args.submittedOn + (resubmission ? `:${row.rejectedOn}` : ''),
    };
  });
}

/**
 * OMMA's answer to a submitted application: the licence, or what it needs corrected. A licence's
 * new expiry gets its renewal reminders once the decision is committed.
 */
export async function recordDecision(args: Step & { decision: DecisionBody }) {
  const row = await decide(args);
  if (args.decision.outcome === 'approved') await afterLicenseChanged(args.ctx, row.patientId);
  return row;
}

function decide(args: Step & { decision: DecisionBody }) {
  const { decision } = args;
  return step(args, 'decision', async (tx, row, today) => {
    if (row.status !== 'submitted')
      throw new AppError(
        'CONFLICT',
        `OMMA's decision is recorded on a submitted application (this one is ${statusOf(row, today)})`,
      );
    if (decision.outcome === 'approved') {
      if (decision.issuedOn > today)
        throw fieldError('issuedOn', 'issuedOn cannot be in the future');
      if (decision.expiresOn <= decision.issuedOn)
        throw fieldError('expiresOn', 'expiresOn must be after issuedOn');
      await tx
        .update(stateApplications)
        .set({ status: 'approved', ...touched(args.actor) })
        .where(eq(stateApplications.id, row.id));
      await recordDeskLicence(tx, row, decision);
      return {
        details: { outcome: 'approved', expiresOn: decision.expiresOn },
        mail: { kind: 'state_application_approved' },
      };
    }
    const documentsNeeded = [...new Set(decision.documentsNeeded)];
    await tx
      .update(stateApplications)
      .set({
        status: 'rejected',
        rejectionReason: sealReason(args.ctx.sealer, decision.reason),
        documentsNeeded,
        rejectedOn: today,
        // Compared with documents.uploaded_at, written by the wall clock too (not ctx.now()).
        rejectedAt: new Date(),
        resubmitBy: resubmitByFor(today),
        // The new documents are checked again before the resubmission.
        checklist: documentsNeeded.length ? [] : row.checklist,
        ...touched(args.actor),
      })
      .where(eq(stateApplications.id, row.id));
    return {
      details: { outcome: 'rejected', documentsNeeded },
      mail: { kind: 'state_application_rejected' },
      occurrence: today,
    };
  });
}

/** OMMA mailed the licence card (or the clinic did): the last step on the desk. */
export function recordCardMailed(args: Step & z.infer<typeof CardMailedBodySchema>) {
  return step(args, 'card_mailed', async (tx, row, today) => {
    if (row.status !== 'approved')
      throw new AppError('CONFLICT', 'The card is mailed once OMMA has issued the licence');
    if (row.cardMailedOn)
      throw new AppError('CONFLICT', 'The card of this licence is already recorded as mailed');
    if (args.mailedOn > today) throw fieldError('mailedOn', 'mailedOn cannot be in the future');
    await tx
      .update(stateApplications)
      .set({ cardMailedOn: args.mailedOn, ...touched(args.actor) })
      .where(eq(stateApplications.id, row.id));
    return {
      details: { mailedOn: args.mailedOn },
      mail: { kind: 'state_application_card_mailed' },
    };
  });
}
