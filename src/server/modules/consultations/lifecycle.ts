import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  applications,
  type ConsultationRow,
  consultations,
  type QueueEntryRow,
  queueEntries,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { queuePhysicianReady } from '../mail/visit-events.js';
import { lockPatient } from '../payments/lock.js';
import { requestSettlement, settlePayment } from '../payments/settle.js';
import { assertStatus, lockEntry, setEntry } from '../queue/transitions.js';
import { findMeeting } from './meetings.js';
import { ASSIGNED_ELSEWHERE, assertAssignedPhysician } from './ownership.js';

// The consultation lifecycle (staff-and-video.md §4; issue 4): each step is one transaction
// that locks the queue entry and writes its audit row; patients hear the change live.

type Args = {
  ctx: AppContext;
  actor: CurrentUser;
  queueId: string;
  ip: string;
  meetingId?: string;
};
const who = (a: CurrentUser) => ({ id: a.id, role: a.role });

async function admitLocked(tx: Executor, entry: QueueEntryRow, args: Args): Promise<QueueEntryRow> {
  assertStatus(entry, ['waiting'], 'admit');
  assertAssignedPhysician(args.actor, entry.doctorId);
  // Admitting through a meeting assigns the patient to that meeting's doctor (ruling 16).
  const meeting = args.meetingId ? await findMeeting(tx, args.meetingId) : null;
  const doctorId =
    meeting?.doctorId ?? (args.actor.role === 'doctor' ? args.actor.id : entry.doctorId);
  // Admitting never moves a patient assigned to one physician to another, whoever admits:
  // that is the reassign call's, under its own right (reassign.ts).
  if (entry.doctorId && doctorId !== entry.doctorId)
    throw new AppError('FORBIDDEN', ASSIGNED_ELSEWHERE);
  const row = await setEntry(tx, entry.id, {
    status: 'admitted',
    admittedAt: new Date(),
    doctorId,
    meetingId: meeting?.id ?? entry.meetingId,
  });
  await audit(tx, {
    actor: who(args.actor),
    action: 'queue.admit',
    targetType: 'queue_entry',
    targetId: entry.id,
    ip: args.ip,
    patientIds: await patientUserIds(tx, { profileIds: [entry.patientId] }),
  });
  return row;
}

export async function admitPatient(args: Args): Promise<QueueEntryRow> {
  const row = await args.ctx.db.transaction(async (tx) =>
    admitLocked(tx, await lockEntry(tx, args.queueId), args),
  );
  args.ctx.queue.invalidate();
  return row;
}

/**
 * Removes a patient from the line with a reason the patient reads, and releases the held fee
 * (issue 11): the application's paymentStatus becomes voided (refunded for a captured charge)
 * in the same transaction, so the patient rejoins only after paying again; the processor is
 * asked once it commits (payments/settle.ts).
 */
export async function rejectPatient(args: Args & { reason: string }): Promise<QueueEntryRow> {
  const { row, paymentId } = await args.ctx.db.transaction(async (tx) => {
    // The patient's lock before the entry's, in the order payments take them.
    const [peek] = await tx
      .select({ patientId: queueEntries.patientId })
      .from(queueEntries)
      .where(eq(queueEntries.id, args.queueId));
    if (peek) await lockPatient(tx, peek.patientId);
    const entry = await lockEntry(tx, args.queueId);
    if (args.meetingId) await findMeeting(tx, args.meetingId);
    assertStatus(entry, ['waiting', 'admitted'], 'admit');
    assertAssignedPhysician(args.actor, entry.doctorId);
    const now = new Date();
    const updated = await setEntry(tx, entry.id, {
      status: 'rejected',
      leftAt: now,
      removalReason: args.reason,
    });
    const settlement = await requestSettlement(tx, {
      applicationId: entry.applicationId,
      patientId: entry.patientId,
      intent: 'release',
      now,
    });
    if (settlement?.releasedAs)
      await tx
        .update(applications)
        .set({ paymentStatus: settlement.releasedAs, updatedAt: now })
        .where(eq(applications.id, entry.applicationId));
    await audit(tx, {
      actor: who(args.actor),
      action: 'queue.reject',
      targetType: 'queue_entry',
      targetId: entry.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [entry.patientId] }),
    });
    return { row: updated, paymentId: settlement?.releasedAs ? settlement.payment.id : null };
  });
  args.ctx.queue.invalidate();
  if (paymentId) await settlePayment(args.ctx, paymentId, { actor: who(args.actor), ip: args.ip });
  return row;
}

/** Start Video Call admits first when needed (§4), then starts the consultation. */
export async function startConsultation(
  args: Args & { roomId?: string },
): Promise<ConsultationRow> {
  const consultation = await args.ctx.db.transaction(async (tx) => {
    let entry = await lockEntry(tx, args.queueId);
    assertAssignedPhysician(args.actor, entry.doctorId);
    if (entry.status === 'waiting') entry = await admitLocked(tx, entry, args);
    assertStatus(entry, ['admitted'], 'start');
    const doctorId = args.actor.role === 'doctor' ? args.actor.id : entry.doctorId;
    if (!doctorId) throw new AppError('CONFLICT', "Admit the patient to a doctor's meeting first");
    await setEntry(tx, entry.id, { status: 'in_consultation', startedAt: new Date(), doctorId });
    const [row] = await tx
      .insert(consultations)
      .values({
        queueEntryId: entry.id,
        applicationId: entry.applicationId,
        patientId: entry.patientId,
        doctorId,
        meetingId: entry.meetingId,
        roomId: args.roomId ?? null,
      })
      .returning();
    await tx
      .update(applications)
      .set({ status: 'in_review', updatedAt: new Date() })
      .where(eq(applications.id, entry.applicationId));
    await audit(tx, {
      actor: who(args.actor),
      action: 'consultation.start',
      targetType: 'consultation',
      targetId: row!.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [entry.patientId] }),
    });
    // A call room is open (Start Video Call): the patient is told to join, also by email.
    if (row!.roomId) await queuePhysicianReady(args.ctx, tx, { ...row!, roomId: row!.roomId });
    return row!;
  });
  args.ctx.queue.invalidate();
  return consultation;
}

export async function endConsultation(args: Args): Promise<ConsultationRow> {
  const consultation = await args.ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, args.queueId);
    assertStatus(entry, ['in_consultation'], 'end');
    assertAssignedPhysician(args.actor, entry.doctorId);
    const endedAt = new Date();
    await setEntry(tx, entry.id, { status: 'completed', completedAt: endedAt });
    const [current] = await tx
      .select()
      .from(consultations)
      .where(eq(consultations.queueEntryId, entry.id));
    if (!current) throw new AppError('CONFLICT', 'Consultation has not started');
    const [row] = await tx
      .update(consultations)
      .set({
        endedAt,
        durationSeconds: Math.max(
          0,
          Math.round((endedAt.getTime() - current.startedAt.getTime()) / 1000),
        ),
      })
      .where(eq(consultations.id, current.id))
      .returning();
    await audit(tx, {
      actor: who(args.actor),
      action: 'consultation.end',
      targetType: 'consultation',
      targetId: current.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [entry.patientId] }),
    });
    return row!;
  });
  // The duration feeds every waiting patient's estimate (ruling 16).
  args.ctx.queue.invalidate();
  return consultation;
}
