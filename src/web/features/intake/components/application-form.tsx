import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { type FormErrorItem, useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import type { PatientDocument } from '@/features/documents/api/documents';
import { feeLine, useFees } from '@/features/fees/api/fees';
import { CostBreakdown } from '@/features/payments/components/cost-breakdown';
import { isApiError } from '@/lib/api-client';
import { useT, useTr } from '@/lib/i18n/use-t';
import { APPLICATION_TYPES, type ApplicationType } from '../../../../shared/fees';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { feeCovered } from '../../../../shared/payment-status';
import type { ApplicationDraft, ApplicationView } from '../../../../shared/schemas/application';
import { useDraftAutosave } from '../api/draft-autosave';
import { useSubmitIntake } from '../api/submit-intake';
import { defaultsFrom, intakeFieldSpecs, PROOF_FIELD_ID } from './application-fields';
import { CaregiverFields } from './caregiver-fields';
import { ConditionsSection } from './conditions-section';
import { FeeReductionSection } from './fee-reduction-section';
import { type IntakeInput, type IntakeOutput, IntakeSchema, PROOF_REQUIRED } from './intake-schema';

const UNAUTHORIZED_REDIRECT_MS = 500;

export const APPLICATION_TYPE_KEYS: Record<ApplicationType, MessageKey> = {
  new: 'intake.type.new',
  renewal: 'intake.type.renewal',
};

interface ApplicationFormProps {
  /** The open application, whose answers prefill the form (ruling 14). */
  application: ApplicationView | null;
  /** The answers saved as the patient typed (issue 11), when nothing is submitted yet. */
  draft: ApplicationDraft | null;
  proofOnFile: PatientDocument | null;
  onSubmitted: (application: ApplicationView) => void;
}

/**
 * The wizard's step 1: the license application (patient-side.md §2.7, §5). Every problem shows
 * at once beside its field and in the summary at the top, and focus goes to the first (issue
 * 11); a toast says only that the application was saved.
 */
export function ApplicationForm({
  application,
  draft,
  proofOnFile,
  onSubmitted,
}: ApplicationFormProps) {
  const t = useT();
  const tr = useTr();
  const navigate = useNavigate();
  const fees = useFees();
  const submit = useSubmitIntake();
  const [proofFile, setProofFile] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | undefined>();
  const paid = !!application && feeCovered(application.paymentStatus);
  const form = useForm<IntakeInput, unknown, IntakeOutput>({
    resolver: zodResolver(IntakeSchema),
    defaultValues: defaultsFrom(application, draft),
    // The summary moves focus to the first problem on the page, proof included.
    shouldFocusError: false,
  });
  const { register, control, watch } = form;
  const conditionRows = watch('medicalConditions')?.length ?? 0;
  const feedback = useFormFeedback(form, intakeFieldSpecs(t, conditionRows));
  const { field } = feedback;
  const autosave = useDraftAutosave(watch, !application?.submittedAt);

  const type = watch('type');
  const needsCaregiver = watch('needsCaregiver');
  const hasReducedFee = watch('hasReducedFee') ?? false;
  const reason = watch('reducedFeeReason') ?? '';
  const line = feeLine(fees.data, type, hasReducedFee);
  const pending = submit.isPending;

  const proofProblem = () =>
    !paid && hasReducedFee && reason && !proofFile && !proofOnFile ? PROOF_REQUIRED : undefined;

  // The proof is a file, not a form value: its problem joins the summary before the notes.
  const items: FormErrorItem[] = [...feedback.items];
  if (proofError) {
    const notes = items.findIndex((i) => i.id === field('physicianNotes').id);
    const proofItem = {
      id: PROOF_FIELD_ID,
      label: t('intake.fee.proofLabel'),
      message: proofError,
    };
    items.splice(notes < 0 ? items.length : notes, 0, proofItem);
  }

  const onSubmit = feedback.handleSubmit(
    async (values) => {
      const problem = proofProblem();
      setProofError(problem);
      if (problem) return;
      // Submitting replaces the draft (the server deletes it): no late save may bring it back.
      autosave.cancel();
      // mutateAsync: handled even if the form remounts when the new application arrives.
      await submit
        .mutateAsync({
          values,
          amount: paid ? undefined : line?.total,
          proofFile: paid ? null : proofFile,
        })
        .then(
          ({ application: saved }) => {
            toast({
              title: t('intake.submitted.title'),
              description: t('intake.submitted.description'),
            });
            onSubmitted(saved);
          },
          (error: unknown) => {
            if (isApiError(error, 401)) {
              toast({
                title: t('intake.unauthorized.title'),
                description: t('intake.unauthorized.description'),
                variant: 'destructive',
              });
              setTimeout(() => navigate('/login'), UNAUTHORIZED_REDIRECT_MS);
              return;
            }
            feedback.showServerError(error, t('intake.submitFailed'));
          },
        );
    },
    () => setProofError(proofProblem()),
  );

  const feeLocked = pending || paid;
  const typeError = field('type').error;
  const notes = field('physicianNotes');

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormErrorSummary feedback={{ ...feedback, items }} />
      <Card>
        <CardHeader>
          <CardTitle>{t('intake.type.title')}</CardTitle>
          {paid && <CardDescription>{t('intake.paidFixed')}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-1.5">
          <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" disabled={feeLocked}>
            <legend className="sr-only">{t('intake.type.title')}</legend>
            {APPLICATION_TYPES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/20 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
              >
                <input
                  type="radio"
                  id={`intake-type-${option}`}
                  value={option}
                  className="size-4 accent-primary"
                  aria-invalid={typeError ? true : undefined}
                  aria-describedby={typeError ? 'intake-type-new-error' : undefined}
                  {...register('type')}
                />
                <span className="font-medium">{t(APPLICATION_TYPE_KEYS[option])}</span>
              </label>
            ))}
          </fieldset>
          {typeError && (
            <p id="intake-type-new-error" className="text-sm font-medium text-destructive">
              {tr(typeError)}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('intake.conditions.title')}</CardTitle>
          <CardDescription>{t('intake.conditions.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ConditionsSection form={form} field={field} disabled={pending} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('intake.caregiver.title')}</CardTitle>
          <CardDescription>{t('intake.caregiver.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Controller
            control={control}
            name="needsCaregiver"
            render={({ field: box }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="needs-caregiver"
                  checked={box.value ?? false}
                  disabled={pending}
                  onCheckedChange={(v) => box.onChange(v === true)}
                  onBlur={box.onBlur}
                />
                <Label htmlFor="needs-caregiver" className="leading-5">
                  {t('intake.caregiver.checkbox')}
                </Label>
              </div>
            )}
          />
          {needsCaregiver && (
            <CaregiverFields register={register} field={field} disabled={pending} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('intake.fee.title')}</CardTitle>
          <CardDescription>
            {paid ? t('intake.paidFixed') : t('intake.fee.description')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FeeReductionSection
            form={form}
            field={field}
            locked={feeLocked}
            paid={paid}
            proofFile={proofFile}
            onProofFileChange={(file) => {
              setProofFile(file);
              if (file) setProofError(undefined);
            }}
            proofOnFile={proofOnFile}
            proofError={proofError}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('intake.notes.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <Field id={notes.id} label={notes.label} error={notes.error}>
            <Textarea
              id={notes.id}
              maxLength={2000}
              disabled={pending}
              aria-invalid={notes.error ? true : undefined}
              aria-describedby={fieldDescribedBy(notes.id, notes.error)}
              {...register('physicianNotes')}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('intake.cost.title')}</CardTitle>
          {paid && (
            <CardDescription>
              {t('intake.cost.paid', { amount: application?.amount ?? '' })}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <CostBreakdown
            title={
              hasReducedFee
                ? t('intake.cost.reduced', { type: t(APPLICATION_TYPE_KEYS[type]) })
                : t(APPLICATION_TYPE_KEYS[type])
            }
            line={line}
            mode={application?.stateApplicationMode ?? fees.data?.stateApplication}
            reduced={hasReducedFee}
            failed={fees.isError}
          />
        </CardContent>
      </Card>

      <p className="flex items-start gap-2 rounded-md border border-border bg-muted p-4 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {t('intake.privacy')}
      </p>

      <FormServerError message={feedback.formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => navigate('/')} disabled={pending}>
          {t('intake.back')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('intake.submitting') : t('intake.submit')}
        </Button>
      </div>
    </form>
  );
}
