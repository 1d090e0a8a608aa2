import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ApplicationType } from '../../../shared/fees.js';
import { toLanguage } from '../../../shared/i18n/languages.js';
import { estimateWaitMinutes, type QueueStatus } from '../../../shared/queue.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type {
  DoctorConsultation,
  DoctorQueueEntry,
  DoctorStats,
} from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import {
  applications,
  consultations,
  patientProfiles,
  queueEntries,
  users,
} from '../../db/schema/index.js';
import { auditListRead, type ListReader } from '../audit/list-reads.js';
import { dayWindow, minutesFromSeconds } from '../operations/window.js';
import { LINE_ORDER } from '../queue/line-order.js';

// The Doctor Dashboard (staff-and-video.md §2; ruling 9: the fixed "New License" label, the
// fixed 15-minute average and the always-empty "Completed Today" tab become real data). Lists
// name patients, so each read writes one audit row (ruling 17), a poll repeating the last
// audited read excepted (audit/list-reads.ts).

const MINUTE = 60_000;

/** Waiting patients clinic-wide, and the ones admitted to or in consultation with this doctor. */
export async function doctorQueue(
  ctx: AppContext,
  args: { doctor: CurrentUser; reader: ListReader },
): Promise<DoctorQueueEntry[]> {
  await ctx.queue.waitingCount(); // the snapshot's current average and doctors on duty
  const average = ctx.queue.averageConsultationMinutes;
  const doctors = ctx.queue.doctorsOnDuty;
  const rows = await ctx.db
    .select({
      entry: queueEntries,
      patientUserId: patientProfiles.userId,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
      dateOfBirth: patientProfiles.dateOfBirth,
      language: users.language,
      applicationType: applications.type,
    })
    .from(queueEntries)
    .innerJoin(patientProfiles, eq(patientProfiles.id, queueEntries.patientId))
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .innerJoin(applications, eq(applications.id, queueEntries.applicationId))
    .where(
      or(
        // Waiting patients not assigned to another physician (a reassignment names one).
        and(
          eq(queueEntries.status, 'waiting'),
          or(isNull(queueEntries.doctorId), eq(queueEntries.doctorId, args.doctor.id)),
        ),
        and(
          inArray(queueEntries.status, ['admitted', 'in_consultation']),
          eq(queueEntries.doctorId, args.doctor.id),
        ),
      ),
    )
    .orderBy(...LINE_ORDER);

  await auditListRead(ctx, args.reader, {
    targetType: 'doctor_queue',
    details: { patients: rows.length },
    patientIds: rows.map((r) => r.patientUserId),
  });
  const now = Date.now();
  let position = 0;
  return rows.map(({ entry, firstName, lastName, dateOfBirth, language, applicationType }) => {
    const waiting = entry.status === 'waiting';
    if (waiting) position++;
    const seenAt = entry.admittedAt ?? entry.startedAt;
    return {
      id: entry.id,
      applicationId: entry.applicationId,
      position: waiting ? position : 0,
      joinedAt: entry.joinedAt.toISOString(),
      estimatedWaitTime: waiting ? estimateWaitMinutes(position, average, doctors) : 0,
      status: entry.status as QueueStatus,
      patientName: `${firstName} ${lastName}`,
      dateOfBirth,
      language: toLanguage(language),
      applicationType: applicationType as ApplicationType,
      waitTime: Math.max(
        0,
        Math.floor(((seenAt?.getTime() ?? now) - entry.joinedAt.getTime()) / MINUTE),
      ),
    };
  });
}

export type ConsultationScope = 'active' | 'today';

/** The doctor's own consultations: in progress, or ended today (clinic time zone). */
export async function doctorConsultations(
  ctx: AppContext,
  args: { doctor: CurrentUser; scope: ConsultationScope; reader: ListReader },
): Promise<DoctorConsultation[]> {
  const today = dayWindow(ctx.config.CLINIC_TIMEZONE, 1);
  const rows = await ctx.db
    .select({
      c: consultations,
      patientUserId: patientProfiles.userId,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
      dateOfBirth: patientProfiles.dateOfBirth,
      applicationType: applications.type,
    })
    .from(consultations)
    .innerJoin(patientProfiles, eq(patientProfiles.id, consultations.patientId))
    .innerJoin(applications, eq(applications.id, consultations.applicationId))
    .where(
      and(
        eq(consultations.doctorId, args.doctor.id),
        args.scope === 'active'
          ? isNull(consultations.endedAt)
          : gte(consultations.endedAt, today.start),
      ),
    )
    .orderBy(
      args.scope === 'active' ? desc(consultations.startedAt) : desc(consultations.endedAt),
      desc(consultations.id),
    );
  await auditListRead(ctx, args.reader, {
    targetType: 'doctor_consultations',
    details: { scope: args.scope, count: rows.length },
    patientIds: rows.map((r) => r.patientUserId),
  });
  return rows.map(({ c, firstName, lastName, dateOfBirth, applicationType }) => ({
    id: c.id,
    queueId: c.queueEntryId,
    patientId: c.patientId,
    patientName: `${firstName} ${lastName}`,
    dateOfBirth,
    applicationId: c.applicationId,
    applicationType: applicationType as ApplicationType,
    roomId: c.roomId,
    startedAt: c.startedAt.toISOString(),
    endedAt: c.endedAt?.toISOString() ?? null,
    durationSeconds: c.durationSeconds,
    outcome: c.outcome as DoctorConsultation['outcome'],
  }));
}

/** The dashboard's cards. Counts only: not a patient-data read. */
export async function doctorStats(ctx: AppContext, doctor: CurrentUser): Promise<DoctorStats> {
  const today = dayWindow(ctx.config.CLINIC_TIMEZONE, 1);
  const [row] = await ctx.db
    .select({
      active: sql<number>`(count(*) filter (where ${consultations.endedAt} is null))::int`,
      todaysPatients: sql<number>`(count(distinct ${consultations.patientId}) filter (where ${consultations.startedAt} >= ${today.start}))::int`,
      averageSeconds: sql<
        string | null
      >`avg(${consultations.durationSeconds}) filter (where ${consultations.endedAt} > now() - interval '30 days')`,
    })
    .from(consultations)
    .where(eq(consultations.doctorId, doctor.id));
  return {
    waiting: await ctx.queue.waitingCount(),
    activeSessions: Number(row?.active ?? 0),
    todaysPatients: Number(row?.todaysPatients ?? 0),
    averageDurationMinutes: minutesFromSeconds(row?.averageSeconds),
  };
}
