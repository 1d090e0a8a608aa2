import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import { consultations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

// The physician's notes, saved as they type in the room (issue 12). The notes belong to the
// consultation: its doctor writes them (a doctor admin, who may record any consultation's
// outcome, may too, as in outcome.ts), while it runs and after it ended until the outcome is
// recorded; from then on they are part of the decision and no longer change. Each save is
// the author writing, not a read of patient data: not audited per keystroke (the record's
// reads are).

export const NOTES_LOCKED = 'The outcome is recorded: the notes of this consultation are final';

export async function saveConsultationNotes(args: {
  ctx: AppContext;
  actor: CurrentUser;
  consultationId: string;
  notes: string;
}): Promise<{ notes: string; notesUpdatedAt: string | null }> {
  const { ctx, actor } = args;
  return ctx.db.transaction(async (tx) => {
    // Locked with the row the outcome locks: a save racing the decision waits for it.
    const [consultation] = await tx
      .select({
        id: consultations.id,
        doctorId: consultations.doctorId,
        outcome: consultations.outcome,
      })
      .from(consultations)
      .where(eq(consultations.id, args.consultationId))
      .for('update');
    if (!consultation || (actor.role === 'doctor' && consultation.doctorId !== actor.id))
      throw new AppError('NOT_FOUND', 'Consultation not found');
    if (consultation.outcome) throw new AppError('CONFLICT', NOTES_LOCKED);
    const [saved] = await tx
      .update(consultations)
      .set({ physicianNotes: args.notes, notesUpdatedAt: new Date() })
      .where(eq(consultations.id, consultation.id))
      .returning({ notes: consultations.physicianNotes, at: consultations.notesUpdatedAt });
    return { notes: saved!.notes, notesUpdatedAt: saved!.at?.toISOString() ?? null };
  });
}
