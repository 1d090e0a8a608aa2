import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import type { PatientDocument } from '@/features/documents/api/documents';
import { feeLine, useFees } from '@/features/fees/api/fees';
import { CostBreakdown } from '@/features/payments/components/cost-breakdown';
import { ProofUploadField } from '@/features/payments/components/proof-upload-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import {
  APPLICATION_TYPE_LABELS,
  APPLICATION_TYPES,
  REDUCED_FEE_REASON_LABELS,
  REDUCED_FEE_REASONS,
  type ReducedFeeReason,
} from '../../../../shared/fees';
import { feeCovered } from '../../../../shared/payment-status';
import type { ApplicationDraft, ApplicationView } from '../../../../shared/schemas/application';
import { useDraftAutosave } from '../api/draft-autosave';
import { useSubmitIntake } from '../api/submit-intake';
import { CaregiverFields } from './caregiver-fields';
import { ConditionsSection } from './conditions-section';
import { type IntakeInput, type IntakeOutput, IntakeSchema, PROOF_REQUIRED } from './intake-schema';

const UNAUTHORIZED_REDIRECT_MS = 500;
const SERVER_FIELDS = [
  'type',
  'caregiverFirstName',
  'caregiverLastName',
  'caregiverPhone',
  'caregiverEmail',
  'relationship',
  'reducedFeeReason',
  'physicianNotes',
] as const;

interface ApplicationFormProps {
  /** The open application, whose answers prefill the form (ruling 14). */
  application: ApplicationView | null;
  /** The answers saved as the patient typed (issue 11), when nothing is submitted yet. */
  draft: ApplicationDraft | null;
  proofOnFile: PatientDocument | null;
  onSubmitted: (application: ApplicationView) => void;
}

/** The draft over the application's answers: what the patient typed last wins. */
function defaultsFrom(app: ApplicationView | null, draft: ApplicationDraft | null): IntakeInput {
  const base = applicationDefaults(app);
  if (!draft) return base;
  const { medicalConditions, type, reducedFeeReason, ...rest } = draft;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    ...base,
    ...defined,
    ...(type ? { type } : {}),
    ...(reducedFeeReason !== undefined ? { reducedFeeReason: reducedFeeReason ?? '' } : {}),
    ...(medicalConditions?.length
      ? {
          medicalConditions: medicalConditions.map((c) => ({
            icdCode: (c.icdCode ?? '') as IntakeInput['medicalConditions'][number]['icdCode'],
            description: c.description ?? '',
          })),
        }
      : {}),
  };
}

function applicationDefaults(app: ApplicationView | null): IntakeInput {
  return {
    type: app?.type ?? 'new',
    medicalConditions: app?.medicalConditions.length
      ? app.medicalConditions.map((c) => ({
          icdCode: (c.icdCode ?? '') as IntakeInput['medicalConditions'][number]['icdCode'],
          description: c.description,
        }))
      : [{ icdCode: '', description: '' }],
    needsCaregiver: app?.needsCaregiver ?? false,
    caregiverFirstName: app?.caregiverFirstName ?? '',
    caregiverLastName: app?.caregiverLastName ?? '',
    caregiverPhone: app?.caregiverPhone ?? '',
    caregiverEmail: app?.caregiverEmail ?? '',
    relationship: app?.relationship ?? '',
    hasReducedFee: app?.hasReducedFee ?? false,
    reducedFeeReason: app?.reducedFeeReason ?? '',
    physicianNotes: app?.physicianNotes ?? '',
  };
}

