import { Link } from 'react-router';
import type { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '../../../../shared/dates';
import { RegisterSchema } from '../../../../shared/schemas/auth';
import { US_STATES } from '../../../../shared/us-states';
import { useRegisterMutation } from '../api/auth-mutations';
import { AuthCard } from './auth-card';

type RegisterInput = z.input<typeof RegisterSchema>;

const REDIRECT_AFTER_REGISTER_MS = 1000;

// In screen order: the summary lists them so and focus goes to the first.
const FIELDS: FieldSpecs<RegisterInput> = {
  firstName: { label: 'First name' },
  middleName: { label: 'Middle name (optional)' },
  lastName: { label: 'Last name' },
  dateOfBirth: { label: 'Date of birth' },
  phone: { label: 'Phone (optional)' },
  email: { label: 'Email' },
  password: { label: 'Password' },
  confirmPassword: { label: 'Confirm password' },
  address: { label: 'Street address' },
  apartment: { label: 'Apartment, suite, etc. (optional)' },
  city: { label: 'City' },
  state: { label: 'State' },
  zipCode: { label: 'ZIP code' },
};

export function RegisterPage() {
  const registration = useRegisterMutation();
  const { form, feedback, field } = useSchemaForm(
    RegisterSchema,
    {
      firstName: '',
      middleName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      dateOfBirth: '',
      phone: '',
      address: '',
      apartment: '',
      city: '',
      state: 'OK',
      zipCode: '',
    },
    FIELDS,
  );
  const { register } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    registration.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Account created!',
          description: 'Welcome to your patient portal. You can now manage your application.',
        });
        // The server has signed the patient in; the next page restores the session (§2.5).
        // The main path goes on to the application, then documents, payment and queue (issue 11).
        setTimeout(() => window.location.assign('/patient/intake'), REDIRECT_AFTER_REGISTER_MS);
      },
      onError: (error) => feedback.showServerError(error, 'Failed to create account'),
    });
  });

  const pending = registration.isPending || registration.isSuccess;

  return (
    <AuthCard
      className="mx-auto w-full max-w-2xl px-4 py-10"
      title="Create Your Patient Account"
      description="Start your Oklahoma medical marijuana license application. It takes about two minutes."
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline">
              Sign in
            </Link>
          </p>
          <p>
            <Link to="/" className="text-muted-foreground underline">
              Back to home
            </Link>
          </p>
        </>
      }
    >
      <SchemaForm
        feedback={feedback}
        onSubmit={onSubmit}
        className="gap-6"
        submit={{
          size: 'lg',
          pending,
          label: 'Create Account',
          pendingLabel: 'Creating Account...',
        }}
      >
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Personal information</legend>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextField
              autoComplete="given-name"
              {...field('firstName')}
              {...register('firstName')}
            />
            <TextField
              autoComplete="additional-name"
              {...field('middleName')}
              {...register('middleName')}
            />
            <TextField
              autoComplete="family-name"
              {...field('lastName')}
              {...register('lastName')}
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              type="date"
              max={todayIso()}
              autoComplete="bday"
              hint="You must be 18 or older to apply online."
              {...field('dateOfBirth')}
              {...register('dateOfBirth')}
            />
            <TextField type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Account</legend>
          <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <PasswordField
              autoComplete="new-password"
              hint="At least 8 characters."
              {...field('password')}
              {...register('password')}
            />
            <PasswordField
              autoComplete="new-password"
              {...field('confirmPassword')}
              {...register('confirmPassword')}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Address</legend>
          <TextField autoComplete="address-line1" {...field('address')} {...register('address')} />
          <TextField
            autoComplete="address-line2"
            {...field('apartment')}
            {...register('apartment')}
          />
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextField autoComplete="address-level2" {...field('city')} {...register('city')} />
            <Field {...field('state')}>
              <Select
                id="state"
                autoComplete="address-level1"
                aria-invalid={field('state').error ? true : undefined}
                aria-describedby={fieldDescribedBy('state', field('state').error)}
                {...register('state')}
              >
                {US_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            </Field>
            <TextField
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...field('zipCode')}
              {...register('zipCode')}
            />
          </div>
        </fieldset>
      </SchemaForm>
    </AuthCard>
  );
}
