import type { UseFormRegisterReturn } from 'react-hook-form';
import { STATE_APPLICATION_MODES } from '../../../../shared/state-application';
import { STATE_APPLICATION_MODE_LABELS, STATE_APPLICATION_MODE_MEANING } from './fee-words';

/**
 * Who applies to OMMA (issue 22): the clinic's choice, in plain words of what each means for
 * the patient. Each application keeps the choice in force when it was paid.
 */
export function StateApplicationModeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'stateApplication'>;
  error?: string;
}) {
  return (
    <fieldset
      className="grid gap-2 rounded-lg border border-border p-4"
      aria-describedby={error ? 'fee-state-application-error' : 'fee-state-application-hint'}
    >
      <legend className="px-1 text-base font-semibold">Who applies to OMMA</legend>
      <p id="fee-state-application-hint" className="text-sm text-muted-foreground">
        Applies to payments made after you save; each application keeps the choice it was paid
        under.
      </p>
      {STATE_APPLICATION_MODES.map((mode, i) => (
        <label
          key={mode}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted"
        >
          <input
            id={i === 0 ? 'fee-state-application' : undefined}
            type="radio"
            value={mode}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...registration}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{STATE_APPLICATION_MODE_LABELS[mode]}</span>
            <span className="text-muted-foreground">{STATE_APPLICATION_MODE_MEANING[mode]}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id="fee-state-application-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
