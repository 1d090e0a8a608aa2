import { z } from 'zod';

// GET /api/admin/console-counts (issue 12): the staff console sidebar's live badges. Counts
// only, no patient data. A count the user may not see (its area is not theirs) is null.

export const ConsoleCountsSchema = z.object({
  /** Patients waiting in the queue now (clinic-wide: everyone who may admit sees one line). */
  waiting: z.number().int().nonnegative().nullable(),
  /** Post-consultation follow-ups still open (the Post-Consultation board's rows). */
  followUp: z.number().int().nonnegative().nullable(),
  /** Patient documents awaiting review (a doctor: only of the patients being seen). */
  documentsToReview: z.number().int().nonnegative().nullable(),
  /**
   * OMMA applications the desk must act on soon (issue 22): still to send with
   * SUBMIT_WARNING_DAYS or fewer left, or lapsed with the state fee still held.
   */
  stateApplicationsDue: z.number().int().nonnegative().nullable(),
});
export type ConsoleCounts = z.infer<typeof ConsoleCountsSchema>;

export const CONSOLE_COUNTS_PATH = '/api/admin/console-counts';
