import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { toLanguage } from '../../../shared/i18n/languages.js';
import {
  ACTIVE_QUEUE_STATUSES,
  estimateWaitMinutes,
  type QueueStatus,
} from '../../../shared/queue.js';
import type { AdminQueueStatus } from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import { patientProfiles, queueEntries, users } from '../../db/schema/index.js';
import { auditListRead, type ListReader } from '../audit/list-reads.js';
import { LINE_ORDER } from '../queue/line-order.js';
import { dayWindow, minutesFromSeconds } from './window.js';

// Queue status (admin) (staff-and-video.md §3; polled every 30 s, 10 s in high frequency,
// §9). Each entry names its patient (issue 12), so every read writes an audit row (ruling 17;
// a poll repeating the last audited read excepted, audit/list-reads.ts); it is not narrowed for
// a doctor_admin (the line has no "own" figures). Estimates come from the same snapshot figures
// the patients' own estimates use (ruling 16).

export async function adminQueueStatus(
  ctx: AppContext,
  reader: ListReader,
): Promise<AdminQueueStatus> {
  // Brings the snapshot's averages and doctors on duty up to date.
  await ctx.queue.waitingCount();
  const average = ctx.queue.averageConsultationMinutes;
  // The estimates divide by at least one doctor (ruling 16); the figure shown counts only the
  // doctors connected now, so it reads 0 when nobody is online (issue 12).
  const doctors = ctx.queue.doctorsOnDuty;
  const doctorsOnline = (await ctx.realtime.liveUserIds('doctor')).length;

  const entries = await ctx.db
    .select({
      id: queueEntries.id,
      applicationId: queueEntries.applicationId,
      patientUserId: patientProfiles.userId,
      status: queueEntries.status,
      joinedAt: queueEntries.joinedAt,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
      dateOfBirth: patientProfiles.dateOfBirth,
      language: users.language,
    })
    .from(queueEntries)
    .innerJoin(patientProfiles, eq(patientProfiles.id, queueEntries.patientId))
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(inArray(queueEntries.status, [...ACTIVE_QUEUE_STATUSES]))
    .orderBy(...LINE_ORDER);

  // Today's measured wait: from joining to admission (or to the start, when Start Video Call
  // admitted and started at once), over today's entries that got that far.
  const today = dayWindow(ctx.config.CLINIC_TIMEZONE, 1);
  const seen = sql`coalesce(${queueEntries.admittedAt}, ${queueEntries.startedAt})`;
  const [wait] = await ctx.db
    .select({
      seconds: sql<string | null>`avg(extract(epoch from ${seen} - ${queueEntries.joinedAt}))`,
    })
    .from(queueEntries)
    .where(and(gte(queueEntries.joinedAt, today.start), isNotNull(seen)));

  await auditListRead(ctx, reader, {
    targetType: 'queue_status',
    details: { patients: entries.length },
    patientIds: entries.map((e) => e.patientUserId),
  });

  let position = 0;
  return {
    queueLength: entries.filter((e) => e.status === 'waiting').length,
    averageWaitTime: minutesFromSeconds(wait?.seconds) ?? 0,
    averageConsultationMinutes: average,
    doctorsOnDuty: doctorsOnline,
    queue: entries.map((e) => {
      const waiting = e.status === 'waiting';
      if (waiting) position++;
      return {
        id: e.id,
        currentPosition: waiting ? position : 0,
        applicationId: e.applicationId,
        patientName: `${e.firstName} ${e.lastName}`.trim(),
        dateOfBirth: e.dateOfBirth,
        language: toLanguage(e.language),
        estimatedWaitTime: waiting ? estimateWaitMinutes(position, average, doctors) : 0,
        status: e.status as QueueStatus,
        joinedAt: e.joinedAt.toISOString(),
      };
    }),
  };
}
