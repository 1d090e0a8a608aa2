import { z } from 'zod';

// Removing a patient from the line (reject-patient, issue 11) says why: the patient reads it.

export const REMOVAL_REASON_MAX = 1000;
export const REMOVAL_REASON_REQUIRED = 'Please give the reason for removing the patient';

export const RemovalReasonSchema = z
  .string({ error: REMOVAL_REASON_REQUIRED })
  .trim()
  .min(1, REMOVAL_REASON_REQUIRED)
  .max(REMOVAL_REASON_MAX, `Keep the reason under ${REMOVAL_REASON_MAX} characters`);

/** POST /api/admin/reject-patient. */
export const RejectPatientSchema = z.object({
  queueId: z.uuid('Patient not found in the queue'),
  reason: RemovalReasonSchema,
});
export type RejectPatientRequest = z.infer<typeof RejectPatientSchema>;
