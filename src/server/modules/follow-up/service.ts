import { and, desc, eq, gt, gte, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type {
  ConsultationStatus,
  ConsultationStatusRecord,
  FollowUpTaskView,
  PostConsultationTask,
} from '../../../shared/schemas/follow-up.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  applications,
  consultations,
  type FollowUpTaskRow,
  followUpTasks,
  patientProfiles,
  transcriptions,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import {
  doctorName,
  patientAccount,
  patientAccountJoin,
  patientJoin,
  patientName,
  peopleColumns,
  physician,
  physicianJoin,
} from './queries.js';

// Post-consultation follow-up (staff-and-video.md §2 Post-Consultation, §4: completed, then
// documents_collected; ruling 3: `post_consultation` only). Writes are one transaction with
// their audit row; reads of patient data are audited by the routes.

type Actor = Pick<CurrentUser, 'id' | 'role'>;
const who = (a: Actor) => ({ id: a.id, role: a.role });

/** How far back the Post-Consultation tab looks for consultations still to follow up. */
export const FOLLOW_UP_WINDOW_DAYS = 30;

/** Midnight today in the clinic's time zone (DESIGN.md configuration: CLINIC_TIMEZONE). */
const clinicDayStart = (tz: string) =>
  sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toTaskView(row: FollowUpTaskRow): FollowUpTaskView {
  return {
    id: row.id,
    consultationId: row.consultationId,
    applicationId: row.applicationId,
    status: row.status as FollowUpTaskView['status'],
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

/**
 * Consultations ended in the last 30 days whose application is not yet documents_collected,
 * plus those collected today (so the tab shows what was just done); newest first.
 */
export async function listConsultationStatuses(
  ctx: AppContext,
): Promise<ConsultationStatusRecord[]> {
  const collectedAt = sql`coalesce(${followUpTasks.completedAt}, ${applications.updatedAt})`;
  const rows = await ctx.db
    .select({
      id: consultations.id,
      applicationId: consultations.applicationId,
      applicationStatus: applications.status,
      endedAt: consultations.endedAt,
      outcome: consultations.outcome,
      patientEmail: patientAccount.email,
      patientPhone: patientProfiles.phone,
      taskId: followUpTasks.id,
      taskStatus: followUpTasks.status,
      ...peopleColumns,
    })
    .from(consultations)
    .innerJoin(applications, eq(applications.id, consultations.applicationId))
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(patientAccount, patientAccountJoin)
    .innerJoin(physician, physicianJoin)
    .leftJoin(followUpTasks, eq(followUpTasks.consultationId, consultations.id))
    .where(
      and(
        isNotNull(consultations.endedAt),
        or(
          and(
            ne(applications.status, 'documents_collected'),
            gt(consultations.endedAt, sql`now() - make_interval(days => ${FOLLOW_UP_WINDOW_DAYS})`),
          ),
          and(
            eq(applications.status, 'documents_collected'),
            gte(collectedAt, clinicDayStart(ctx.config.CLINIC_TIMEZONE)),
          ),
        ),
      ),
    )
    .orderBy(desc(consultations.endedAt), desc(consultations.id));

  return rows.map((r) => {
    const consultationStatus: ConsultationStatus =
      r.applicationStatus === 'documents_collected'
        ? 'documents_collected'
        : r.taskStatus === 'open'
          ? 'collecting'
          : 'completed';
    return {
      id: r.id,
      patientName: patientName(r),
      dateOfBirth: r.patientDateOfBirth,
      applicationId: r.applicationId,
      applicationStatus: r.applicationStatus as ConsultationStatusRecord['applicationStatus'],
      consultationStatus,
      consultationCompletedAt: r.endedAt!.toISOString(),
      patientEmail: r.patientEmail,
      patientPhone: r.patientPhone,
      outcome: r.outcome as ConsultationStatusRecord['outcome'],
      doctorName: doctorName(r),
      taskId: r.taskId,
    };
  });
}

/**
 * The follow-up work still to do, newest consultation first: every open task, and every ended
 * consultation whose recommendation was approved and whose application still awaits its
 * documents, when nobody has initiated the collection yet (status `pending`, id = the
 * consultation's). Not-approved consultations need no documents, so they are not tasks.
 */
export async function listPostConsultationTasks(ctx: AppContext): Promise<PostConsultationTask[]> {
  const rows = await ctx.db
    .select({
      consultationId: consultations.id,
      applicationId: consultations.applicationId,
      endedAt: consultations.endedAt,
      taskId: followUpTasks.id,
      transcriptionId: transcriptions.id,
      ...peopleColumns,
    })
    .from(consultations)
    .innerJoin(applications, eq(applications.id, consultations.applicationId))
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(physician, physicianJoin)
    .leftJoin(followUpTasks, eq(followUpTasks.consultationId, consultations.id))
    .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .where(
      and(
        isNotNull(consultations.endedAt),
        or(
          eq(followUpTasks.status, 'open'),
          and(
            isNull(followUpTasks.id),
            eq(consultations.outcome, 'approved'),
            eq(applications.status, 'approved'),
          ),
        ),
      ),
    )
    .orderBy(desc(consultations.endedAt), desc(consultations.id));

  return rows.map((r) => ({
    id: r.taskId ?? r.consultationId,
    patientName: patientName(r),
    dateOfBirth: r.patientDateOfBirth,
    doctorName: doctorName(r),
    completedAt: r.endedAt!.toISOString(),
    transcriptionAvailable: r.transcriptionId !== null,
    applicationId: r.applicationId,
    consultationId: r.consultationId,
    status: r.taskId ? 'open' : 'pending',
  }));
}

const NOT_APPROVED_YET = 'Documents are collected once the recommendation is approved';
const ALREADY_COLLECTED = 'Documents have already been collected for this application';

/** Opens the follow-up task of an ended consultation (Post-Consultation: collect documents). */
export async function initiateDocumentCollection(args: {
  ctx: AppContext;
  actor: Actor;
  applicationId: string;
  consultationId: string;
  ip: string;
}): Promise<FollowUpTaskView> {
  const { ctx, actor } = args;
  try {
    return await ctx.db.transaction(async (tx) => {
      // The consultation's row lock makes two staff initiating at once take turns.
      const [consultation] = await tx
        .select()
        .from(consultations)
        .where(eq(consultations.id, args.consultationId))
        .for('update');
      if (
        !consultation ||
        consultation.applicationId !== args.applicationId ||
        !consultation.endedAt
      )
        throw new AppError('NOT_FOUND', 'No completed consultation of this application was found');
      const [existing] = await tx
        .select()
        .from(followUpTasks)
        .where(
          or(
            eq(followUpTasks.consultationId, consultation.id),
            and(
              eq(followUpTasks.applicationId, args.applicationId),
              eq(followUpTasks.status, 'open'),
            ),
          ),
        )
        .limit(1);
      if (existing?.status === 'open')
        throw new AppError('CONFLICT', 'Document collection has already been started');
      if (existing) throw new AppError('CONFLICT', ALREADY_COLLECTED);
      const [application] = await tx
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, args.applicationId));
      if (application?.status === 'documents_collected')
        throw new AppError('CONFLICT', ALREADY_COLLECTED);
      if (application?.status !== 'approved') throw new AppError('CONFLICT', NOT_APPROVED_YET);

      const [task] = await tx
        .insert(followUpTasks)
        .values({
          consultationId: consultation.id,
          applicationId: args.applicationId,
          status: 'open',
          createdBy: actor.id,
        })
        .returning();
      await audit(tx, {
        actor: who(actor),
        action: 'follow_up.initiate',
        targetType: 'follow_up_task',
        targetId: task!.id,
        ip: args.ip,
        details: { consultationId: consultation.id, applicationId: args.applicationId },
        patientIds: await patientUserIds(tx, { profileIds: [consultation.patientId] }),
      });
      return toTaskView(task!);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'Document collection has already been started');
    throw err;
  }
}

/**
 * Mark Documents Collected (§4; ruling 3: the only status a client may set). Only an approved
 * application moves; its open task is completed, or, when nobody initiated the collection, a
 * completed task is recorded for the approving consultation so every collection says who and
 * when. The patient hears it live.
 */
export async function markDocumentsCollected(args: {
  ctx: AppContext;
  actor: Actor;
  applicationId: string;
  ip: string;
}): Promise<{ task: FollowUpTaskView | null }> {
  const { ctx, actor } = args;
  const result = await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, args.applicationId))
      .for('update');
    if (!application) throw new AppError('NOT_FOUND', 'Application not found');
    if (application.status === 'documents_collected')
      throw new AppError('CONFLICT', ALREADY_COLLECTED);
    if (application.status !== 'approved') throw new AppError('CONFLICT', NOT_APPROVED_YET);

    const now = new Date();
    await tx
      .update(applications)
      .set({ status: 'documents_collected', updatedAt: now })
      .where(eq(applications.id, application.id));
    let [task] = await tx
      .update(followUpTasks)
      .set({ status: 'completed', completedBy: actor.id, completedAt: now })
      .where(and(eq(followUpTasks.applicationId, application.id), eq(followUpTasks.status, 'open')))
      .returning();
    if (!task) task = await recordCollection(tx, application.id, actor, now);
    await audit(tx, {
      actor: who(actor),
      action: 'application.documents_collected',
      targetType: 'application',
      targetId: application.id,
      ip: args.ip,
      details: { taskId: task?.id ?? null },
      patientIds: await patientUserIds(tx, { profileIds: [application.patientId] }),
    });
    const [patient] = await tx
      .select({ userId: patientProfiles.userId })
      .from(patientProfiles)
      .where(eq(patientProfiles.id, application.patientId));
    return { task: task ? toTaskView(task) : null, patientUserId: patient!.userId };
  });
  ctx.realtime.toUser(result.patientUserId, 'application-update', {
    applicationId: args.applicationId,
    status: 'documents_collected',
  });
  return { task: result.task };
}

/** A completed task for the consultation that approved the application (none: no record). */
async function recordCollection(
  tx: Executor,
  applicationId: string,
  actor: Actor,
  now: Date,
): Promise<FollowUpTaskRow | undefined> {
  const [consultation] = await tx
    .select({ id: consultations.id })
    .from(consultations)
    .leftJoin(followUpTasks, eq(followUpTasks.consultationId, consultations.id))
    .where(
      and(
        eq(consultations.applicationId, applicationId),
        eq(consultations.outcome, 'approved'),
        isNull(followUpTasks.id),
      ),
    )
    .orderBy(desc(consultations.outcomeAt))
    .limit(1);
  if (!consultation) return undefined;
  const [task] = await tx
    .insert(followUpTasks)
    .values({
      consultationId: consultation.id,
      applicationId,
      status: 'completed',
      createdBy: actor.id,
      completedBy: actor.id,
      completedAt: now,
    })
    .returning();
  return task;
}
