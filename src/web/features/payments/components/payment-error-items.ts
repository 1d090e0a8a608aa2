import type { FormErrorItem } from '@/components/form/use-form-feedback';
import type { MessageKey, MessageValues } from '../../../../shared/i18n/message-key';
import type { PaymentField } from '../../../../shared/schemas/payment';
import { CARD_FIELD_IDS } from './card-details-fields';

// The payment form's error summary: which element each check's field is and what the summary
// calls it, in the order the fields stand on the screen.

/** Where each check's field is on the page, and what the error summary calls it. */
const FIELD_IDS: Record<PaymentField, string> = {
  ...CARD_FIELD_IDS,
  proof: 'pay-proof',
  reducedFeeReason: 'reduced-fee-reason',
  consent: 'consent',
  stateApplicationAuthorized: 'state-application-authorized',
};
const FIELD_LABELS: Record<PaymentField, MessageKey> = {
  proof: 'payment.field.proof',
  reducedFeeReason: 'intake.fee.reasonLabel',
  paymentMethod: 'payment.card.method',
  billingName: 'payment.card.holder',
  cardNumber: 'payment.card.number',
  expiryDate: 'payment.field.expiryDate',
  cvv: 'payment.card.cvv',
  consent: 'payment.field.consent',
  stateApplicationAuthorized: 'payment.field.stateApplicationAuthorized',
};
/** The summary lists problems in screen order (the checks run in the spec's order). */
const SCREEN_ORDER: PaymentField[] = [
  'reducedFeeReason',
  'proof',
  'paymentMethod',
  'billingName',
  'cardNumber',
  'expiryDate',
  'cvv',
  'consent',
  'stateApplicationAuthorized',
];

/** The summary's entries for the fields a check found wrong, in screen order. */
export function paymentErrorItems(
  errorFor: (field: PaymentField) => string | undefined,
  t: (key: MessageKey, values?: MessageValues) => string,
  tr: (text: string) => string,
): FormErrorItem[] {
  return SCREEN_ORDER.flatMap((field) => {
    const message = errorFor(field);
    return message
      ? [{ id: FIELD_IDS[field], label: t(FIELD_LABELS[field]), message: tr(message) }]
      : [];
  });
}
