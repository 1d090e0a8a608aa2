import { and, asc, eq, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import type {
  StateApplicationDetail,
  StateApplicationList,
  StateApplicationRow,
  StateFeeStatus,
} from '../../../shared/schemas/state-application.js';
import {
  addDays,
  daysBetween,
  EXPIRING_LICENSE_DAYS,
  effectiveStatus,
  type OmmaChecklistItem,
  type ResubmittableDocument,
  type StateApplicationMode,
  type StateApplicationStatus,
  SUBMIT_WARNING_DAYS,
} from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  applications,
  patientLicenses,
  patientProfiles,
  type StateApplicationDbRow,
  stateApplications,
  users,
} from '../../db/schema/index.js';
import type { TextSealer } from '../../storage/sealed-text.js';

// What the desk reads (issue 22). The status is the stored one with the clock on top
// (effectiveStatus): a window that passed shows `lapsed` before upkeep writes it.

/** The sealed-text purpose of OMMA's rejection reason. */
export const REJECTION_PURPOSE = 'state_application.rejection_reason';

/** The clinic's today by the server's clock (tests move it). */
export const clinicToday = (ctx: AppContext) =>
  todayIso(ctx.config.CLINIC_TIMEZONE, new Date(ctx.now()));

/** The deadline that counts: the resubmission's once OMMA rejected it. */
export const deadlineOf = (row: Pick<StateApplicationDbRow, 'submitBy' | 'resubmitBy'>) =>
  row.resubmitBy ?? row.submitBy;

export const statusOf = (row: StateApplicationDbRow, today: string) =>
  effectiveStatus(
    {
      status: row.status as StateApplicationStatus,
      submitBy: row.submitBy,
      resubmitBy: row.resubmitBy,
    },
    today,
  );

const nameOf = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** Still to be sent to OMMA (the desk's work), as opposed to waiting on OMMA or done. */
const TO_SEND: readonly StateApplicationStatus[] = ['preparing', 'rejected', 'lapsed'];

/**
 * The desk's list, most urgent first: applications still to send by days left (a passed window
 * first), then those at OMMA, then licences whose card is still to be mailed. Finished ones
 * (card mailed; lapsed with nothing left to refund) drop off.
 */
export async function listStateApplications(ctx: AppContext): Promise<StateApplicationList> {
  const today = clinicToday(ctx);
  const rows = await ctx.db
    .select({
      row: stateApplications,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
    })
    .from(stateApplications)
    .innerJoin(patientProfiles, eq(patientProfiles.id, stateApplications.patientId))
    .where(
      and(
        eq(stateApplications.mode, 'clinic_submits'),
        or(ne(stateApplications.status, 'approved'), isNull(stateApplications.cardMailedOn)),
        or(
          ne(stateApplications.status, 'lapsed'),
          notInArray(stateApplications.stateFeeStatus, ['refunded', 'none']),
        ),
      ),
    );
  const listed: (StateApplicationRow & { rank: number; submittedOn: string })[] = rows.map(
    ({ row, ...p }) => {
      const status = statusOf(row, today);
      const submitBy = deadlineOf(row);
      return {
        id: row.id,
        applicationId: row.applicationId,
        patientName: nameOf(p),
        status,
        submitBy,
        daysLeft: daysBetween(today, submitBy),
        rank: TO_SEND.includes(status) ? 0 : status === 'submitted' ? 1 : 2,
        submittedOn: row.submittedOn ?? '',
      };
    },
  );
  listed.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.rank === 0 ? a.daysLeft - b.daysLeft : a.submittedOn.localeCompare(b.submittedOn)) ||
      a.id.localeCompare(b.id),
  );
  const licences = await ctx.db
    .select({
      licence: patientLicenses,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
    })
    .from(patientLicenses)
    .innerJoin(patientProfiles, eq(patientProfiles.id, patientLicenses.patientId))
    .where(lte(patientLicenses.expiresOn, addDays(today, EXPIRING_LICENSE_DAYS)))
    .orderBy(asc(patientLicenses.expiresOn));
  return {
    applications: listed.map(({ rank: _r, submittedOn: _s, ...row }) => row),
    expiringLicenses: licences
      // Expired ones are the renewal's business once past; the list is what is coming.
      .filter(({ licence }) => daysBetween(today, licence.expiresOn) >= 0)
      .map(({ licence, ...p }) => ({
        patientId: licence.patientId,
        patientName: nameOf(p),
        licenseNumber: licence.licenseNumber,
        issuedOn: licence.issuedOn,
        expiresOn: licence.expiresOn,
        daysLeft: daysBetween(today, licence.expiresOn),
      })),
  };
}

