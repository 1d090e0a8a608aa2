import { z } from 'zod';

// Transcriptions, the Keyword Manager and note search (staff-and-video.md §2 Transcriptions tab,
// §3 "Stored transcription", §4 transcription workflow, §7; rulings 3, 9, 17).

/** ts_headline marks a match with these (private-use characters, stripped from stored text). */
export const SNIPPET_MATCH_START = '\uE000';
export const SNIPPET_MATCH_END = '\uE001';

export const TRANSCRIPT_MAX = 200_000;
export const SUMMARY_MAX = 5_000;
export const NOTES_MAX = 20_000;

/** Required text: trimmed, never empty, without the snippet markers. */
const requiredText = (label: string, verb: 'is' | 'are', max: number) =>
  z
    .string({ error: `${label} ${verb} required` })
    .transform((s) => s.replace(/[\uE000\uE001]/g, '').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} ${verb} required`)
        .max(max, `${label} must be at most ${max} characters`),
    );

/** POST /api/admin/process-transcription: the workflow's last step, Secure Storage (§4). */
export const ProcessTranscriptionSchema = z.object({
  consultationId: z.uuid('Consultation not found'),
  rawTranscript: requiredText('Transcript', 'is', TRANSCRIPT_MAX),
  summary: requiredText('Summary', 'is', SUMMARY_MAX),
  notes: requiredText('Notes', 'are', NOTES_MAX),
});
export type ProcessTranscriptionRequest = z.input<typeof ProcessTranscriptionSchema>;

export const ConditionRefSchema = z.object({
  icdCode: z.string().nullable(),
  description: z.string(),
});
export type ConditionRef = z.infer<typeof ConditionRefSchema>;

export const BillableContentSchema = z.object({
  durationMinutes: z.number().int().nonnegative(),
  /** The application's conditions, then those found in the transcript, summary or notes. */
  conditions: z.array(ConditionRefSchema),
  outcome: z.enum(['approved', 'not_approved']).nullable(),
  /** A duration of at least one (rounded) minute and a recorded outcome. */
  billable: z.boolean(),
});
export type BillableContent = z.infer<typeof BillableContentSchema>;

/** §3 Stored transcription, as GET /api/admin/transcriptions lists it. */
export const StoredTranscriptionSchema = z.object({
  consultationId: z.string(),
  meetingId: z.string().nullable(),
  applicationId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  doctorName: z.string(),
  /** When the consultation started. */
  consultationDate: z.string(),
  /** Whole minutes, rounded (the consultation's recorded duration). */
  duration: z.number().int().nonnegative(),
  /** Bytes of stored text (transcript, summary and notes, UTF-8). */
  fileSize: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  keyFindings: z.array(z.string()),
  billableContent: BillableContentSchema,
  hipaaCompliant: z.boolean(),
});
export type StoredTranscription = z.infer<typeof StoredTranscriptionSchema>;
export const StoredTranscriptionListSchema = z.array(StoredTranscriptionSchema);

/** GET /api/admin/transcriptions/pending: ended consultations with nothing stored yet. */
export const PendingTranscriptionSchema = z.object({
  consultationId: z.string(),
  meetingId: z.string().nullable(),
  applicationId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  doctorName: z.string(),
  completedAt: z.string(),
  duration: z.number().int().nonnegative(),
});
export type PendingTranscription = z.infer<typeof PendingTranscriptionSchema>;
export const PendingTranscriptionListSchema = z.array(PendingTranscriptionSchema);

export const ConsultationIdParamsSchema = z.object({
  consultationId: z.uuid('Transcription not found'),
});

// Keyword Manager ------------------------------------------------------------------------

export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = 60;
export const KEYWORD_CATEGORY_MAX = 40;

export const KeywordInputSchema = z.object({
  term: z
    .string({ error: 'Keyword is required' })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(KEYWORD_MIN, `Keyword must be at least ${KEYWORD_MIN} characters`)
        .max(KEYWORD_MAX, `Keyword must be at most ${KEYWORD_MAX} characters`),
    ),
  category: z
    .string({ error: 'Category must be text' })
    .trim()
    .max(KEYWORD_CATEGORY_MAX, `Category must be at most ${KEYWORD_CATEGORY_MAX} characters`)
    .nullable()
    .optional()
    .transform((s) => s || null),
});
export type KeywordInput = z.input<typeof KeywordInputSchema>;

export const KeywordSchema = z.object({
  id: z.string(),
  term: z.string(),
  category: z.string().nullable(),
  createdAt: z.string(),
});
export type Keyword = z.infer<typeof KeywordSchema>;
export const KeywordListSchema = z.array(KeywordSchema);

export const KeywordIdParamsSchema = z.object({ id: z.uuid('Keyword not found') });

// Search notes ----------------------------------------------------------------------------

export const SEARCH_MAX = 200;
export const SEARCH_REQUIRED = 'Enter words to search for';

export const SearchNotesQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_REQUIRED })
    .trim()
    .min(1, SEARCH_REQUIRED)
    .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`),
});

export const NoteSearchResultSchema = z.object({
  consultationId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  doctorName: z.string(),
  createdAt: z.string(),
  /** Plain text; matches sit between SNIPPET_MATCH_START and SNIPPET_MATCH_END (splitSnippet). */
  snippet: z.string(),
  rank: z.number(),
});
export type NoteSearchResult = z.infer<typeof NoteSearchResultSchema>;
export const NoteSearchResultListSchema = z.array(NoteSearchResultSchema);