/** The wizard's step 1: the license application (patient-side.md §2.7, §5). */
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
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = useForm<IntakeInput, unknown, IntakeOutput>({
    resolver: zodResolver(IntakeSchema),
    defaultValues: defaultsFrom(application, draft),
  });
  const autosave = useDraftAutosave(watch, !application?.submittedAt);

  const type = watch('type');
  const needsCaregiver = watch('needsCaregiver');
  const hasReducedFee = watch('hasReducedFee') ?? false;
  const reason = (watch('reducedFeeReason') ?? '') as ReducedFeeReason | '';
  const line = feeLine(fees.data, type, hasReducedFee);
  const pending = submit.isPending;

  const proofProblem = () =>
    !paid && hasReducedFee && reason && !proofFile && !proofOnFile ? PROOF_REQUIRED : undefined;

  const onSubmit = handleSubmit(
    (values) => {
      const problem = proofProblem();
      setProofError(problem);
      if (problem) return;
      // Submitting replaces the draft (the server deletes it): no late save may bring it back.
      autosave.cancel();
      // mutateAsync: handled even if the form remounts when the new application arrives.
      submit
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
            applyServerIssues(error, setError, SERVER_FIELDS);
            toast({
              title: 'Submission Failed',
              description: errorMessage(error, 'Failed to submit application. Please try again.'),
              variant: 'destructive',
            });
          },
        );
    },
    () => setProofError(proofProblem()),
  );

  const reasonError = errors.reducedFeeReason?.message;
  const feeLocked = pending || paid;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Application Type</CardTitle>
          {paid && (
            <CardDescription>Fixed at payment: your application is already paid.</CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" disabled={feeLocked}>
            <legend className="sr-only">Application Type</legend>
            {APPLICATION_TYPES.map((t) => (
              <label
                key={t}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/20 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
              >
                <input
                  type="radio"
                  value={t}
                  className="size-4 accent-primary"
                  {...register('type')}
                />
                <span className="font-medium">{APPLICATION_TYPE_LABELS[t]}</span>
              </label>
            ))}
          </fieldset>
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
          <ConditionsSection
            control={control}
            register={register}
            setValue={setValue}
            getValues={getValues}
            errors={errors}
            disabled={pending}
          />
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
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="needs-caregiver"
                  checked={field.value ?? false}
                  disabled={pending}
                  onCheckedChange={(v) => field.onChange(v === true)}
                  onBlur={field.onBlur}
                />
                <Label htmlFor="needs-caregiver" className="leading-5">
                  I need to designate a caregiver
                </Label>
              </div>
            )}
          />
          {needsCaregiver && (
            <CaregiverFields register={register} errors={errors} disabled={pending} />
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
          <Controller
            control={control}
            name="hasReducedFee"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="intake-reduced-fee"
                  checked={field.value ?? false}
                  disabled={feeLocked}
                  onCheckedChange={(v) => field.onChange(v === true)}
                  onBlur={field.onBlur}
                />
                <Label htmlFor="intake-reduced-fee" className="leading-5">
                  I qualify for a reduced fee
                </Label>
              </div>
            )}
          />
          {hasReducedFee && (
            <Field id="intake-reduced-reason" label="Reduced Fee Reason" error={reasonError}>
              <Select
                id="intake-reduced-reason"
                disabled={feeLocked}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={fieldDescribedBy('intake-reduced-reason', reasonError)}
                {...register('reducedFeeReason')}
              >
                <option value="">Select a reason</option>
                {REDUCED_FEE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {REDUCED_FEE_REASON_LABELS[r]}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {hasReducedFee && reason && !paid && (
            <ProofUploadField
              id="intake-proof"
              label="Proof of Qualification"
              reason={reason}
              file={proofFile}
              onFileChange={(file) => {
                setProofFile(file);
                if (file) setProofError(undefined);
              }}
              onFile={proofOnFile}
              error={proofError}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Additional Information</CardTitle>
        </CardHeader>
        <CardContent>
          <Field
            id="physician-notes"
            label="Notes for the Physician (optional)"
            error={errors.physicianNotes?.message}
          >
            <Textarea
              id="physician-notes"
              maxLength={2000}
              disabled={pending}
              aria-invalid={errors.physicianNotes ? true : undefined}
              aria-describedby={fieldDescribedBy('physician-notes', errors.physicianNotes?.message)}
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
