// The card processor behind one interface (issue 3), chosen by PAYMENT_PROVIDER. Card data
// passes through `charge` to the processor and nowhere else.

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

export interface PaymentGateway {
  readonly name: 'simulator' | 'authorize_net';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** What happened to the charge sent with this reference, made within `window`. */
  lookup(reference: string, window?: LookupWindow): Promise<LookupResult>;
  /**
   * The charge a refund transaction gave money back on (its refTransId), or null when the
   * processor has no such refund. Throws GatewayError when the processor cannot be asked.
   */
  refundedCharge(refundTransactionId: string): Promise<string | null>;
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
