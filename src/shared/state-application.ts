import type { DocumentCategory } from './documents.js';

// From recommendation to licence (issue 22). OMMA has no API for clinics: the application is
// made in OMMA's patient portal, either by the clinic's staff for the patient
// (`clinic_submits`, the spec's model: the patient paid the state fee with the visit and
// authorized the clinic to apply) or by the patient (`patient_submits`: the clinic charges its
// service fee only). The clinic chooses on the fee schedule; each application keeps the mode it
// was paid under. Facts from OMMA and OAC 442:10: the application must reach OMMA within 30
// days of the physician's signature, a rejected one be corrected and resubmitted within 30
// days, a licence lasts 2 years and its renewal needs a new recommendation, a current proof of
// residency and a photo taken within the last 6 months. One definition of each rule here.

export const STATE_APPLICATION_MODES = ['clinic_submits', 'patient_submits'] as const;
export type StateApplicationMode = (typeof STATE_APPLICATION_MODES)[number];
export const DEFAULT_STATE_APPLICATION_MODE: StateApplicationMode = 'clinic_submits';
export const STATE_APPLICATION_MODE_LABELS: Record<StateApplicationMode, string> = {
  clinic_submits: 'The clinic submits the OMMA application and pays the state fee',
  patient_submits: 'The patient applies to OMMA and pays the state fee there',
};

export const STATE_APPLICATION_STATUSES = [
  'preparing',
  'submitted',
  'approved',
  'rejected',
  'lapsed',
] as const;
export type StateApplicationStatus = (typeof STATE_APPLICATION_STATUSES)[number];
export const STATE_APPLICATION_STATUS_LABELS: Record<StateApplicationStatus, string> = {
  preparing: 'Preparing',
  submitted: 'Submitted to OMMA',
  approved: 'Licence issued',
  rejected: 'Rejected by OMMA',
  lapsed: 'Window passed',
};

/** The application must reach OMMA within this many days of the physician's signature. */
export const SUBMIT_WINDOW_DAYS = 30;
/** A rejected application must be corrected and resubmitted within this many days. */
export const RESUBMIT_WINDOW_DAYS = 30;
/** The console flags an unsubmitted application with this many days left or fewer. */
export const SUBMIT_WARNING_DAYS = 7;
/** `patient_submits`: reminders this many days after signing while the patient has not applied. */
export const PATIENT_APPLY_REMINDER_DAYS = [20, 27] as const;
/** A licence lasts this many years. */
export const LICENSE_TERM_YEARS = 2;
/** Renewal reminders go this many days before the licence expires, once each. */
export const RENEWAL_REMINDER_DAYS = [60, 30, 7] as const;
/** Staff see licences expiring within this many days on the State Applications page. */
export const EXPIRING_LICENSE_DAYS = 60;
/** A renewal needs a photo taken within this many months. */
export const RENEWAL_PHOTO_MAX_AGE_MONTHS = 6;

/**
 * OMMA's own state fee (OAC 442:10): $100 + $4.30 processing, reduced $20 + $2.50. The default
 * schedule charges exactly this, so the clinic never pays OMMA more than it collected (it
 * supersedes ruling 4's $104.00 / $20.00). Non-refundable once paid to the state.
 */
export const OMMA_STATE_FEE_CENTS = { standard: 10_430, reduced: 2_250 } as const;

/**
 * `clinic_submits`: what the patient authorizes at consent and payment (process-payment's
 * `stateApplicationAuthorized`), stored with its time on the application. Its words are the
 * catalog's `payment.consent.stateApplication` (issue 24), shown and stored in the page's
 * language.
 */

/** OMMA's common rejection reasons, ticked by staff on the desk before submitting. */
export const OMMA_CHECKLIST = [
  { id: 'id_valid', label: 'Government ID: front and back, not expired' },
  {
    id: 'residency_valid',
    label: 'Proof of residency: dated within the required period, not a P.O. box',
  },
  { id: 'photo_valid', label: 'Photo: plain background, recent, no glasses or hat' },
  { id: 'names_agree', label: 'Names and date of birth agree across all documents' },
] as const;
export type OmmaChecklistItem = (typeof OMMA_CHECKLIST)[number]['id'];
export const OMMA_CHECKLIST_IDS = OMMA_CHECKLIST.map((c) => c.id) as [
  OmmaChecklistItem,
  ...OmmaChecklistItem[],
];

/** What OMMA may ask the patient for again: categories a patient can upload. */
export const RESUBMITTABLE_DOCUMENTS = [
  'government_id',
  'proof_of_residency',
  'photo',
  'reduced_fee_proof',
] as const satisfies readonly DocumentCategory[];
export type ResubmittableDocument = (typeof RESUBMITTABLE_DOCUMENTS)[number];

const DAY_MS = 86_400_000;

/** An ISO date plus whole days (negative to go back), without local-time drift. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO date plus whole years (29 February falls to 28 February). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `today` to `until` (ISO dates); negative once past. */
export function daysBetween(today: string, until: string): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The last day the application may reach OMMA: the signature's date + 30 days. */
export const submitByFor = (signedOn: string) => addDays(signedOn, SUBMIT_WINDOW_DAYS);
/** The last day a rejected application may be resubmitted: the rejection's date + 30 days. */
export const resubmitByFor = (rejectedOn: string) => addDays(rejectedOn, RESUBMIT_WINDOW_DAYS);

/**
 * The status as of `today`: an application still to be sent (preparing, or rejected and not yet
 * resubmitted) whose window has passed is `lapsed`. The stored status moves with the desk's
 * actions; this reads the clock on top of it, so no timer has to fire for the desk to be right.
 */
export function effectiveStatus(
  row: { status: StateApplicationStatus; submitBy: string; resubmitBy: string | null },
  today: string,
): StateApplicationStatus {
  // Once OMMA rejected it, the resubmission window is the one that counts.
  if (row.status === 'preparing' || row.status === 'rejected') {
    if (daysBetween(today, row.resubmitBy ?? row.submitBy) < 0) return 'lapsed';
  }
  return row.status;
}

/** Whether the clinic still owes the submission (the state fee may be refunded meanwhile). */
export const notSubmitted = (status: StateApplicationStatus) =>
  status === 'preparing' || status === 'lapsed';

/**
 * The reminder thresholds reached and not yet sent. One mail goes for the most urgent of them
 * and all are marked sent, so a licence entered 20 days before expiry gets one reminder, not
 * three.
 */
export function dueReminders(
  thresholds: readonly number[],
  daysLeftOrSince: number,
  sent: readonly number[],
  direction: 'before' | 'after',
): number[] {
  return thresholds.filter((t) =>
    sent.includes(t) ? false : direction === 'before' ? daysLeftOrSince <= t : daysLeftOrSince >= t,
  );
}
