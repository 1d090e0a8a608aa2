import { z } from 'zod';
import { APPLICATION_STATUSES } from './application.js';

// Post-consultation follow-up (staff-and-video.md §2 Post-Consultation, §3 "Consultation status
// record" and "Post-consultation task", §4, §7; ruling 3). Used by the routes and the web.

/** `completed`: ended, nothing started; `collecting`: a follow-up task is open; `documents_collected`. */
export const CONSULTATION_STATUSES = ['completed', 'collecting', 'documents_collected'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const CONSULTATION_OUTCOMES = ['approved', 'not_approved'] as const;
export const ConsultationOutcomeSchema = z.enum(CONSULTATION_OUTCOMES).nullable();

/** GET /api/admin/consultation-statuses: one row per ended consultation, newest first. */
export const ConsultationStatusRecordSchema = z.object({
  /** The consultation's id. */
  id: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  applicationId: z.string(),
  /** The application's own status: Mark Documents Collected is possible only when `approved`. */
  applicationStatus: z.enum(APPLICATION_STATUSES),
  consultationStatus: z.enum(CONSULTATION_STATUSES),
  consultationCompletedAt: z.string(),
  patientEmail: z.string(),
  patientPhone: z.string().nullable(),
  outcome: ConsultationOutcomeSchema,
  doctorName: z.string(),
  taskId: z.string().nullable(),
});
export type ConsultationStatusRecord = z.infer<typeof ConsultationStatusRecordSchema>;
export const ConsultationStatusListSchema = z.array(ConsultationStatusRecordSchema);

/**
 * `open`: document collection was initiated (a follow_up_tasks row); `pending`: an approved
 * consultation whose collection nobody has initiated yet (its `id` is the consultation's id
 * until the task exists).
 */
export const POST_CONSULTATION_TASK_STATUSES = ['open', 'pending'] as const;

/** GET /api/admin/post-consultation-tasks. */
export const PostConsultationTaskSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  doctorName: z.string(),
  /** When the consultation ended. */
  completedAt: z.string(),
  transcriptionAvailable: z.boolean(),
  applicationId: z.string(),
  consultationId: z.string(),
  status: z.enum(POST_CONSULTATION_TASK_STATUSES),
});
export type PostConsultationTask = z.infer<typeof PostConsultationTaskSchema>;
export const PostConsultationTaskListSchema = z.array(PostConsultationTaskSchema);

/** POST /api/admin/initiate-document-collection. */
/** A UUID, lower-cased so it compares equal to the stored one in application code. */
export const IdSchema = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());

export const InitiateDocumentCollectionSchema = z.object({
  applicationId: IdSchema('Application not found'),
  consultationId: IdSchema('Consultation not found'),
});
export type InitiateDocumentCollectionRequest = z.infer<typeof InitiateDocumentCollectionSchema>;

export const FollowUpTaskViewSchema = z.object({
  id: z.string(),
  consultationId: z.string(),
  applicationId: z.string(),
  status: z.enum(['open', 'completed']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type FollowUpTaskView = z.infer<typeof FollowUpTaskViewSchema>;

export const InitiateDocumentCollectionResponseSchema = z.object({
  message: z.string(),
  task: FollowUpTaskViewSchema,
});

export const ONLY_DOCUMENTS_COLLECTED = 'Only documents_collected can be set here';

/** PATCH /api/applications/:applicationId/status — ruling 3: only `documents_collected`. */
export const DocumentsCollectedSchema = z.object(
  { status: z.literal('documents_collected', { error: ONLY_DOCUMENTS_COLLECTED }) },
  { error: ONLY_DOCUMENTS_COLLECTED },
);
export type DocumentsCollectedRequest = z.infer<typeof DocumentsCollectedSchema>;

export const DocumentsCollectedResponseSchema = z.object({
  message: z.string(),
  application: z.object({ id: z.string(), status: z.literal('documents_collected') }),
  task: FollowUpTaskViewSchema.nullable(),
});
export type DocumentsCollectedResponse = z.infer<typeof DocumentsCollectedResponseSchema>;
