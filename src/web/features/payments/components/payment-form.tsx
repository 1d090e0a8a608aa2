import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldDescribedBy } from '@/components/ui/field';
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
import { errorMessage, isApiError } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/form-errors';
import { useMoney } from '@/lib/i18n/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { useT, useTr } from '@/lib/i18n/use-t';
import {
  APPLICATION_TYPES,
  type ApplicationType,
  REDUCED_FEE_REASONS,
  type ReducedFeeReason,
} from '../../../../shared/fees';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { STATEMENT_REQUIRED_MESSAGE } from '../../../../shared/queue';
import {
  type PaymentField,
  type PaymentProblem,
  paymentProblemNamedBy,
  paymentProblems,
  problemMessage,
} from '../../../../shared/schemas/payment';
import { type PaymentResult, useProcessPayment } from '../api/payments';
import { AfterHoursNotice, usePaymentToast } from './after-hours';
import { type CardDetails, CardDetailsFields } from './card-details-fields';
import { ConsentCheckboxes } from './consent-checkboxes';
import { CostBreakdown } from './cost-breakdown';
import { DevBypassButton } from './dev-bypass-button';
import { paymentErrorItems } from './payment-error-items';
import { ProofUploadField } from './proof-upload-field';

// The payment screen's two cards (patient-side.md §2.6), shared by /patient/payment and the
// wizard's payment step. The checks run in the spec's order before anything is sent (§5),
// with the same function the server runs.

/** On the payment screen the types read "New Application" and "Renewal" (§2.6). */
const TYPE_LABELS: Record<ApplicationType, MessageKey> = {
  new: 'payment.type.new',
  renewal: 'payment.type.renewal',
};

/** The reduced-fee reasons' names (shared/fees.ts REDUCED_FEE_REASON_LABELS), by key. */
const REASON_LABELS: Record<ReducedFeeReason, MessageKey> = {
  medicare: 'intake.fee.reason.medicare',
  medicaid: 'intake.fee.reason.medicaid',
  disabled_veteran: 'intake.fee.reason.disabled_veteran',
};

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

