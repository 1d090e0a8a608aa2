import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { APPLICATIONS_KEY } from '@/features/applications/api/applications';
import {
  PATIENT_DOCUMENTS_KEY,
  uploadPatientDocument,
  usePatientDocuments,
} from '@/features/documents/api/documents';
import { feeLine, useFees } from '@/features/fees/api/fees';
import { DispensaryStatement } from '@/features/queue/components/dispensary-statement';
import { errorMessage } from '@/lib/api-client';
import {
  APPLICATION_TYPES,
  type ApplicationType,
  REDUCED_FEE_REASON_LABELS,
  REDUCED_FEE_REASONS,
  type ReducedFeeReason,
} from '../../../../shared/fees';
import { STATEMENT_REQUIRED_MESSAGE } from '../../../../shared/queue';
import {
  CARD_NUMBER_MAX,
  CVV_MAX,
  EXPIRY_MAX,
  firstPaymentProblem,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  TELEHEALTH_CONSENT_TEXT,
} from '../../../../shared/schemas/payment';
import { type PaymentResult, useProcessPayment } from '../api/payments';
import { CostBreakdown } from './cost-breakdown';
import { DevBypassButton } from './dev-bypass-button';
import { ProofUploadField } from './proof-upload-field';

// The payment screen's two cards (patient-side.md §2.6), shared by /patient/payment and the
// wizard's payment step. The checks run in the spec's order before anything is sent (§5),
// with the same function the server runs.

/** On the payment screen the types read "New Application" and "Renewal" (§2.6). */
const TYPE_LABELS: Record<ApplicationType, string> = {
  new: 'New Application',
  renewal: 'Renewal',
};

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentDefaults {
  type?: ApplicationType;
  hasReducedFee?: boolean;
  reducedFeeReason?: ReducedFeeReason | null;
}

interface PaymentFormProps {
  /** The open application (ruling 14): its reduced-fee proof counts as uploaded. */
  applicationId: string | null;
  defaults?: PaymentDefaults;
  /** Called once the success toast is shown. */
  onPaid: (result: PaymentResult) => void;
  /** The Development Bypass button, where the server offers it (ruling 10). */
  showBypass?: boolean;
  /** Asks for the dispensary statement, and the payment joins the queue (issue 11). */
  intakeComplete?: boolean;
}

/** Which field a check's message is about, so focus can go there. */
const PROBLEM_FIELD: Record<string, string> = {
  'Document Required': 'pay-proof',
  'Payment Method Required': 'payment-method',
  'Invalid Card Number': 'card-number',
  'Invalid Expiry Date': 'expiry',
  'Invalid CVV (3 or 4 digits)': 'cvv',
  'Billing Name Required': 'billing-name',
  'Reduced Fee Reason Required': 'reduced-fee-reason',
  'Consent Required': 'consent',
};

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

