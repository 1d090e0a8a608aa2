import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import {
  documentsNotApprovedMessage,
  type UnapprovedDocument,
} from '../../../../shared/approval-documents';
import { HOMEBOUND_LABEL, IDENTITY_NOT_VERIFIED_MESSAGE } from '../../../../shared/omma';
import { OUTCOME_REASON_MAX } from '../../../../shared/schemas/consultation-room';
import { type OutcomeAnswer, useRecordOutcome } from '../api/consultation';

const REASON_REQUIRED = 'Please give the reason for not recommending';

const OutcomeSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], {
      error: 'Choose whether the recommendation is approved',
    }),
    reason: z.string().trim().max(OUTCOME_REASON_MAX, 'Keep the reason under 2000 characters'),
    identityVerified: z.boolean(),
    homebound: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'decline' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    // SB 1066: an approval needs the physician's word that the identity was checked.
    if (v.decision === 'approve' && !v.identityVerified)
      ctx.addIssue({
        code: 'custom',
        path: ['identityVerified'],
        message: IDENTITY_NOT_VERIFIED_MESSAGE,
      });
  });
type OutcomeValues = z.input<typeof OutcomeSchema>;

const FIELDS: FieldSpecs<OutcomeValues> = {
  // The first radio carries the id, so the summary's link and the focus land on the group.
  decision: { label: 'Decision', id: 'outcome-decision' },
  identityVerified: { label: 'Identity check', id: 'outcome-identity' },
  homebound: { label: 'Homebound', id: 'outcome-homebound' },
  reason: { label: 'Reason', id: 'outcome-reason' },
};

interface OutcomeFormProps {
  consultationId: string;
  /** Already recorded (known from the doctor's own lists). */
  recorded: 'approved' | 'not_approved' | null;
  /** The server takes the outcome once the consultation has ended: the form waits. */
  inProgress: boolean;
  /** Required documents not approved yet: an approval is refused until they are (issue 21). */
  unapprovedDocuments?: readonly UnapprovedDocument[];
  /**
   * The caregiver the application names (e.g. "Robin Hale (Daughter)"), or null when none: OMMA
   * accepts a caregiver only when the physician certifies the patient homebound (issue 22).
   */
  caregiver?: string | null;
}

const IDENTITY_LABEL = "I checked the patient's identity against their government ID and photo";

/**
 * The physician's decision (ruling 3: doctors and doctor admins). Approval sets the application
 * approved and puts the recommendation form in the patient's documents; a refusal needs a reason.
 */
