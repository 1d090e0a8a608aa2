// What became of an application's fee (issue 11: pay only if approved). The card is
// authorized at payment, captured on approval, and the authorization voided (or a captured
// charge refunded) on a denial or a removal from the queue by staff.

export const APPLICATION_PAYMENT_STATUSES = [
  /** Nothing held: never paid, or a hold that lapsed or was given back (pay again). */
  'unpaid',
  /** The fee is held on the card and not taken. */
  'authorized',
  /** Taken: the physician approved. */
  'captured',
  /** The hold was released: nothing was taken. */
  'voided',
  /** Taken, then given back. */
  'refunded',
] as const;
export type ApplicationPaymentStatus = (typeof APPLICATION_PAYMENT_STATUSES)[number];

/** The fee is held or taken, so the application may be seen by a physician. */
export const feeCovered = (status: string): boolean =>
  status === 'authorized' || status === 'captured';

/**
 * An authorization not captured within this many days is voided by the clinic (no card is
 * stored to capture later; processors release holds after about a week anyway).
 */
export const AUTHORIZATION_HOLD_DAYS = 7;
