import { z } from 'zod';

// The consultation queue (patient-side.md §3 Queue status, §4 Queue states; ruling 13).

export const QUEUE_STATUSES = [
  'waiting',
  'admitted',
  'in_consultation',
  'completed',
  'rejected',
  'left',
  /** Taken out of line because the processor refunded or voided the payment (issue 10). */
  'payment_reversed',
] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
/** Entries still in line or in the room; any other status is over. */
export const ACTIVE_QUEUE_STATUSES: readonly QueueStatus[] = [
  'waiting',
  'admitted',
  'in_consultation',
];

export const QueueStatusSchema = z.object({
  id: z.string(),
  /**
   * The entry's number in the line, given by the database at join (ADR 0021): the line is
   * ordered by it, and the page finds its place with it in the line's broadcast.
   */
  lineNumber: z.number().int(),
  position: z.number().int(),
  estimatedWaitTime: z.number().int(),
  status: z.enum(QUEUE_STATUSES),
  joinedAt: z.string(),
  applicationId: z.string(),
  admitted: z.boolean(),
  /** The measured average the estimate uses (15 until there is data). */
  averageConsultationMinutes: z.number(),
  /**
   * The live call of the consultation in progress (issue 11): the server holds it, so Join works
   * from any tab or device; null when no call is open.
   */
  roomId: z.string().nullable(),
  /** A physician is connected now (ruling 16); without one the wait has no estimate (issue 11). */
  physicianOnDuty: z.boolean(),
  /** When the clinic next opens (ISO instant, CLINIC_HOURS), or null while it is open. */
  clinicOpensAt: z.string().nullable(),
});
export type QueueStatusView = z.infer<typeof QueueStatusSchema>;

/**
 * Oklahoma forbids a recommendation from a virtual visit with the patient at a dispensary: the
 * patient states they will not be at one, and the text and time are kept with the queue entry.
 */
export const DISPENSARY_STATEMENT =
  'I confirm that I will not be at a medical marijuana dispensary during my video consultation.';

export const STATEMENT_REQUIRED_MESSAGE =
  'Please confirm that you will not be at a dispensary during your video consultation.';

/** Joining the queue carries the dispensary statement (issue 11). */
export const JoinQueueSchema = z.object({
  applicationId: z.uuid('Application not found'),
  notAtDispensary: z.literal(true, { error: STATEMENT_REQUIRED_MESSAGE }),
});

// The place rules have no schema, so a page that shows a place need not load zod (issue 23).
export { DEFAULT_CONSULTATION_MINUTES, estimateWaitMinutes, queueProgress } from './queue-place.js';
