import { z } from 'zod';
import { APPLICATION_TYPES, ReducedFeeReasonSchema } from '../fees.js';

// The payment request (patient-side.md §3, ruling 15) and its checks in the spec's order
// (§5 Payment checks). The form and the server run the same `firstPaymentProblem`.

export const PAYMENT_METHODS = ['credit', 'debit'] as const;
export const PAYMENT_METHOD_LABELS = { credit: 'Credit Card', debit: 'Debit Card' } as const;

export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVV_MAX = 4;

export const TELEHEALTH_CONSENT_TEXT =
  'I consent to receive care by a live video visit with a licensed Oklahoma physician, understand ' +
  'that the physician may decline to recommend medical marijuana, and understand that fees are ' +
  'charged for the evaluation and the state application whatever the outcome.';

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .optional()
    .default('');

/** Loose on purpose: the checks below give the spec's messages in the spec's order. */
export const PaymentRequestSchema = z.object({
  amount: z.string().max(20).optional(),
  cardNumber: text(CARD_NUMBER_MAX),
  expiryDate: text(EXPIRY_MAX),
  cvv: text(CVV_MAX),
  billingName: text(100),
  applicationType: z.enum(APPLICATION_TYPES, { error: 'Choose New Application or Renewal' }),
  hasReducedFee: z.boolean().default(false),
  reducedFeeReason: z.union([ReducedFeeReasonSchema, z.literal(''), z.null()]).optional(),
  paymentMethod: z.union([z.enum(PAYMENT_METHODS), z.literal(''), z.null()]).optional(),
  consent: z.boolean().optional().default(false),
  /**
   * The dispensary statement (issue 11): with it, and the intake complete, the payment also
   * joins the queue; without it the patient joins from the queue step.
   */
  notAtDispensary: z.boolean().optional(),
});
export type PaymentRequest = z.input<typeof PaymentRequestSchema>;
export type PaymentInput = z.output<typeof PaymentRequestSchema>;

export interface PaymentProblem {
  title: string;
  description?: string;
}

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** Expiry MM/YY in the future (the card is good through the end of that month). */
export function expiryIsValid(expiry: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export function firstPaymentProblem(
  input: Pick<
    PaymentInput,
    | 'cardNumber'
    | 'expiryDate'
    | 'cvv'
    | 'billingName'
    | 'hasReducedFee'
    | 'reducedFeeReason'
    | 'paymentMethod'
    | 'consent'
  >,
  hasProof: boolean,
  now = new Date(),
): PaymentProblem | null {
  const card = digitsOnly(input.cardNumber);
  if (input.hasReducedFee && input.reducedFeeReason && !hasProof)
    return {
      title: 'Document Required',
      description: 'Please upload proof of eligibility for reduced fee.',
    };
  if (!input.paymentMethod) return { title: 'Payment Method Required' };
  if (card.length < 13 || card.length > CARD_NUMBER_MAX || !/^\d+$/.test(card))
    return { title: 'Invalid Card Number' };
  if (!expiryIsValid(input.expiryDate, now)) return { title: 'Invalid Expiry Date' };
  if (!/^\d{3,4}$/.test(input.cvv)) return { title: 'Invalid CVV (3 or 4 digits)' };
  if (!input.billingName.trim()) return { title: 'Billing Name Required' };
  if (input.hasReducedFee && !input.reducedFeeReason)
    return { title: 'Reduced Fee Reason Required' };
  if (!input.consent)
    return {
      title: 'Consent Required',
      description: 'Please agree to the telehealth consent to continue.',
    };
  return null;
}

export const problemMessage = (p: PaymentProblem) => p.description ?? p.title;

/** Luhn checksum: what a processor checks first. */
export function luhnValid(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(cardNumber: string): string {
  const d = digitsOnly(cardNumber);
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^6(011|5)/.test(d)) return 'Discover';
  return 'Card';
}
