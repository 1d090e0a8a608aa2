import { z } from 'zod';

// GET /api/patient/visits (issue 21): the patient's visit history at /patient/consultation,
// newest first. One entry per consultation: when, with whom, the decision and the signed
// recommendation to download once approved.

export const VISIT_DECISIONS = ['approved', 'not_approved'] as const;

export const PatientVisitSchema = z.object({
  id: z.uuid(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  /** "Dr. First Last". */
  physician: z.string(),
  applicationType: z.string(),
  /** Null while the physician has not decided. */
  decision: z.enum(VISIT_DECISIONS).nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why not approved, as the physician wrote it for the patient. */
  decisionReason: z.string().nullable(),
  /** The recommendation the clinic issued for this visit's application, when approved. */
  recommendationDocumentId: z.uuid().nullable(),
});
export type PatientVisit = z.infer<typeof PatientVisitSchema>;

export const PatientVisitsResponseSchema = z.object({ visits: z.array(PatientVisitSchema) });
export type PatientVisitsResponse = z.infer<typeof PatientVisitsResponseSchema>;
