import { z } from 'zod';
import { IDENTITY_NOT_VERIFIED_MESSAGE } from '../omma.js';

// The physician's room (issue 12): the outcome recorded beside the video, the notes saved as
// the physician types, and the patient's earlier consultations in the chart.

export const OUTCOME_REASON_MAX = 2000;
export const CONSULTATION_NOTES_MAX = 20_000;

/** POST /api/admin/consultations/:consultationId/outcome */
export const OutcomeRequestSchema = z
  .object({
    approved: z.boolean({ error: 'Choose whether the recommendation is approved' }),
    reason: z
      .string()
      .trim()
      .max(OUTCOME_REASON_MAX, 'Keep the reason under 2000 characters')
      .optional(),
    /** The physician checked the patient's identity against their ID and photo (SB 1066). */
    identityVerified: z.boolean().optional(),
    /**
     * The physician certifies the patient is homebound (issue 22): required, true or false, to
     * approve a patient who asked for a caregiver; the caregiver is printed only when true.
     */
    homebound: z.boolean({ error: 'homebound must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.approved && v.identityVerified !== true)
      ctx.addIssue({
        code: 'custom',
        path: ['identityVerified'],
        message: IDENTITY_NOT_VERIFIED_MESSAGE,
      });
    if (!v.approved && !v.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Please give the reason for not recommending',
      });
  });
export type OutcomeRequest = z.input<typeof OutcomeRequestSchema>;

/** PUT /api/admin/consultations/:consultationId/notes (the doctor of the consultation). */
export const ConsultationNotesSchema = z.object({
  notes: z
    .string({ error: 'Notes must be text' })
    .max(CONSULTATION_NOTES_MAX, 'Keep the notes under 20,000 characters'),
});
export type ConsultationNotesRequest = z.infer<typeof ConsultationNotesSchema>;

export const ConsultationNotesResponseSchema = z.object({
  notes: z.string(),
  notesUpdatedAt: z.string().nullable(),
});

/** One of the patient's consultations, as the chart lists it (newest first). */
export const ChartConsultationSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  doctorName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  outcome: z.enum(['approved', 'not_approved']).nullable(),
  outcomeReason: z.string().nullable(),
  identityVerifiedAt: z.string().nullable(),
  notes: z.string(),
});
export type ChartConsultation = z.infer<typeof ChartConsultationSchema>;
