import { countsForIntake } from './intake.js';
import type { ApplicationView } from './schemas/application.js';
import { RENEWAL_PHOTO_MAX_AGE_MONTHS } from './state-application.js';

// Renewals (issue 22). OMMA renews a licence on a new recommendation, a current proof of
// residency and a photo taken within the last 6 months. An application that follows one of the
// patient's approved applications is a renewal of it: its proof of residency must be uploaded
// after that approval, and its photo within RENEWAL_PHOTO_MAX_AGE_MONTHS of the renewal's start,
// so the documents the last licence was issued on do not stand in for new ones. The other
// documents (the government ID) carry over. One rule for the queue's gate, the journey, the
// upload center and the wizard.

/** Application statuses that mean the physician approved it (documents_collected follows). */
export const APPROVED_APPLICATION_STATUSES = ['approved', 'documents_collected'] as const;
export const isApprovedStatus = (status: string) =>
  (APPROVED_APPLICATION_STATUSES as readonly string[]).includes(status);

/** What a renewal needs anew: documents uploaded after these instants (ISO timestamps). */
export interface RenewalRule {
  /** The approval renewed: a proof of residency must be newer. */
  residencySince: string;
  /** The renewal's start less RENEWAL_PHOTO_MAX_AGE_MONTHS: a photo must be this recent. */
  photoSince: string;
}

/** An instant less whole calendar months (31 March less one month is 28/29 February). */
export function monthsBefore(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at.toISOString();
}

interface ApplicationFacts {
  id: string;
  status: string;
  createdAt: string;
  approvedAt: string | null;
}

/**
 * The renewal rule of `application`, or null when it renews nothing (the patient's first
 * approval is still to come). `history` is the patient's applications, in any order.
 */
export function renewalRuleFor(
  application: Pick<ApplicationFacts, 'id' | 'createdAt'>,
  history: readonly ApplicationFacts[],
): RenewalRule | null {
  const created = Date.parse(application.createdAt);
  let renewed: string | null = null;
  for (const a of history) {
    if (a.id === application.id || !a.approvedAt || !isApprovedStatus(a.status)) continue;
    if (Date.parse(a.createdAt) >= created) continue;
    if (!renewed || Date.parse(a.approvedAt) > Date.parse(renewed)) renewed = a.approvedAt;
  }
  if (!renewed) return null;
  return {
    residencySince: new Date(renewed).toISOString(),
    photoSince: monthsBefore(application.createdAt, RENEWAL_PHOTO_MAX_AGE_MONTHS),
  };
}

interface DocumentFacts {
  category: string;
  status: string;
  applicationId: string | null;
  uploadedAt: string;
}

/**
 * Whether a current document of the patient counts for `application`'s intake: not turned down
 * by staff, and filed with it (or before there was one); for a renewal, any of the patient's
 * documents counts except a proof of residency from before the renewed approval and a photo
 * older than the photo rule.
 */
export function countsForApplication(
  doc: DocumentFacts,
  application: { id: string },
  renewal: RenewalRule | null,
): boolean {
  if (!countsForIntake(doc)) return false;
  if (!renewal) return doc.applicationId === null || doc.applicationId === application.id;
  const uploaded = Date.parse(doc.uploadedAt);
  if (doc.category === 'proof_of_residency') return uploaded > Date.parse(renewal.residencySince);
  if (doc.category === 'photo') return uploaded >= Date.parse(renewal.photoSince);
  return true;
}

export const RENEWAL_RESIDENCY_NOTE =
  'Your renewal needs a new proof of residency, dated within the last 30 days.';
export const RENEWAL_PHOTO_NOTE =
  'Your renewal needs a new photo: the one on file is more than 6 months old.';

export const OPEN_APPLICATION_MESSAGE =
  'You already have an application in progress: finish it before starting a renewal.';
export const NO_APPROVED_APPLICATION_MESSAGE =
  'There is no approved application to renew. Start a new application instead.';

/** POST /api/applications/renewal's answer: the new open application and what it needs anew. */
export interface RenewalStart {
  application: ApplicationView;
  documentsNeeded: ('proof_of_residency' | 'photo')[];
}
