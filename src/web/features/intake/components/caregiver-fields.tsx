import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { IntakeInput } from './intake-schema';

interface CaregiverFieldsProps {
  register: UseFormRegister<IntakeInput>;
  errors: FieldErrors<IntakeInput>;
  disabled: boolean;
}

/** Shown once the caregiver box is ticked (§5). */
export function CaregiverFields({ register, errors, disabled }: CaregiverFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        label="Caregiver First Name"
        autoComplete="off"
        disabled={disabled}
        error={errors.caregiverFirstName?.message}
        {...register('caregiverFirstName')}
      />
      <TextField
        label="Caregiver Last Name"
        autoComplete="off"
        disabled={disabled}
        error={errors.caregiverLastName?.message}
        {...register('caregiverLastName')}
      />
      <TextField
        label="Caregiver Phone"
        type="tel"
        autoComplete="off"
        disabled={disabled}
        error={errors.caregiverPhone?.message}
        {...register('caregiverPhone')}
      />
      <TextField
        label="Caregiver Email"
        type="email"
        autoComplete="off"
        disabled={disabled}
        error={errors.caregiverEmail?.message}
        {...register('caregiverEmail')}
      />
      <TextField
        label="Relationship to Patient"
        autoComplete="off"
        disabled={disabled}
        fieldClassName="sm:col-span-2"
        error={errors.relationship?.message}
        {...register('relationship')}
      />
    </div>
  );
}