export function PaymentForm({
  applicationId,
  defaults,
  onPaid,
  showBypass = false,
  intakeComplete = false,
}: PaymentFormProps) {
  const queryClient = useQueryClient();
  const fees = useFees();
  const documents = usePatientDocuments();
  const payment = useProcessPayment();
  const config = useAppConfig().data;

  const [type, setType] = useState<ApplicationType>(defaults?.type ?? 'new');
  const [hasReducedFee, setHasReducedFee] = useState(defaults?.hasReducedFee ?? false);
  const [reason, setReason] = useState<ReducedFeeReason | ''>(defaults?.reducedFeeReason ?? '');
  const [proofFile, setProofFile] = useState<File | null>(null);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [billingName, setBillingName] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [cvv, setCvv] = useState('');
  const [consent, setConsent] = useState(false);
  const [notAtDispensary, setNotAtDispensary] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [invalidField, setInvalidField] = useState<string | null>(null);

  const proofOnFile =
    (applicationId &&
      documents.data?.find(
        (d) => d.category === 'reduced_fee_proof' && d.applicationId === applicationId,
      )) ||
    null;
  const line = feeLine(fees.data, type, hasReducedFee);
  const pending = uploading || payment.isPending;

  const invalid = (id: string) => (invalidField === id ? true : undefined);
  /** Editing the field a check pointed at clears its invalid mark. */
  const edited = (id: string) => {
    if (invalidField === id) setInvalidField(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending || !line) return;
    const input = {
      cardNumber,
      expiryDate,
      cvv,
      billingName,
      hasReducedFee,
      reducedFeeReason: reason || null,
      paymentMethod: method || null,
      consent,
    };
    const problem = firstPaymentProblem(input, !!proofFile || !!proofOnFile);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      const field = PROBLEM_FIELD[problem.title] ?? null;
      setInvalidField(field);
      if (field) document.getElementById(field)?.focus();
      return;
    }
    if (intakeComplete && !notAtDispensary) {
      toast({ title: STATEMENT_REQUIRED_MESSAGE, variant: 'destructive' });
      setInvalidField('dispensary-statement');
      document.getElementById('dispensary-statement')?.focus();
      return;
    }
    setInvalidField(null);

    // Ruling 15: the proof goes up first, on the open application (created unpaid if none).
    if (hasReducedFee && proofFile) {
      setUploading(true);
      try {
        await uploadPatientDocument({
          file: proofFile,
          category: 'reduced_fee_proof',
          applicationType: type,
        });
        setProofFile(null);
        // The upload may have created the open application: read both again.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [PATIENT_DOCUMENTS_KEY] }),
          queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] }),
        ]);
      } catch (error) {
        toast({
          title: 'Upload failed',
          description: errorMessage(error, 'Failed to upload document'),
          variant: 'destructive',
        });
        return;
      } finally {
        setUploading(false);
      }
    }

    // mutateAsync: the answer is handled even if this form unmounts once the data refreshes.
    await payment
      .mutateAsync({
        ...input,
        amount: line.total,
        applicationType: type,
        reducedFeeReason: hasReducedFee ? input.reducedFeeReason : null,
        consent: true,
        notAtDispensary: intakeComplete && notAtDispensary,
      })
      .then(
        (result) => {
          toast(
            result.alreadyPaid
              ? {
                  title: 'Already Paid',
                  description: 'Your application is already paid. No new charge was made.',
                }
              : {
                  title: 'Payment Successful!',
                  description: result.queue
                    ? "You've been added to the consultation queue. A doctor will see you shortly."
                    : 'Your payment is held. Finish your application to join the queue.',
                },
          );
          onPaid(result);
        },
        (error: unknown) => {
          toast({
            title: 'Payment Failed',
            description: errorMessage(error, 'Payment could not be processed'),
            variant: 'destructive',
          });
        },
      );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Application Details</CardTitle>
          <CardDescription>Choose your application and any fee reduction.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="application-type" label="Application Type">
            <Select
              id="application-type"
              value={type}
              disabled={pending}
              onChange={(e) => setType(e.target.value as ApplicationType)}
            >
              {APPLICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>

          <div className="flex items-start gap-3">
            <Checkbox
              id="reduced-fee"
              checked={hasReducedFee}
              disabled={pending}
              onCheckedChange={(v) => setHasReducedFee(v === true)}
            />
            <Label htmlFor="reduced-fee" className="leading-5">
              I qualify for reduced fee
            </Label>
          </div>

          {hasReducedFee && (
            <>
              <Field id="reduced-fee-reason" label="Reduced Fee Reason">
                <Select
                  id="reduced-fee-reason"
                  value={reason}
                  disabled={pending}
                  aria-invalid={invalid('reduced-fee-reason')}
                  onChange={(e) => {
                    edited('reduced-fee-reason');
                    setReason(e.target.value as ReducedFeeReason | '');
                  }}
                >
                  <option value="">Select a reason</option>
                  {REDUCED_FEE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {REDUCED_FEE_REASON_LABELS[r]}
                    </option>
                  ))}
                </Select>
              </Field>
              <ProofUploadField
                id="pay-proof"
                reason={reason}
                file={proofFile}
                onFileChange={(file) => {
                  edited('pay-proof');
                  setProofFile(file);
                }}
                onFile={proofOnFile}
                invalid={invalid('pay-proof')}
              />
            </>
          )}

          <CostBreakdown line={line} reduced={hasReducedFee} failed={fees.isError} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payment Information</CardTitle>
          <CardDescription className="flex items-center gap-2">
            <Lock aria-hidden="true" className="size-4 text-green-700" />
            256-bit SSL encrypted payment
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="payment-method" label="Payment Method">
            <Select
              id="payment-method"
              value={method}
              disabled={pending}
              aria-invalid={invalid('payment-method')}
              onChange={(e) => {
                edited('payment-method');
                setMethod(e.target.value as PaymentMethod | '');
              }}
            >
              <option value="">Select payment method</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="billing-name" label="Cardholder Name">
            <Input
              id="billing-name"
              autoComplete="cc-name"
              value={billingName}
              disabled={pending}
              maxLength={100}
              aria-invalid={invalid('billing-name')}
              onChange={(e) => {
                edited('billing-name');
                setBillingName(e.target.value);
              }}
            />
          </Field>
          <Field id="card-number" label="Card Number">
            <Input
              id="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              maxLength={CARD_NUMBER_MAX}
              value={cardNumber}
              disabled={pending}
              aria-invalid={invalid('card-number')}
              onChange={(e) => {
                edited('card-number');
                setCardNumber(groupCardNumber(e.target.value));
              }}
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="expiry" label="Expiry (MM/YY)">
              <Input
                id="expiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={EXPIRY_MAX}
                value={expiryDate}
                disabled={pending}
                aria-invalid={invalid('expiry')}
                onChange={(e) => {
                  edited('expiry');
                  setExpiryDate(formatExpiry(e.target.value));
                }}
              />
            </Field>
            <Field id="cvv" label="CVV">
              <Input
                id="cvv"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={CVV_MAX}
                value={cvv}
                disabled={pending}
                aria-invalid={invalid('cvv')}
                onChange={(e) => {
                  edited('cvv');
                  setCvv(e.target.value.replace(/\D/g, '').slice(0, CVV_MAX));
                }}
              />
            </Field>
          </div>
          <div className="flex items-start gap-3 rounded-md border border-border p-3">
            <Checkbox
              id="consent"
              checked={consent}
              disabled={pending}
              aria-invalid={invalid('consent')}
              onCheckedChange={(v) => {
                edited('consent');
                setConsent(v === true);
              }}
            />
            <Label htmlFor="consent" className="text-sm leading-5 font-normal">
              {TELEHEALTH_CONSENT_TEXT}
            </Label>
          </div>
          {intakeComplete && (
            <DispensaryStatement
              id="dispensary-statement"
              checked={notAtDispensary}
              disabled={pending}
              error={
                invalidField === 'dispensary-statement' ? STATEMENT_REQUIRED_MESSAGE : undefined
              }
              onCheckedChange={(checked) => {
                edited('dispensary-statement');
                setNotAtDispensary(checked);
              }}
            />
          )}
          <Button type="submit" size="lg" className="w-full" disabled={pending || !line}>
            {pending
              ? 'Processing Payment...'
              : `Pay $${line?.total ?? '…'}${intakeComplete ? ' & Join Queue' : ''}`}
          </Button>
          <p className="text-xs text-muted-foreground">
            Your card number and CVV are passed to the payment processor and never stored; only the
            card brand and last four digits are kept.
          </p>
          {config?.paymentProvider === 'simulator' && (
            <p className="rounded-md border border-dashed border-border p-2 text-xs text-muted-foreground">
              Test mode: no money moves. Card 4242 4242 4242 4242 is approved and 4000 0000 0000
              0002 is declined.
            </p>
          )}
          {showBypass && config?.devTools && <DevBypassButton type={type} disabled={pending} />}
        </CardContent>
      </Card>
    </form>
  );
}
