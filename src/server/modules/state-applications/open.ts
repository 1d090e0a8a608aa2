import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_STATE_APPLICATION_MODE,
  STATE_APPLICATION_MODES,
  type StateApplicationMode,
  submitByFor,
} from '../../../shared/state-application.js';
import type { Executor } from '../../db/client.js';
import { applications, payments, stateApplications } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';

// Approval opens the patient's OMMA application (issue 22), in the approval's transaction, in
// both modes: the desk prepares it in `clinic_submits`; in `patient_submits` it records what
// the patient says they did. The 30-day window runs from the physician's signature, the
// approval's day on the clinic's calendar. The state fee is what the live payment collected
// for OMMA (0 when the patient pays OMMA themselves).

/** Payments that hold or took the fee (payments/settle.ts LIVE). */
const LIVE = ['authorized', 'captured'];

export async function openStateApplication(
  tx: Executor,
  args: {
    applicationId: string;
    patientId: string;
    /** The clinic's today: the signature's date. */
    signedOn: string;
    actor: { id: string; role: string };
    ip: string | null;
    patientUserIds: readonly string[];
  },
) {
  const [application] = await tx
    .select({ mode: applications.stateApplicationMode })
    .from(applications)
    .where(eq(applications.id, args.applicationId));
  // Applications paid before the mode existed were paid under the spec's model.
  const mode: StateApplicationMode = (STATE_APPLICATION_MODES as readonly string[]).includes(
    application?.mode ?? '',
  )
    ? (application!.mode as StateApplicationMode)
    : DEFAULT_STATE_APPLICATION_MODE;
  const [payment] = await tx
    .select({ stateFeeCents: payments.stateFeeCents })
    .from(payments)
    .where(and(eq(payments.applicationId, args.applicationId), inArray(payments.status, LIVE)))
    .limit(1);
  const stateFeeCents = payment?.stateFeeCents ?? 0;
  const [row] = await tx
    .insert(stateApplications)
    .values({
      applicationId: args.applicationId,
      patientId: args.patientId,
      mode,
      status: 'preparing',
      signedOn: args.signedOn,
      submitBy: submitByFor(args.signedOn),
      stateFeeCents,
      stateFeeStatus: stateFeeCents > 0 ? 'held' : 'none',
      updatedBy: args.actor.id,
    })
    // One per application: an approval retried after its commit finds it there.
    .onConflictDoNothing({ target: stateApplications.applicationId })
    .returning();
  if (row)
    await audit(tx, {
      actor: args.actor,
      action: 'state_application.open',
      targetType: 'state_application',
      targetId: row.id,
      ip: args.ip,
      patientIds: args.patientUserIds,
      details: { mode, stateFeeCents },
    });
  return row ?? null;
}
