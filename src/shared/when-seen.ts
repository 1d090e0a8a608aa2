import { formatClinicInstant } from './clinic-hours.js';
import type { QueueStatusView } from './queue.js';

// When the patient will be seen, in the words every message after payment uses (issue 21,
// superseding the spec's "A doctor will see you shortly" toast): at 9:35 PM a patient paid,
// was told a doctor would see them shortly, while the queue said the clinic opens tomorrow at
// 9 AM. One source for the payment step before paying, the toast, the wizard's queue step and
// the receipt email, from the queue status the server computes (CLINIC_HOURS, the physicians
// connected now) and the clinic-hours helpers.

/** The payment step outside CLINIC_HOURS, before the patient pays. */
export function afterHoursBeforePayment(clinicOpensAt: string, timeZone: string): string {
  return `The clinic is closed now. It opens ${formatClinicInstant(clinicOpensAt, timeZone)}. You can pay now and join the line: we hold your place, and a physician sees you after the clinic opens.`;
}

/** "after the clinic opens Monday, Jan 19, 9:00 AM CST", or null while it is open. */
const afterOpening = (clinicOpensAt: string | null, timeZone: string) =>
  clinicOpensAt
    ? `The clinic is closed now: it opens ${formatClinicInstant(clinicOpensAt, timeZone)}, and a physician will see you after it opens.`
    : null;

type WaitFacts = Pick<
  QueueStatusView,
  'status' | 'position' | 'estimatedWaitTime' | 'physicianOnDuty' | 'clinicOpensAt'
>;

/** The patient's place and when they will be seen, from their queue status. */
export function whenSeen(queue: WaitFacts, timeZone: string): string {
  if (queue.status === 'admitted' || queue.status === 'in_consultation')
    return 'A physician is ready for you now.';
  const place = `You are number ${queue.position} in line`;
  // A physician connected is seeing patients, late hours or not (the queue card's rule).
  if (queue.physicianOnDuty)
    return queue.estimatedWaitTime > 0
      ? `${place}; a physician is seeing patients now, and your estimated wait is about ${queue.estimatedWaitTime} minutes.`
      : `${place}; a physician is seeing patients now and will be with you in a few minutes.`;
  return `${place} and keep your place. ${
    afterOpening(queue.clinicOpensAt, timeZone) ??
    'No physician is on duty right now, so we cannot estimate your wait; your queue page tells you as soon as one is.'
  }`;
}

/** After a payment: the card held, and the truth about when the patient will be seen. */
export function afterPayment(
  queue: WaitFacts | null,
  clinicOpensAt: string | null,
  timeZone: string,
): string {
  const held = 'Your card is held, not charged.';
  if (queue) return `${held} ${whenSeen(queue, timeZone)}`;
  const finish = 'Finish your application to join the line.';
  const closed = clinicOpensAt
    ? ` The clinic is closed now and opens ${formatClinicInstant(clinicOpensAt, timeZone)}.`
    : '';
  return `${held} ${finish}${closed}`;
}