/** One application on the desk, with what OMMA's form asks for; null when unknown. */
export async function loadStateApplicationDetail(
  ctx: AppContext,
  executor: Executor,
  id: string,
): Promise<StateApplicationDetail | null> {
  const [found] = await executor
    .select({
      row: stateApplications,
      profile: patientProfiles,
      email: users.email,
      applicationType: applications.type,
    })
    .from(stateApplications)
    .innerJoin(patientProfiles, eq(patientProfiles.id, stateApplications.patientId))
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .innerJoin(applications, eq(applications.id, stateApplications.applicationId))
    .where(eq(stateApplications.id, id));
  if (!found) return null;
  const { row, profile } = found;
  const today = clinicToday(ctx);
  const [licence] = await executor
    .select()
    .from(patientLicenses)
    .where(eq(patientLicenses.stateApplicationId, row.id));
  const submitBy = deadlineOf(row);
  return {
    id: row.id,
    applicationId: row.applicationId,
    patientName: nameOf(profile),
    status: statusOf(row, today),
    submitBy,
    daysLeft: daysBetween(today, submitBy),
    mode: row.mode as StateApplicationMode,
    patient: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      dateOfBirth: profile.dateOfBirth,
      email: found.email,
      phone: profile.phone,
      address: [profile.address, profile.apartment, profile.city, profile.state, profile.zipCode]
        .filter(Boolean)
        .join(', '),
    },
    applicationType: found.applicationType === 'renewal' ? 'renewal' : 'new',
    signedOn: row.signedOn,
    checklist: row.checklist as OmmaChecklistItem[],
    ommaApplicationNumber: row.ommaApplicationNumber,
    submittedOn: row.submittedOn,
    stateFeeReference: row.stateFeeReference,
    rejection:
      row.rejectionReason && row.rejectedOn && row.resubmitBy
        ? {
            reason: openReason(ctx.sealer, row.rejectionReason),
            documentsNeeded: (row.documentsNeeded ?? []) as ResubmittableDocument[],
            rejectedOn: row.rejectedOn,
            resubmitBy: row.resubmitBy,
          }
        : null,
    license: licence
      ? {
          licenseNumber: licence.licenseNumber,
          issuedOn: licence.issuedOn,
          expiresOn: licence.expiresOn,
        }
      : null,
    cardMailedOn: row.cardMailedOn,
    stateFee: { cents: row.stateFeeCents, status: row.stateFeeStatus as StateFeeStatus },
  };
}

export const sealReason = (sealer: TextSealer, reason: string) =>
  sealer.seal(reason, REJECTION_PURPOSE);
export const openReason = (sealer: TextSealer, sealed: string) =>
  sealer.open(sealed, REJECTION_PURPOSE);

/**
 * The console's flag (issue 22): applications still to send with SUBMIT_WARNING_DAYS or fewer
 * left, and those whose window passed with the state fee still held (to refund).
 */
export async function countUrgentStateApplications(ctx: AppContext): Promise<number> {
  const today = clinicToday(ctx);
  const rows = await ctx.db
    .select()
    .from(stateApplications)
    .where(
      and(
        eq(stateApplications.mode, 'clinic_submits'),
        inArray(stateApplications.status, ['preparing', 'rejected', 'lapsed']),
        lte(
          sql`coalesce(${stateApplications.resubmitBy}, ${stateApplications.submitBy})`,
          addDays(today, SUBMIT_WARNING_DAYS),
        ),
      ),
    );
  return rows.filter((row) =>
    statusOf(row, today) === 'lapsed' ? row.stateFeeStatus === 'held' : true,
  ).length;
}
