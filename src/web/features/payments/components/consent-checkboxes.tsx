import { Checkbox } from '@/components/ui/checkbox';
import { fieldDescribedBy } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { useT, useTr } from '@/lib/i18n/use-t';
import type { PaymentField } from '../../../../shared/schemas/payment';
import type { StateApplicationMode } from '../../../../shared/state-application';

// The payment's agreements: the telehealth consent, and (issue 22) when the clinic submits the
// OMMA application, the authorization to submit it and pay OMMA the state fee for the patient,
// in the exact words the server stores with the application, in the page's language (issue 24:
// the form sends that language as consentLanguage).

interface ConsentCheckboxesProps {
  mode: StateApplicationMode | undefined;
  consent: boolean;
  authorized: boolean;
  disabled: boolean;
  errorFor: (field: PaymentField) => string | undefined;
  onChange: (field: 'consent' | 'stateApplicationAuthorized', checked: boolean) => void;
}

export function ConsentCheckboxes({
  mode,
  consent,
  authorized,
  disabled,
  errorFor,
  onChange,
}: ConsentCheckboxesProps) {
  const t = useT();
  return (
    <>
      <Agreement
        id="consent"
        text={t('payment.consent.telehealth')}
        checked={consent}
        disabled={disabled}
        error={errorFor('consent')}
        onChange={(v) => onChange('consent', v)}
      />
      {mode === 'clinic_submits' && (
        <Agreement
          id="state-application-authorized"
          text={t('payment.consent.stateApplication')}
          checked={authorized}
          disabled={disabled}
          error={errorFor('stateApplicationAuthorized')}
          onChange={(v) => onChange('stateApplicationAuthorized', v)}
        />
      )}
    </>
  );
}

function Agreement(props: {
  id: string;
  text: string;
  checked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const { id, error } = props;
  const tr = useTr();
  return (
    <div className="grid gap-1.5">
      <div
        className={`flex items-start gap-3 rounded-md border p-3 ${error ? 'border-destructive' : 'border-border'}`}
      >
        <Checkbox
          id={id}
          checked={props.checked}
          disabled={props.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, error)}
          onCheckedChange={(v) => props.onChange(v === true)}
        />
        <Label htmlFor={id} className="text-sm leading-5 font-normal">
          {props.text}
        </Label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {tr(error)}
        </p>
      )}
    </div>
  );
}
