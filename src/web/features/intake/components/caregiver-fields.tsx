import type { UseFormRegister } from 'react-hook-form';
import type { FormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import type { IntakeInput, IntakeOutput } from './intake-schema';

interface CaregiverFieldsProps {
  register: UseFormRegister<IntakeInput>;
  /** The form's id, label and error of each field (useFormFeedback). */
  field: FormFeedback<IntakeInput, IntakeOutput>['field'];
  disabled: boolean;
}

/** Shown once the caregiver box is ticked (§5). */
export function CaregiverFields({ register, field, disabled }: CaregiverFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        autoComplete="off"
        disabled={disabled}
        {...field('caregiverFirstName')}
        {...register('caregiverFirstName')}
      />
      <TextField
        autoComplete="off"
        disabled={disabled}
        {...field('caregiverLastName')}
        {...register('caregiverLastName')}
      />
      <TextField
        type="tel"
        autoComplete="off"
        disabled={disabled}
        {...field('caregiverPhone')}
        {...register('caregiverPhone')}
      />
      <TextField
        type="email"
        autoComplete="off"
        disabled={disabled}
        {...field('caregiverEmail')}
        {...register('caregiverEmail')}
      />
      <TextField
        autoComplete="off"
        disabled={disabled}
        fieldClassName="sm:col-span-2"
        {...field('relationship')}
        {...register('relationship')}
      />
    </div>
  );
}
