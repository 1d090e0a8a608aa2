import { z } from 'zod';
import { isIsoDate } from '../dates.js';

// Patients in user management (issue 13; ruling 3: `users` and `documents`): find a patient by
// name, email or date of birth, then deactivate, send a password reset or unlock sign-in.

export const PATIENT_SEARCH_PAGE_SIZE = 20;
/** Deeper than this a search should be narrowed, not paged (and each page read is audited). */
export const PATIENT_SEARCH_MAX_PAGE = 50;
export const SEARCH_CRITERIA_MESSAGE =
  'Enter a name or email (2 letters or more), or a date of birth';

export const PatientSearchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, 'Search at most 100 characters')
      .optional()
      .transform((q) => q || undefined),
    dob: z
      .string()
      .trim()
      .optional()
      .transform((d) => d || undefined)
      .refine((d) => d === undefined || isIsoDate(d), 'Enter the date of birth as a date'),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(PATIENT_SEARCH_MAX_PAGE, `Narrow the search: at most ${PATIENT_SEARCH_MAX_PAGE} pages`)
      .default(1),
  })
  .refine((s) => (s.q !== undefined && s.q.length >= 2) || s.dob !== undefined, {
    message: SEARCH_CRITERIA_MESSAGE,
    path: ['q'],
  });
export type PatientSearchQuery = z.input<typeof PatientSearchQuerySchema>;

export const PatientAccountSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Wrong passwords hold the account's sign-in now (from at least one address). */
  signInLocked: z.boolean(),
});
export type PatientAccount = z.infer<typeof PatientAccountSchema>;

export const PatientSearchAnswerSchema = z.object({
  patients: z.array(PatientAccountSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type PatientSearchAnswer = z.infer<typeof PatientSearchAnswerSchema>;
