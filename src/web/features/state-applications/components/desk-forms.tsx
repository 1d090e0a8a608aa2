import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { todayIso } from '../../../../shared/dates';
import { CATEGORY_DEFINITIONS } from '../../../../shared/documents';
import { formatUsd } from '../../../../shared/money';
import {
  CardMailedBodySchema,
  DecisionBodySchema,
  RefundStateFeeBodySchema,
  SubmittedBodySchema,
} from '../../../../shared/schemas/state-application';
import {
  addYears,
  LICENSE_TERM_YEARS,
  RESUBMITTABLE_DOCUMENTS,
} from '../../../../shared/state-application';
import { type DeskStep, useDeskStep } from '../api/state-applications';

// The desk's forms (issue 22), each validated by the route's own schema; the server's answer
// (a 409, a field it refuses) is shown in the form and announced.

function useStep(id: string, step: DeskStep, done: string) {
  const mutation = useDeskStep(id, step);
  const [error, setError] = useState<string | null>(null);
  const submit = (body: unknown) => {
    setError(null);
    mutation.mutate(body, {
      onSuccess: () => toast({ title: done }),
      onError: (err) => setError(errorMessage(err, 'Could not save. Please try again.')),
    });
  };
  return { submit, error, pending: mutation.isPending };
}

