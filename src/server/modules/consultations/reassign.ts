import { and, eq, isNull } from 'drizzle-orm';
import { ownEntry } from '../../../shared/own-keys.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import { type QueueEntryRow, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { lockEntry, setEntry } from '../queue/transitions.js';

// Reassigning a patient to another physician (issue 10, defect 10): a doctor admin, admin or
// master admin (ACCESS.reassignPatient) moves a waiting or admitted patient to an active
// doctor, with an audit row naming both physicians. The patient then appears in the new
// doctor's meeting (meetings.ts lists an entry without a meeting under its doctor).
//
// A patient in consultation is not reassigned: the consultation row already names its
// physician, who holds the room and its recording, reads the record through it (access.ts)
// and records the outcome; moving it mid-call would split one consultation between two
// physicians. The physician ends the call first; a new visit is a new queue entry.

export const REASSIGNABLE = ['waiting', 'admitted'] as const;

const REFUSED: Record<string, string> = {
  in_consultation: 'End the consultation before reassigning the patient',
  completed: 'This consultation has already ended',
};

export async function reassignPatient(args: {
  ctx: AppContext;
  actor: CurrentUser;
  queueId: string;
  doctorId: string;
  ip: string;
}): Promise<QueueEntryRow> {
  const { ctx, actor } = args;
  const row = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, args.queueId);
    if (!(REASSIGNABLE as readonly string[]).includes(entry.status))
      throw new AppError(
        'CONFLICT',
        ownEntry(REFUSED, entry.status) ?? 'Patient is no longer waiting',
      );
    const [doctor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.id, args.doctorId), eq(users.role, 'doctor'), isNull(users.deactivatedAt)),
      )
      .for('share');
    if (!doctor)
      throw new AppError('BAD_REQUEST', 'Choose an active doctor', [
        { path: 'doctorId', message: 'Choose an active doctor' },
      ]);
    if (entry.doctorId === doctor.id)
      throw new AppError('CONFLICT', 'The patient is already assigned to this physician');
    // The old meeting belongs to the old doctor: without one, the entry is listed under its
    // doctor's meeting, and the consultation started later names no other doctor's meeting.
    const updated = await setEntry(tx, entry.id, { doctorId: doctor.id, meetingId: null });
    await audit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'queue.reassign',
      targetType: 'queue_entry',
      targetId: entry.id,
      ip: args.ip,
      details: { fromDoctorId: entry.doctorId, toDoctorId: doctor.id, status: entry.status },
      patientIds: await patientUserIds(tx, { profileIds: [entry.patientId] }),
    });
    return updated;
  });
  ctx.queue.invalidate();
  return row;
}