export function OutcomeForm({
  consultationId,
  recorded,
  inProgress,
  unapprovedDocuments = [],
  caregiver = null,
}: OutcomeFormProps) {
  const record = useRecordOutcome();
  const [result, setResult] = useState<OutcomeAnswer | null>(null);
  const form = useForm<OutcomeValues>({
    resolver: zodResolver(OutcomeSchema),
    defaultValues: { decision: undefined, reason: '', identityVerified: false, homebound: false },
  });
  const decision = form.watch('decision');
  const errors = form.formState.errors;
  const feedback = useFormFeedback(form, FIELDS);
  // The server's refusal for documents under review no longer stands once all are approved.
  const documentsWaiting = unapprovedDocuments.length > 0;
  const { clearFormError } = feedback;
  useEffect(() => {
    if (!documentsWaiting) clearFormError();
  }, [documentsWaiting, clearFormError]);

  const onSubmit = feedback.handleSubmit((values) => {
    const approved = values.decision === 'approve';
    record.mutate(
      {
        consultationId,
        approved,
        reason: values.reason?.trim() || undefined,
        identityVerified: approved ? values.identityVerified : undefined,
        // Asked only when a caregiver is named; unchecked, the form is issued without them.
        homebound: approved && caregiver ? values.homebound : undefined,
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({ title: answer.message });
        },
        onError: (error) => feedback.showServerError(error, 'Could not record the outcome'),
      },
    );
  });

  const done = result
    ? result.applicationStatus === 'approved'
      ? 'approved'
      : 'not_approved'
    : recorded;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Consultation outcome</h2>
        <CardDescription>
          Your medical decision on the physician recommendation for this application.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {done ? (
          <div role="status" className="grid grid-cols-1 gap-2">
            <p className="flex items-center gap-2 font-semibold">
              {done === 'approved' ? (
                <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              ) : (
                <XCircle aria-hidden="true" className="size-5 text-destructive" />
              )}
              {done === 'approved' ? 'Recommendation approved' : 'Recommendation not approved'}
            </p>
            <p className="text-sm text-muted-foreground">
              {done === 'approved'
                ? `The application is approved${result?.approvedAt ? ` (${formatDateTime(result.approvedAt)})` : ''} and the physician recommendation form is in the patient's documents.`
                : 'The application is closed with your reason.'}
            </p>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-4">
            {inProgress && (
              <p id="outcome-after-end" className="rounded-md bg-muted px-3 py-2 text-sm">
                The outcome form opens when the consultation ends.
              </p>
            )}
            <FormErrorSummary feedback={feedback} />
            <fieldset
              disabled={inProgress}
              className="grid grid-cols-1 gap-2 disabled:opacity-60"
              aria-describedby={errors.decision ? 'decision-error' : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Decision</legend>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted">
                <input
                  id="outcome-decision"
                  type="radio"
                  aria-invalid={errors.decision ? true : undefined}
                  value="approve"
                  className="size-4 accent-primary"
                  {...form.register('decision')}
                />
                Approve recommendation
              </label>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted">
                <input
                  type="radio"
                  value="decline"
                  className="size-4 accent-primary"
                  {...form.register('decision')}
                />
                Do not approve
              </label>
              {errors.decision && (
                <p id="decision-error" className="text-sm font-medium text-destructive">
                  {errors.decision.message}
                </p>
              )}
            </fieldset>
            {decision === 'approve' && unapprovedDocuments.length > 0 && (
              <p
                id="outcome-documents"
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {documentsNotApprovedMessage(unapprovedDocuments)}.
              </p>
            )}
            {decision === 'approve' && (
              <div className="grid grid-cols-1 gap-1">
                <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm">
                  <input
                    id="outcome-identity"
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    aria-invalid={errors.identityVerified ? true : undefined}
                    aria-describedby={
                      errors.identityVerified ? 'outcome-identity-error' : undefined
                    }
                    {...form.register('identityVerified')}
                  />
                  {IDENTITY_LABEL}
                </label>
                {errors.identityVerified && (
                  <p id="outcome-identity-error" className="text-sm font-medium text-destructive">
                    {errors.identityVerified.message}
                  </p>
                )}
              </div>
            )}
            {decision === 'approve' && caregiver && (
              <div className="grid grid-cols-1 gap-1">
                <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm">
                  <input
                    id="outcome-homebound"
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    aria-describedby="outcome-homebound-hint"
                    {...form.register('homebound')}
                  />
                  {HOMEBOUND_LABEL}
                </label>
                <p id="outcome-homebound-hint" className="text-sm text-muted-foreground">
                  The patient named a caregiver: {caregiver}. Checked, the caregiver is printed on
                  the recommendation; unchecked, it is issued without them.
                </p>
              </div>
            )}
            {decision === 'decline' && (
              <Field
                id="outcome-reason"
                label="Reason"
                error={errors.reason?.message}
                hint="Required when the recommendation is not approved."
              >
                <Textarea
                  id="outcome-reason"
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={fieldDescribedBy(
                    'outcome-reason',
                    errors.reason?.message,
                    true,
                  )}
                  {...form.register('reason')}
                />
              </Field>
            )}
            <FormServerError message={feedback.formError} />
            <Button
              type="submit"
              className="w-full sm:w-fit"
              disabled={record.isPending || inProgress}
              aria-describedby={inProgress ? 'outcome-after-end' : undefined}
            >
              Record Outcome
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** The caregiver an application names, in words for the homebound question; null when none. */
export function caregiverOf(
  app: {
    needsCaregiver: boolean;
    caregiverFirstName: string | null;
    caregiverLastName: string | null;
    relationship: string | null;
  } | null,
): string | null {
  if (!app?.needsCaregiver) return null;
  const name = [app.caregiverFirstName, app.caregiverLastName].filter(Boolean).join(' ');
  return [name || 'name not given', app.relationship && `(${app.relationship})`]
    .filter(Boolean)
    .join(' ');
}
