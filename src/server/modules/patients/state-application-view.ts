import { desc, eq } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import type {
  License,
  PatientStateApplication,
} from '../../../shared/schemas/state-application.js';
import {
  effectiveStatus,
  RESUBMITTABLE_DOCUMENTS,
  type ResubmittableDocument,
  type StateApplicationMode,
  type StateApplicationStatus,
} from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  patientLicenses,
  type StateApplicationDbRow,
  stateApplications,
} from '../../db/schema/index.js';
import { openReason as openSealedReason } from '../state-applications/queries.js';

// The patient's side of issue 22, read for the journey: their OMMA application (its status as of
// the clinic's today, the rejection's reason unsealed) and their current licence.

/** Said instead of a reason that cannot be opened (never a 500 on the patient's dashboard). */
export const REASON_UNREADABLE =
  'OMMA returned your application. Contact the clinic for the details.';

export async function stateApplicationOf(db: Executor, applicationId: string) {
  const [row] = await db
    .select()
    .from(stateApplications)
    .where(eq(stateApplications.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

/** The patient's newest state application (the one a patient_submits "I have applied" is about). */
export async function latestStateApplication(db: Executor, patientId: string) {
  const [row] = await db
    .select()
    .from(stateApplications)
    .where(eq(stateApplications.patientId, patientId))
    .orderBy(desc(stateApplications.createdAt))
    .limit(1);
  return row ?? null;
}

export async function licenseOf(db: Executor, patientId: string): Promise<License | null> {
  const [row] = await db
    .select({
      licenseNumber: patientLicenses.licenseNumber,
      issuedOn: patientLicenses.issuedOn,
      expiresOn: patientLicenses.expiresOn,
    })
    .from(patientLicenses)
    .where(eq(patientLicenses.patientId, patientId))
    .limit(1);
  return row ?? null;
}

/** The clinic's today, on the server's injectable clock. */
export const clinicToday = (ctx: AppContext) =>
  todayIso(ctx.config.CLINIC_TIMEZONE, new Date(ctx.now()));

const isResubmittable = (c: string): c is ResubmittableDocument =>
  (RESUBMITTABLE_DOCUMENTS as readonly string[]).includes(c);

/**
 * The answer's shape. `uploadedAt` gives, per category, when the patient's current file
 * arrived: one uploaded after the rejection counts as received.
 */
export function toPatientStateApplication(
  ctx: AppContext,
  row: StateApplicationDbRow,
  uploadedAt: ReadonlyMap<string, Date>,
  log: Warner,
): PatientStateApplication {
  const status = effectiveStatus(
    {
      status: row.status as StateApplicationStatus,
      submitBy: row.submitBy,
      resubmitBy: row.resubmitBy,
    },
    clinicToday(ctx),
  );
  const view: PatientStateApplication = {
    mode: row.mode as StateApplicationMode,
    status,
    ommaApplicationNumber: row.ommaApplicationNumber,
    submittedOn: row.submittedOn,
    submitBy: row.submitBy,
  };
  // The rejection's details while it stands (rejected, or lapsed for want of a resubmission).
  if (row.rejectedOn && (status === 'rejected' || status === 'lapsed')) {
    const needed = (row.documentsNeeded ?? []).filter(isResubmittable);
    const since = (row.rejectedAt ?? row.updatedAt).getTime();
    view.reason = readReason(ctx, row.rejectionReason, log);
    view.documentsNeeded = needed;
    view.documentsReceived = needed.filter((c) => (uploadedAt.get(c)?.getTime() ?? 0) > since);
    if (row.resubmitBy) view.resubmitBy = row.resubmitBy;
  }
  return view;
}

type Warner = { warn(message: string): void };

function readReason(ctx: AppContext, sealed: string | null, log: Warner): string {
  if (!sealed) return REASON_UNREADABLE;
  try {
    return openSealedReason(ctx.sealer, sealed);
  } catch {
    // No patient field in the log: only that a stored reason would not open.
    log.warn('a state application rejection reason could not be opened');
    return REASON_UNREADABLE;
  }
}
