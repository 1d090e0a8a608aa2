import { z } from 'zod';
import { DOCUMENT_CATEGORIES, DOCUMENT_STATUSES } from '../documents.js';
import { APPLICATION_TYPES } from '../fees.js';
import { LANGUAGES } from '../i18n/languages.js';
import { APPLICATION_PAYMENT_STATUSES } from '../payment-status.js';
import { APPLICATION_STATUSES, ApplicationViewSchema } from './application.js';
import { PatientProfileSchema } from './auth.js';
import { ChartConsultationSchema } from './consultation-room.js';

// Staff document review, downloads and the patients list (staff-and-video.md §2 Document
// Management Center and Doctor Consultation Interface, §3 Patient and Patient document;
// ruling 3: access `documents`, a doctor only for the patient being seen).

/** A query-string value the screen sends empty when no filter is chosen. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const SearchSchema = z
  .string()
  .trim()
  .max(100, 'Keep the search under 100 characters')
  .transform((v) => v || undefined)
  .optional();

/** GET /api/admin/patient-documents and /api/admin/stored-documents: filters, all optional. */
export const DocumentFiltersSchema = z.object({
  search: SearchSchema,
  category: optionalFilter(z.enum(DOCUMENT_CATEGORIES, { error: 'Choose a document category' })),
  status: optionalFilter(z.enum(DOCUMENT_STATUSES, { error: 'Choose a document status' })),
});
export type DocumentFilters = z.input<typeof DocumentFiltersSchema>;

/** A document as the staff lists show it (§3 Patient document). */
export const StaffDocumentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  applicationId: z.string().nullable(),
  name: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  /** MIME type. */
  type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploadedAt: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** The reviewer's name. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  /** Produced by the clinic (the recommendation form), not uploaded by the patient. */
  generated: z.boolean(),
  /** Set on an earlier version kept after the patient replaced it. */
  replacedAt: z.string().nullable(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;
export const StaffDocumentListSchema = z.array(StaffDocumentSchema);

export const REJECTION_NOTE_REQUIRED = 'Please say why the document is rejected';

/** POST /api/admin/documents/:id/review. */
export const ReviewDocumentSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected' }),
    note: z.string().trim().max(1000, 'Keep the note under 1000 characters').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: REJECTION_NOTE_REQUIRED });
  });
export type ReviewDocumentRequest = z.input<typeof ReviewDocumentSchema>;

export const ReviewDocumentResponseSchema = z.object({
  message: z.string(),
  document: StaffDocumentSchema,
});

/** Server → the patient: a document's review status changed. */
export const DocumentUpdateEventSchema = z.object({
  documentId: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
});
export type DocumentUpdateEvent = z.infer<typeof DocumentUpdateEventSchema>;

/** GET /api/admin/patients?search= (name or email, case-insensitive). */
export const PatientsQuerySchema = z.object({ search: SearchSchema });

/** A patient as the staff list shows it (§3 Patient). */
export const StaffPatientSchema = z.object({
  id: z.string(),
  /** The patient's account: the audit trail names patients by it (issue 13). */
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  createdAt: z.string(),
  latestApplication: z
    .object({
      id: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      type: z.enum(APPLICATION_TYPES),
      paymentStatus: z.enum(APPLICATION_PAYMENT_STATUSES),
    })
    .nullable(),
  /** Current (not replaced) documents. */
  documentCount: z.number().int(),
});
export type StaffPatient = z.infer<typeof StaffPatientSchema>;
export const StaffPatientListSchema = z.array(StaffPatientSchema);

/** GET /api/admin/patients/:patientId/record: the Doctor Consultation Interface's data. */
export const PatientRecordSchema = z.object({
  patient: PatientProfileSchema.extend({
    email: z.string(),
    createdAt: z.string(),
    /** The patient's language (issue 24): `en` or `es`, the account's `users.language`. */
    language: z.enum(LANGUAGES),
  }),
  /** The open application, or the latest when none is open; with its medical conditions. */
  application: ApplicationViewSchema.nullable(),
  documents: StaffDocumentListSchema,
  /** The consultation in progress (the calling doctor's own, for a doctor). */
  consultation: z
    .object({
      id: z.string(),
      queueId: z.string(),
      doctorId: z.string(),
      startedAt: z.string(),
      roomId: z.string().nullable(),
      /** The physician's notes so far (issue 12). */
      notes: z.string(),
    })
    .nullable(),
  /** Every consultation of this patient, newest first, the live one included (issue 12). */
  consultations: z.array(ChartConsultationSchema),
});
export type PatientRecord = z.infer<typeof PatientRecordSchema>;
