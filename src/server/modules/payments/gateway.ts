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

export interface PaymentGateway {
  readonly name: 'simulator' | 'authorize_net';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Checks a webhook's signature over the raw body. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): boolean;
}

/** The processor could not be reached or answered nonsense: nothing is known to be charged. */
export class GatewayError extends Error {}
