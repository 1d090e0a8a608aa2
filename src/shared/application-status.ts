import { feeCovered } from './payment-status.js';

// An application's statuses and the rules read from them, without its zod schemas
// (schemas/application.ts), so the patient's dashboard can apply them without loading zod.

export const APPLICATION_STATUSES = [
  'pending',
  'payment_completed',
  'in_review',
  'documents_collected',
  'approved',
  'rejected',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/**
 * Closed applications; a patient has at most one application in any other status (ruling 14).
 * `documents_collected` follows approval (staff-and-video.md §4), so it is closed too.
 */
export const CLOSED_STATUSES: readonly ApplicationStatus[] = [
  'approved',
  'rejected',
  'documents_collected',
];
export const isClosedStatus = (status: string) =>
  (CLOSED_STATUSES as readonly string[]).includes(status);

/**
 * A fee is waiting to be paid, so Simulate Payment Complete and the Development Bypass have
 * something to do (issue 21): the latest application is open and its fee not covered, or there
 * is none yet (paying creates it, ruling 14). After a decision the latest application is
 * closed, and nothing is due until the patient starts a new application.
 */
export const paymentDue = (latest: { status: string; paymentStatus: string } | null | undefined) =>
  !latest || (!isClosedStatus(latest.status) && !feeCovered(latest.paymentStatus));

export const BYPASS_AFTER_DECISION_MESSAGE =
  "This visit already has the physician's decision. Start a new application before paying again.";
export const ALREADY_PAID_MESSAGE = 'This application is already paid';
