import { z } from 'zod';
import { APPLICATION_TYPES, ReducedFeeReasonSchema } from '../fees.js';
import { LANGUAGES } from '../i18n/languages.js';
import { msg } from '../i18n/message-key.js';
import type { StateApplicationMode } from '../state-application.js';

// The payment request (patient-side.md §3, ruling 15) and its checks in the spec's order
// (§5 Payment checks). The form and the server run the same `firstPaymentProblem`.

export const PAYMENT_METHODS = ['credit', 'debit'] as const;
export const PAYMENT_METHOD_LABELS = { credit: 'Credit Card', debit: 'Debit Card' } as const;

export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVV_MAX = 4;

// The telehealth consent's words are the catalog's `payment.consent.telehealth` (issue 24): the
// form shows them in the page's language and the server stores that exact text with it.

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
  applicationType: z.enum(APPLICATION_TYPES, { error: msg('payment.check.chooseType') }),
  hasReducedFee: z.boolean().default(false),
  reducedFeeReason: z.union([ReducedFeeReasonSchema, z.literal(''), z.null()]).optional(),
  paymentMethod: z.union([z.enum(PAYMENT_METHODS), z.literal(''), z.null()]).optional(),
  consent: z.boolean().optional().default(false),
  /**
   * The dispensary statement (issue 11): with it, and the intake complete, the payment also
   * joins the queue; without it the patient joins from the queue step.
   */
  notAtDispensary: z.boolean().optional(),
  /**
   * Issue 22, `clinic_submits`: the patient authorizes the clinic to submit their OMMA
   * application and pay the state fee for them (STATE_APPLICATION_AUTHORIZATION_TEXT).
   * Required then; ignored when the patient applies to OMMA themselves.
   */
  stateApplicationAuthorized: z.boolean().optional(),
  /**
   * Issue 24: the language the consent was shown in; the server stores the consent's text in
   * it. Absent: the request's language (the account's).
   */
  consentLanguage: z.enum(LANGUAGES).optional(),
});
export type PaymentRequest = z.input<typeof PaymentRequestSchema>;
export type PaymentInput = z.output<typeof PaymentRequestSchema>;

/** The form field a check is about, so the form can show its message there. */
export type PaymentField =
  | 'proof'
  | 'paymentMethod'
  | 'cardNumber'
  | 'expiryDate'
  | 'cvv'
  | 'billingName'
  | 'reducedFeeReason'
  | 'consent'
  | 'stateApplicationAuthorized';

export interface PaymentProblem {
  field: PaymentField;
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

type PaymentCheckInput = Pick<
  PaymentInput,
  | 'cardNumber'
  | 'expiryDate'
  | 'cvv'
  | 'billingName'
  | 'hasReducedFee'
  | 'reducedFeeReason'
  | 'paymentMethod'
  | 'consent'
  | 'stateApplicationAuthorized'
>;

/** Each check's words (§5), one per field, by key (issue 24). */
const PROBLEMS: Record<PaymentField, PaymentProblem> = {
  proof: { field: 'proof', title: msg('payment.check.proof') },
  paymentMethod: { field: 'paymentMethod', title: msg('payment.check.paymentMethod') },
  cardNumber: { field: 'cardNumber', title: msg('payment.check.cardNumber') },
  expiryDate: { field: 'expiryDate', title: msg('payment.check.expiryDate') },
  cvv: { field: 'cvv', title: msg('payment.check.cvv') },
  billingName: { field: 'billingName', title: msg('payment.check.billingName') },
  reducedFeeReason: { field: 'reducedFeeReason', title: msg('payment.check.reducedFeeReason') },
  consent: { field: 'consent', title: msg('payment.check.consent') },
  stateApplicationAuthorized: {
    field: 'stateApplicationAuthorized',
    title: msg('payment.check.stateApplicationAuthorized'),
  },
};

/**
 * Every failing check, in the spec's order (§5): the form shows them all at once. The
 * authorization (issue 22) comes last, beside the consent, and only when the clinic submits.
 */
export function paymentProblems(
  input: PaymentCheckInput,
  hasProof: boolean,
  mode: StateApplicationMode,
  now = new Date(),
): PaymentProblem[] {
  const card = digitsOnly(input.cardNumber);
  const failing: [PaymentField, boolean][] = [
    ['proof', input.hasReducedFee && !!input.reducedFeeReason && !hasProof],
    ['paymentMethod', !input.paymentMethod],
    ['cardNumber', card.length < 13 || card.length > CARD_NUMBER_MAX || !/^\d+$/.test(card)],
    ['expiryDate', !expiryIsValid(input.expiryDate, now)],
    ['cvv', !/^\d{3,4}$/.test(input.cvv)],
    ['billingName', !input.billingName.trim()],
    ['reducedFeeReason', input.hasReducedFee && !input.reducedFeeReason],
    ['consent', !input.consent],
    [
      'stateApplicationAuthorized',
      mode === 'clinic_submits' && input.stateApplicationAuthorized !== true,
    ],
  ];
  return failing.filter(([, fails]) => fails).map(([field]) => PROBLEMS[field]);
}

/**
 * The check a server answer repeats, so the form can show it beside its field: the answer is
 * in the reader's language, so the checks' messages are compared translated by `tr`.
 */
export function paymentProblemNamedBy(
  message: string,
  tr: (text: string) => string = (text) => text,
): PaymentProblem | undefined {
  return Object.values(PROBLEMS).find(
    (p) => message === serverMessage(p) || message === tr(serverMessage(p)),
  );
}

/** The first failing check: the server answers with this one (the spec's order). */
export function firstPaymentProblem(
  input: PaymentCheckInput,
  hasProof: boolean,
  mode: StateApplicationMode,
  now = new Date(),
): PaymentProblem | null {
  return paymentProblems(input, hasProof, mode, now)[0] ?? null;
}

export const problemMessage = (p: PaymentProblem) => p.description ?? p.title;

/**
 * The server's words for a failing check. The spec's checks answer in the spec's words; the
 * authorization (issue 22, not in the spec) names its request field too, for API clients.
 */
export const serverMessage = (p: PaymentProblem) =>
  p.field === 'stateApplicationAuthorized'
    ? msg('payment.check.stateApplicationAuthorizedApi')
    : problemMessage(p);

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

export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

// Issuer prefixes (IIN ranges) that a few typed digits are enough to tell apart.
const BRAND_PREFIXES: [CardBrand, RegExp][] = [
  ['Visa', /^4/],
  // 51–55, and the 2221–2720 range.
  ['Mastercard', /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/],
  ['American Express', /^3[47]/],
  // 6011, 644–649, 65.
  ['Discover', /^(6011|64[4-9]|65)/],
];

/** The brand a (partly typed) card number belongs to, or null while it cannot be told. */
export function detectCardBrand(cardNumber: string): CardBrand | null {
  const digits = digitsOnly(cardNumber);
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? null;
}

/** The brand stored with a payment: "Card" when the number matches no known brand. */
export function cardBrand(cardNumber: string): string {
  return detectCardBrand(cardNumber) ?? 'Card';
}
