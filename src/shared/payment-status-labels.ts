import type { ApplicationPaymentStatus } from './payment-status.js';

/** How an application's payment status reads on staff and patient screens (issue 11). */
export const PAYMENT_STATUS_LABELS: Record<ApplicationPaymentStatus, string> = {
  unpaid: 'Unpaid',
  authorized: 'Held, not charged',
  captured: 'Paid',
  voided: 'Released, not charged',
  refunded: 'Refunded',
};

/** Badge tone: the fee covered (held or taken) reads as done. */
export const paymentStatusTone = (status: ApplicationPaymentStatus) =>
  status === 'authorized' || status === 'captured' ? 'success' : 'warning';
