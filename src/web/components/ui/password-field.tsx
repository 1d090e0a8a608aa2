import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n/use-t';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

/** Password input with a show/hide toggle (patient-side.md §2.4). */
export function PasswordField({ label, error, hint, id, name, ...props }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const inputId = id ?? name;
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        <Input
          id={inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          className="pr-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(inputId, error, hint)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          aria-pressed={visible}
          aria-controls={inputId}
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </Field>
  );
}
