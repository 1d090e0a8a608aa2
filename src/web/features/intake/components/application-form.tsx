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
import { APPLICATION_TYPE_LABELS, APPLICATION_TYPES } from '../../../../shared/fees';
import { feeCovered } from '../../../../shared/payment-status';
import type { ApplicationDraft, ApplicationView } from '../../../../shared/schemas/application';
import { useDraftAutosave } from '../api/draft-autosave';
import { useSubmitIntake } from '../api/submit-intake';
import { defaultsFrom, intakeFieldSpecs, PROOF_FIELD_ID, PROOF_LABEL } from './application-fields';
import { CaregiverFields } from './caregiver-fields';
import { ConditionsSection } from './conditions-section';
import { FeeReductionSection } from './fee-reduction-section';
import { type IntakeInput, type IntakeOutput, IntakeSchema, PROOF_REQUIRED } from './intake-schema';

const UNAUTHORIZED_REDIRECT_MS = 500;

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
  const feedback = useFormFeedback(form, intakeFieldSpecs(conditionRows));
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
    const proofItem = { id: PROOF_FIELD_ID, label: PROOF_LABEL, message: proofError };
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
              title: 'Application Submitted',
              description: 'Your application has been saved.',
            });
            onSubmitted(saved);
          },
          (error: unknown) => {
            if (isApiError(error, 401)) {
              toast({
                title: 'Unauthorized',
                description: 'You are logged out. Logging in again...',
                variant: 'destructive',
              });
              setTimeout(() => navigate('/login'), UNAUTHORIZED_REDIRECT_MS);
              return;
            }
            feedback.showServerError(error, 'Failed to submit application. Please try again.');
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
          <CardTitle>Application Type</CardTitle>
          {paid && (
            <CardDescription>Fixed at payment: your application is already paid.</CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-1.5">
          <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" disabled={feeLocked}>
            <legend className="sr-only">Application Type</legend>
            {APPLICATION_TYPES.map((t) => (
              <label
                key={t}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/20 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
              >
                <input
                  type="radio"
                  id={`intake-type-${t}`}
                  value={t}
                  className="size-4 accent-primary"
                  aria-invalid={typeError ? true : undefined}
                  aria-describedby={typeError ? 'intake-type-new-error' : undefined}
                  {...register('type')}
                />
                <span className="font-medium">{APPLICATION_TYPE_LABELS[t]}</span>
              </label>
            ))}
          </fieldset>
          {typeError && (
            <p id="intake-type-new-error" className="text-sm font-medium text-destructive">
              {typeError}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Medical Conditions</CardTitle>
          <CardDescription>
            List each condition you want the physician to consider. The code is optional.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConditionsSection form={form} field={field} disabled={pending} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Caregiver Designation</CardTitle>
          <CardDescription>Optional: someone who may buy and carry on your behalf.</CardDescription>
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
                  I need to designate a caregiver
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
          <CardTitle>Fee Reduction</CardTitle>
          <CardDescription>
            {paid
              ? 'Fixed at payment: your application is already paid.'
              : 'Medicare and Medicaid recipients and 100% disabled veterans pay a reduced fee with proof.'}
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
          <CardTitle>Additional Information</CardTitle>
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
          <CardTitle>Cost Summary</CardTitle>
          {paid && <CardDescription>Paid: ${application?.amount}</CardDescription>}
        </CardHeader>
        <CardContent>
          <CostBreakdown
            title={`${APPLICATION_TYPE_LABELS[type]}${hasReducedFee ? ', reduced fee' : ''}`}
            line={line}
            mode={application?.stateApplicationMode ?? fees.data?.stateApplication}
            reduced={hasReducedFee}
            failed={fees.isError}
          />
        </CardContent>
      </Card>

      <p className="flex items-start gap-2 rounded-md border border-border bg-muted p-4 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        Your answers travel over an encrypted connection and are seen only by you, your physician
        and authorised clinic staff. They are used for your evaluation and your state application.
      </p>

      <FormServerError message={feedback.formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => navigate('/')} disabled={pending}>
          Back
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}
