import { CreditCard } from 'lucide-react';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useT, useTr } from '@/lib/i18n/use-t';
import {
  CARD_NUMBER_MAX,
  type CardBrand,
  CVV_MAX,
  detectCardBrand,
  EXPIRY_MAX,
  PAYMENT_METHODS,
  type PaymentField,
} from '../../../../shared/schemas/payment';

// The card half of the payment form: Credit/Debit (ruling 15), cardholder, number with the
// brand it belongs to, expiry and CVV. Values and errors live in payment-form.

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CardDetails {
  method: PaymentMethod | '';
  billingName: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
}

/** The element id of each card field (the error summary links to these). */
export const CARD_FIELD_IDS = {
  paymentMethod: 'payment-method',
  billingName: 'billing-name',
  cardNumber: 'card-number',
  expiryDate: 'expiry',
  cvv: 'cvv',
} as const satisfies Partial<Record<PaymentField, string>>;

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed (longer numbers stay plain). */
function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX);
  return digits.length <= 16 ? digits.replace(/(\d{4})(?=\d)/g, '$1 ') : digits;
}

/** "1230" → "12/30"; a typed slash is kept. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Short enough to sit inside the number field at 360 px. */
const BRAND_SHORT: Record<CardBrand, string> = {
  Visa: 'Visa',
  Mastercard: 'Mastercard',
  'American Express': 'Amex',
  Discover: 'Discover',
};

interface CardDetailsFieldsProps {
  value: CardDetails;
  onChange: (field: keyof CardDetails, value: string) => void;
  errorFor: (field: PaymentField) => string | undefined;
  disabled: boolean;
}

export function CardDetailsFields({ value, onChange, errorFor, disabled }: CardDetailsFieldsProps) {
  const t = useT();
  const tr = useTr();
  const brand = detectCardBrand(value.cardNumber);
  // The checks' messages are keys (msg()): shown in the page's language.
  const shownError = (field: PaymentField) => {
    const error = errorFor(field);
    return error && tr(error);
  };
  const input = (field: keyof typeof CARD_FIELD_IDS) => {
    const id = CARD_FIELD_IDS[field];
    const error = shownError(field);
    return {
      id,
      disabled,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': fieldDescribedBy(id, error),
    } as const;
  };

  return (
    <>
      <Field
        id={CARD_FIELD_IDS.paymentMethod}
        label={t('payment.card.method')}
        error={shownError('paymentMethod')}
      >
        <Select
          {...input('paymentMethod')}
          value={value.method}
          onChange={(e) => onChange('method', e.target.value)}
        >
          <option value="">{t('payment.card.selectMethod')}</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(m === 'credit' ? 'payment.card.method.credit' : 'payment.card.method.debit')}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={CARD_FIELD_IDS.billingName}
        label={t('payment.card.holder')}
        error={shownError('billingName')}
      >
        <Input
          {...input('billingName')}
          autoComplete="cc-name"
          value={value.billingName}
          maxLength={100}
          onChange={(e) => onChange('billingName', e.target.value)}
        />
      </Field>
      <Field
        id={CARD_FIELD_IDS.cardNumber}
        label={t('payment.card.number')}
        error={shownError('cardNumber')}
      >
        <div className="relative">
          <Input
            {...input('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_MAX}
            value={value.cardNumber}
            className={brand ? 'pr-24' : undefined}
            onChange={(e) => onChange('cardNumber', groupCardNumber(e.target.value))}
          />
          {/* Said once it can be told from the first digits; polite, so typing is not interrupted. */}
          <span
            aria-live="polite"
            data-testid="card-brand"
            className="pointer-events-none absolute top-1/2 right-2 flex max-w-24 -translate-y-1/2 items-center gap-1 truncate text-xs font-semibold text-slate-700"
          >
            {brand && (
              <>
                <CreditCard aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{`${t('payment.card.brand')} `}</span>
                <span aria-hidden="true">{BRAND_SHORT[brand]}</span>
                <span className="sr-only">{brand}</span>
              </>
            )}
          </span>
        </div>
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field
          id={CARD_FIELD_IDS.expiryDate}
          label={t('payment.card.expiry')}
          error={shownError('expiryDate')}
        >
          <Input
            {...input('expiryDate')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.card.expiryPlaceholder')}
            maxLength={EXPIRY_MAX}
            value={value.expiryDate}
            onChange={(e) => onChange('expiryDate', formatExpiry(e.target.value))}
          />
        </Field>
        <Field id={CARD_FIELD_IDS.cvv} label={t('payment.card.cvv')} error={shownError('cvv')}>
          <Input
            {...input('cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={CVV_MAX}
            value={value.cvv}
            onChange={(e) => onChange('cvv', e.target.value.replace(/\D/g, '').slice(0, CVV_MAX))}
          />
        </Field>
      </div>
    </>
  );
}