function FormShell({
  title,
  error,
  children,
  onSubmit,
}: {
  title: string;
  error: string | null;
  children: ReactNode;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

type Submitted = z.input<typeof SubmittedBodySchema>;

/** Staff submitted it in OMMA's portal and paid the state fee with the patient's money. */
export function SubmittedForm({ id, resubmission }: { id: string; resubmission: boolean }) {
  const step = useStep(id, 'submitted', 'Recorded as submitted to OMMA');
  const form = useForm<Submitted>({
    resolver: zodResolver(SubmittedBodySchema),
    defaultValues: { ommaApplicationNumber: '', submittedOn: todayIso(), stateFeeReference: '' },
  });
  const e = form.formState.errors;
  return (
    <FormShell
      title={resubmission ? 'Resubmitted to OMMA' : 'Submitted to OMMA'}
      error={step.error}
      onSubmit={form.handleSubmit((v) => step.submit(v))}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label="OMMA application number"
          error={e.ommaApplicationNumber?.message}
          {...form.register('ommaApplicationNumber')}
        />
        <TextField
          type="date"
          label="Submitted on"
          error={e.submittedOn?.message}
          {...form.register('submittedOn')}
        />
        <TextField
          label="State fee payment reference"
          hint="OMMA's receipt for the state fee"
          error={e.stateFeeReference?.message}
          {...form.register('stateFeeReference')}
        />
      </div>
      <Button type="submit" disabled={step.pending} className="justify-self-start">
        Record submission
      </Button>
    </FormShell>
  );
}

type Decision = z.input<typeof DecisionBodySchema>;

/** OMMA's answer: the licence, or a rejection naming what the patient must upload again. */
export function DecisionForm({ id }: { id: string }) {
  const step = useStep(id, 'decision', "OMMA's decision recorded");
  const today = todayIso();
  const [outcome, setOutcome] = useState<'approved' | 'rejected'>('approved');
  const form = useForm<Decision>({
    resolver: zodResolver(DecisionBodySchema),
    defaultValues: {
      outcome: 'approved',
      licenseNumber: '',
      issuedOn: today,
      expiresOn: addYears(today, LICENSE_TERM_YEARS),
    },
  });
  const errors = form.formState.errors as Partial<
    Record<
      'licenseNumber' | 'issuedOn' | 'expiresOn' | 'reason' | 'documentsNeeded',
      { message?: string }
    >
  >;
  const choose = (next: 'approved' | 'rejected') => {
    setOutcome(next);
    form.reset(
      next === 'approved'
        ? {
            outcome: 'approved',
            licenseNumber: '',
            issuedOn: today,
            expiresOn: addYears(today, LICENSE_TERM_YEARS),
          }
        : { outcome: 'rejected', reason: '', documentsNeeded: [] },
    );
  };
  return (
    <FormShell
      title="OMMA's decision"
      error={step.error}
      onSubmit={form.handleSubmit((v) => step.submit(v))}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        <div className="flex flex-wrap gap-4">
          {(['approved', 'rejected'] as const).map((o) => (
            <label key={o} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="outcome"
                value={o}
                checked={outcome === o}
                onChange={() => choose(o)}
                className="size-4 accent-primary"
              />
              {o === 'approved' ? 'Approved: licence issued' : 'Rejected: corrections needed'}
            </label>
          ))}
        </div>
      </fieldset>
      {outcome === 'approved' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            label="Licence number"
            error={errors.licenseNumber?.message}
            {...form.register('licenseNumber')}
          />
          <TextField
            type="date"
            label="Issued on"
            error={errors.issuedOn?.message}
            {...form.register('issuedOn')}
          />
          <TextField
            type="date"
            label="Expires on"
            error={errors.expiresOn?.message}
            {...form.register('expiresOn')}
          />
        </div>
      ) : (
        <>
          <Field
            id="omma-reason"
            label="OMMA's reason"
            hint="The patient reads this after signing in (never by email)."
            error={errors.reason?.message}
          >
            <Textarea
              id="omma-reason"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={fieldDescribedBy('omma-reason', errors.reason?.message, true)}
              {...form.register('reason')}
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              Documents the patient must upload again
            </legend>
            {RESUBMITTABLE_DOCUMENTS.map((category) => (
              <label key={category} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={category}
                  className="size-4 accent-primary"
                  {...form.register('documentsNeeded')}
                />
                {CATEGORY_DEFINITIONS[category].name}
              </label>
            ))}
            <p className="text-xs text-muted-foreground">
              None ticked: the desk corrects and resubmits it itself (a recommendation OMMA refused
              is reissued by the physician).
            </p>
          </fieldset>
        </>
      )}
      <Button type="submit" disabled={step.pending} className="justify-self-start">
        Record decision
      </Button>
    </FormShell>
  );
}

/** The licence card went out: the desk's last step. */
export function CardMailedForm({ id }: { id: string }) {
  const step = useStep(id, 'card-mailed', 'Card recorded as mailed');
  const form = useForm<z.input<typeof CardMailedBodySchema>>({
    resolver: zodResolver(CardMailedBodySchema),
    defaultValues: { mailedOn: todayIso() },
  });
  return (
    <FormShell
      title="Card mailed"
      error={step.error}
      onSubmit={form.handleSubmit((v) => step.submit(v))}
    >
      <TextField
        type="date"
        label="Mailed on"
        fieldClassName="sm:max-w-xs"
        error={form.formState.errors.mailedOn?.message}
        {...form.register('mailedOn')}
      />
      <Button type="submit" disabled={step.pending} className="justify-self-start">
        Record card mailed
      </Button>
    </FormShell>
  );
}

/** Not submitted: the state fee goes back to the patient; the service fee stays paid. */
export function RefundStateFeeForm({ id, cents }: { id: string; cents: number }) {
  const step = useStep(id, 'refund-state-fee', 'State fee refund recorded');
  const form = useForm<z.input<typeof RefundStateFeeBodySchema>>({
    resolver: zodResolver(RefundStateFeeBodySchema),
    defaultValues: { reason: '' },
  });
  return (
    <FormShell
      title={`Refund the state fee (${formatUsd(cents)})`}
      error={step.error}
      onSubmit={form.handleSubmit((v) => step.submit(v))}
    >
      <p className="text-sm text-muted-foreground">
        Only the state fee goes back to the card; the clinic&apos;s service fee stays paid.
      </p>
      <TextField
        label="Reason for the refund"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <Button
        type="submit"
        variant="destructive"
        disabled={step.pending}
        className="justify-self-start"
      >
        Refund state fee
      </Button>
    </FormShell>
  );
}