export function PaymentForm({
  applicationId,
  defaults,
  onPaid,
  showBypass = false,
  intakeComplete = false,
}: PaymentFormProps) {
  const t = useT();
  const tr = useTr();
  const money = useMoney();
  // Issue 24: the consent is shown in this language, and stored in it.
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const fees = useFees();
  const documents = usePatientDocuments();
  const payment = useProcessPayment();
  const config = useAppConfig().data;
  const paymentToast = usePaymentToast();

  const [type, setType] = useState<ApplicationType>(defaults?.type ?? 'new');
  const [hasReducedFee, setHasReducedFee] = useState(defaults?.hasReducedFee ?? false);
  const [reason, setReason] = useState<ReducedFeeReason | ''>(defaults?.reducedFeeReason ?? '');
  const [proofFile, setProofFile] = useState<File | null>(null);
  const [card, setCard] = useState<CardDetails>({
    method: '',
    billingName: '',
    cardNumber: '',
    expiryDate: '',
    cvv: '',
  });
  const [consent, setConsent] = useState(false);
  // Issue 22: with `clinic_submits` the patient authorizes the clinic to apply to OMMA.
  const [authorized, setAuthorized] = useState(false);
  const [notAtDispensary, setNotAtDispensary] = useState(false);
  const [statementMissing, setStatementMissing] = useState(false);
  const [uploading, setUploading] = useState(false);
  // The problems found by the last submit; fixing a field takes its problem off the list.
  const [problems, setProblems] = useState<PaymentProblem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const proofOnFile =
    (applicationId &&
      documents.data?.find(
        (d) => d.category === 'reduced_fee_proof' && d.applicationId === applicationId,
      )) ||
    null;
  const line = feeLine(fees.data, type, hasReducedFee);
  const mode = fees.data?.stateApplication;
  const pending = uploading || payment.isPending;

  const errorFor = (field: PaymentField) => {
    const problem = problems.find((p) => p.field === field);
    return problem && problemMessage(problem);
  };
  /** Editing a field a check pointed at takes its problem away. */
  const edited = (field: PaymentField) =>
    setProblems((list) =>
      list.some((p) => p.field === field) ? list.filter((p) => p.field !== field) : list,
    );
  const items = paymentErrorItems(errorFor, t, tr);
  if (statementMissing)
    items.push({
      id: 'dispensary-statement',
      label: t('payment.field.statement'),
      message: STATEMENT_REQUIRED_MESSAGE,
    });
  const reasonError = errorFor('reducedFeeReason');
  const failed = (message: string | null) => {
    setFormError(message);
    setAttempt((n) => n + 1);
  };
  /** A failed request: beside the field the server's message names, else by the button. */
  const showServerError = (error: unknown, title: string, fallback: string) => {
    if (isNetworkFailure(error)) {
      toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
      return;
    }
    const message = errorMessage(error, fallback);
    const problem = isApiError(error, 400) ? paymentProblemNamedBy(message, tr) : undefined;
    if (problem) {
      setProblems([problem]);
      failed(null);
    } else failed(t('payment.failed.withTitle', { title, message }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending || !line || !mode) return;
    const input = {
      cardNumber: card.cardNumber,
      expiryDate: card.expiryDate,
      cvv: card.cvv,
      billingName: card.billingName,
      hasReducedFee,
      reducedFeeReason: reason || null,
      paymentMethod: card.method || null,
      consent,
      stateApplicationAuthorized: mode === 'clinic_submits' ? authorized : undefined,
    };
    const found = paymentProblems(input, !!proofFile || !!proofOnFile, mode);
    setProblems(found);
    const noStatement = intakeComplete && !notAtDispensary;
    setStatementMissing(noStatement);
    if (found.length > 0 || noStatement) {
      failed(null);
      return;
    }
    setFormError(null);

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
        showServerError(error, t('payment.failed.upload'), t('payment.failed.uploadFallback'));
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
        consentLanguage: language,
      })
      .then(
        (result) => {
          toast(paymentToast(result));
          onPaid(result);
        },
        (error: unknown) =>
          showServerError(error, t('payment.failed.payment'), t('payment.failed.paymentFallback')),
      );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <FormErrorSummary feedback={{ items, formError, attempt }} className="lg:col-span-2" />
      <AfterHoursNotice className="lg:col-span-2" />
      <Card>
        <CardHeader>
          <CardTitle>{t('payment.details.title')}</CardTitle>
          <CardDescription>{t('payment.details.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="application-type" label={t('payment.details.type')}>
            <Select
              id="application-type"
              value={type}
              disabled={pending}
              onChange={(e) => setType(e.target.value as ApplicationType)}
            >
              {APPLICATION_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(TYPE_LABELS[option])}
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
              {t('payment.reduced.checkbox')}
            </Label>
          </div>

          {hasReducedFee && (
            <>
              <Field
                id="reduced-fee-reason"
                label={t('intake.fee.reasonLabel')}
                error={reasonError && tr(reasonError)}
              >
                <Select
                  id="reduced-fee-reason"
                  value={reason}
                  disabled={pending}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={fieldDescribedBy('reduced-fee-reason', reasonError)}
                  onChange={(e) => {
                    edited('reducedFeeReason');
                    setReason(e.target.value as ReducedFeeReason | '');
                  }}
                >
                  <option value="">{t('payment.reduced.selectReason')}</option>
                  {REDUCED_FEE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(REASON_LABELS[r])}
                    </option>
                  ))}
                </Select>
              </Field>
              <ProofUploadField
                id="pay-proof"
                reason={reason}
                file={proofFile}
                onFileChange={(file) => {
                  edited('proof');
                  setProofFile(file);
                }}
                onFile={proofOnFile}
                error={errorFor('proof')}
              />
            </>
          )}

          <CostBreakdown line={line} mode={mode} reduced={hasReducedFee} failed={fees.isError} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('payment.info.title')}</CardTitle>
          <CardDescription className="flex items-center gap-2">
            <Lock aria-hidden="true" className="size-4 text-green-700" />
            {t('payment.info.encrypted')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CardDetailsFields
            value={card}
            disabled={pending}
            errorFor={errorFor}
            onChange={(field, value) => {
              edited(field === 'method' ? 'paymentMethod' : field);
              setCard((c) => ({ ...c, [field]: value }));
            }}
          />
          <ConsentCheckboxes
            mode={mode}
            consent={consent}
            authorized={authorized}
            disabled={pending}
            errorFor={errorFor}
            onChange={(field, checked) => {
              edited(field);
              (field === 'consent' ? setConsent : setAuthorized)(checked);
            }}
          />
          {intakeComplete && (
            <DispensaryStatement
              id="dispensary-statement"
              checked={notAtDispensary}
              disabled={pending}
              error={statementMissing ? STATEMENT_REQUIRED_MESSAGE : undefined}
              onCheckedChange={(checked) => {
                setStatementMissing(false);
                setNotAtDispensary(checked);
              }}
            />
          )}
          <FormServerError message={formError} />
          <Button type="submit" size="lg" className="w-full" disabled={pending || !line}>
            {pending
              ? t('payment.submit.processing')
              : t(intakeComplete ? 'payment.submit.payAndJoin' : 'payment.submit.pay', {
                  amount: line ? money(line.total) : '$…',
                })}
          </Button>
          <p className="text-xs text-muted-foreground">{t('payment.cardNote')}</p>
          {config?.paymentProvider === 'simulator' && (
            <p className="rounded-md border border-dashed border-border p-2 text-xs text-muted-foreground">
              {t('payment.testMode')}
            </p>
          )}
          {showBypass && config?.devTools && <DevBypassButton type={type} disabled={pending} />}
        </CardContent>
      </Card>
    </form>
  );
}
