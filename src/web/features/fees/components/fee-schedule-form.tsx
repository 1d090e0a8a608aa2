import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { APPLICATION_TYPES, type FeesResponse } from '../../../../shared/fees';
import { formatUsd, parseDollars } from '../../../../shared/money';
import {
  changedFees,
  changedMode,
  FEE_KINDS,
  FEE_PARTS,
  FEE_SLOTS,
  type FeeScheduleInput,
  FeeScheduleInputSchema,
  scheduleFromInput,
} from '../../../../shared/schemas/fees';
import { useSaveFeeSchedule } from '../api/fee-admin';
import { FeeChangeConfirm, type PendingChange } from './fee-change-confirm';
import {
  APPLICATION_TYPE_LABELS,
  FEE_KIND_LABELS,
  FEE_PART_LABELS,
  slotId,
  slotName,
  slotPath,
} from './fee-words';
import { StateApplicationModeField } from './state-application-mode-field';

type Output = z.output<typeof FeeScheduleInputSchema>;

const FIELDS = Object.fromEntries([
  ...FEE_SLOTS.map((s) => [slotPath(s), { label: slotName(s), id: slotId(s) }]),
  ['stateApplication', { label: 'Who applies to OMMA', id: 'fee-state-application' }],
]) as FieldSpecs<FeeScheduleInput>;

/** The form's values: the amounts in force, as the server serves them ("104.00"). */
function valuesOf(fees: FeesResponse): FeeScheduleInput {
  const pair = (l: FeesResponse['new']['standard']) => ({
    stateFee: l.stateFee,
    serviceFee: l.serviceFee,
  });
  return {
    new: { standard: pair(fees.new.standard), reduced: pair(fees.new.reduced) },
    renewal: { standard: pair(fees.renewal.standard), reduced: pair(fees.renewal.reduced) },
    stateApplication: fees.stateApplication,
  };
}

/**
 * Edits the schedule. A valid submit first shows what changes (old → new per fee); only the
 * confirmation saves. The server's field errors land beside their fields.
 */
export function FeeScheduleForm({ fees }: { fees: FeesResponse }) {
  const save = useSaveFeeSchedule();
  const form = useForm<FeeScheduleInput, unknown, Output>({
    resolver: zodResolver(FeeScheduleInputSchema),
    defaultValues: valuesOf(fees),
  });
  const feedback = useFormFeedback(form, FIELDS);
  const [pending, setPending] = useState<{
    values: FeeScheduleInput;
    change: PendingChange;
  } | null>(null);

  const inForce = scheduleFromInput(FeeScheduleInputSchema.parse(valuesOf(fees)));
  const onSubmit = feedback.handleSubmit((values) => {
    const next = scheduleFromInput(values);
    const changes = changedFees(inForce, next);
    const mode = changedMode(inForce, next);
    if (changes.length === 0 && !mode) {
      toast({ title: 'Nothing to save', description: 'These are the fees already in force.' });
      return;
    }
    setPending({ values: form.getValues(), change: { fees: changes, mode } });
  });

  const confirm = () => {
    if (!pending) return;
    save.mutate(pending.values, {
      onSuccess: (saved) => {
        setPending(null);
        form.reset(valuesOf(saved));
        toast({
          title: 'Fees Saved',
          description: 'Payments made from now on are charged the new amounts.',
        });
      },
      onError: (error) => {
        setPending(null);
        feedback.showServerError(error, 'Could not save the fees');
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change the fees" className="grid gap-6">
      <FormErrorSummary feedback={feedback} />
      <StateApplicationModeField
        registration={form.register('stateApplication')}
        error={form.formState.errors.stateApplication?.message}
      />
      {APPLICATION_TYPES.map((type) => (
        <fieldset key={type} className="grid gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-base font-semibold">{APPLICATION_TYPE_LABELS[type]}</legend>
          {FEE_KINDS.map((kind) => (
            <div key={kind} className="grid gap-3">
              <p className="text-sm font-medium">{FEE_KIND_LABELS[kind]}</p>
              <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                {FEE_PARTS.map((part) => {
                  const slot = { type, kind, part };
                  return (
                    <TextField
                      key={part}
                      inputMode="decimal"
                      autoComplete="off"
                      {...feedback.field(slotPath(slot))}
                      label={FEE_PART_LABELS[part]}
                      {...form.register(slotPath(slot))}
                    />
                  );
                })}
                <PatientPays form={form} path={`${type}.${kind}`} />
              </div>
            </div>
          ))}
        </fieldset>
      ))}
      <FormSubmit
        pending={save.isPending}
        label="Review changes"
        pendingLabel="Saving..."
        error={feedback.formError}
        wrapperClassName="sm:max-w-xs"
      />
      <FeeChangeConfirm
        change={pending?.change ?? null}
        saving={save.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </form>
  );
}

/**
 * The line's charge as typed, so the manager sees what a patient will be charged at payment:
 * the service fee alone when the patient applies to OMMA (issue 22).
 */
function PatientPays({
  form,
  path,
}: {
  form: ReturnType<typeof useForm<FeeScheduleInput, unknown, Output>>;
  path: `${'new' | 'renewal'}.${'standard' | 'reduced'}`;
}) {
  const pair = useWatch({ control: form.control, name: path });
  const mode = useWatch({ control: form.control, name: 'stateApplication' });
  const state = mode === 'patient_submits' ? 0 : parseDollars(pair?.stateFee ?? '');
  const service = parseDollars(pair?.serviceFee ?? '');
  return (
    <div className="grid gap-1 text-sm sm:pt-7" aria-live="polite">
      <span className="text-muted-foreground">Charged at payment</span>
      <span className="font-semibold tabular-nums">
        {state === null || service === null ? '—' : formatUsd(state + service)}
      </span>
    </div>
  );
}
