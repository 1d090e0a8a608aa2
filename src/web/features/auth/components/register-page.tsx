import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import { todayIso } from '../../../../shared/dates';
import { RegisterSchema } from '../../../../shared/schemas/auth';
import { US_STATES } from '../../../../shared/us-states';
import { useRegisterMutation } from '../api/auth-mutations';
import { AuthCard } from './auth-card';

type RegisterInput = z.input<typeof RegisterSchema>;
type RegisterOutput = z.output<typeof RegisterSchema>;

const REDIRECT_AFTER_REGISTER_MS = 1000;

const FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'dateOfBirth',
  'phone',
  'address',
  'apartment',
  'city',
  'state',
  'zipCode',
] as const satisfies readonly (keyof RegisterInput)[];

export function RegisterPage() {
  const registration = useRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: {
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
  });

  const onSubmit = handleSubmit((values) => {
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
      onError: (error) => {
        applyServerIssues(error, setError, FIELDS);
        // 409: the email is taken; say so next to the field as well.
        if (isApiError(error, 409)) {
          setError('email', {
            type: 'server',
            message: errorMessage(error, 'Email already registered'),
          });
        }
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Failed to create account'),
          variant: 'destructive',
        });
      },
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
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Personal information</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Middle name (optional)"
              autoComplete="additional-name"
              error={errors.middleName?.message}
              {...register('middleName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Date of birth"
              type="date"
              max={todayIso()}
              autoComplete="bday"
              hint="You must be 18 or older to apply online."
              error={errors.dateOfBirth?.message}
              {...register('dateOfBirth')}
            />
            <TextField
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Account</legend>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label="Password"
              autoComplete="new-password"
              hint="At least 8 characters."
              error={errors.password?.message}
              {...register('password')}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">Address</legend>
          <TextField
            label="Street address"
            autoComplete="address-line1"
            error={errors.address?.message}
            {...register('address')}
          />
          <TextField
            label="Apartment, suite, etc. (optional)"
            autoComplete="address-line2"
            error={errors.apartment?.message}
            {...register('apartment')}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="City"
              autoComplete="address-level2"
              error={errors.city?.message}
              {...register('city')}
            />
            <Field id="state" label="State" error={errors.state?.message}>
              <Select
                id="state"
                autoComplete="address-level1"
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={fieldDescribedBy('state', errors.state?.message)}
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
              label="ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              error={errors.zipCode?.message}
              {...register('zipCode')}
            />
          </div>
        </fieldset>

        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
