// The card processor behind one interface (issue 3), chosen by PAYMENT_PROVIDER. Card data
// passes through `authorize` to the processor and nowhere else. The fee is held at payment and
// taken only on approval (issue 11, ADR 0010): authorize, then capture, void or refund.

export interface ChargeRequest {
  amountCents: number;
  cardNumber: string;
  /** MM/YY as the form takes it. */
  expiryDate: string;
  cvv: string;
  billingName: string;
  /** Our payment id, sent as the processor's invoice / reference. */
  reference: string;
  description: string;
}

export type ChargeResult =
  | { approved: true; transactionId: string; brand: string; last4: string }
  | { approved: false; message: string; transactionId?: string };

/**
 * What the processor knows of a charge made under one reference (our payment id), asked when
 * a payment stayed pending because the process died mid-charge (payments/reconcile.ts).
 * `unknown`: the processor could not be asked, so nothing may be concluded yet.
 */
export type LookupResult =
  | { status: 'approved'; transactionId: string; brand: string; last4: string }
  | { status: 'declined'; message: string; transactionId?: string }
  | { status: 'not_found' }
  | { status: 'unknown' };

/** From the payment's creation to now: where a processor searches its settled records. */
export interface LookupWindow {
  since: Date;
  until: Date;
}

/**
 * The processor's answer to a capture, void or refund of an earlier transaction. `done`: it
 * happened now or had already happened (a retry after a crash must not fail on its own
 * earlier success). Refused: the processor said no (an expired or already released hold).
 * Throws GatewayError when nothing is known (unreachable, no answer).
 */
export type FollowUpResult =
  | { done: true; transactionId: string }
  | { done: false; message: string };

export interface RefundRequest {
  transactionId: string;
  amountCents: number;
  /** The card's last four digits, as the charge recorded them. */
  last4: string;
}

/** A refund as the processor reports it (issue 22: a refund may give back part of a charge). */
export interface RefundedCharge {
  chargeId: string;
  amountCents: number | null;
}

export interface PaymentGateway {
  readonly name: 'simulator' | 'authorize_net';
  /** Holds the amount on the card; nothing is taken until `capture`. */
  authorize(request: ChargeRequest): Promise<ChargeResult>;
  /** Takes the held amount (at most what was authorized). */
  capture(transactionId: string, amountCents: number): Promise<FollowUpResult>;
  /** Releases a hold (or cancels a capture not yet settled): nothing is taken. */
  void(transactionId: string): Promise<FollowUpResult>;
  /** Gives back a captured (settled) charge. */
  refund(request: RefundRequest): Promise<FollowUpResult>;
  /** What happened to the charge sent with this reference, made within `window`. */
  lookup(reference: string, window?: LookupWindow): Promise<LookupResult>;
  /**
   * The charge a refund transaction gave money back on (its refTransId) and how much it gave
   * back (null when the processor does not say), or null when the processor has no such
   * refund. Throws GatewayError when the processor cannot be asked.
   */
  refundedCharge(refundTransactionId: string): Promise<RefundedCharge | null>;
  /** Checks a webhook's signature over the raw body. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): boolean;
}

/**
 * The processor could not be reached or answered nonsense: whether the card was charged is
 * unknown. `notCharged`: the processor answered and refused the request itself (credentials,
 * format), so no transaction exists.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly notCharged = false,
  ) {
    super(message);
  }
}
