import { Link } from 'react-router';
import type { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import { todayIso } from '../../../../shared/dates';
import { MIN_AGE, MIN_PASSWORD_LENGTH, RegisterSchema } from '../../../../shared/schemas/auth';
import { US_STATES } from '../../../../shared/us-states';
import { useRegisterMutation } from '../api/auth-mutations';
import { AuthCard } from './auth-card';

type RegisterInput = z.input<typeof RegisterSchema>;

const REDIRECT_AFTER_REGISTER_MS = 1000;

// In screen order: the summary lists them so and focus goes to the first.
const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<RegisterInput> => ({
  firstName: { label: t('auth.field.firstName') },
  middleName: { label: t('auth.field.middleName') },
  lastName: { label: t('auth.field.lastName') },
  dateOfBirth: { label: t('auth.field.dateOfBirth') },
  phone: { label: t('auth.field.phone') },
  email: { label: t('auth.field.email') },
  password: { label: t('auth.field.password') },
  confirmPassword: { label: t('auth.field.confirmPassword') },
  address: { label: t('auth.field.address') },
  apartment: { label: t('auth.field.apartment') },
  city: { label: t('auth.field.city') },
  state: { label: t('auth.field.state') },
  zipCode: { label: t('auth.field.zipCode') },
});

export function RegisterPage() {
  const t = useT();
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
    fieldsIn(t),
  );
  const { register } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    registration.mutate(values, {
      onSuccess: () => {
        toast({
          title: t('auth.register.createdTitle'),
          description: t('auth.register.welcomeDescription'),
        });
        // The server has signed the patient in; the next page restores the session (§2.5).
        // The main path goes on to the application, then documents, payment and queue (issue 11).
        setTimeout(() => window.location.assign('/patient/intake'), REDIRECT_AFTER_REGISTER_MS);
      },
      onError: (error) => feedback.showServerError(error, t('auth.register.failed')),
    });
  });

  const pending = registration.isPending || registration.isSuccess;

  return (
    <AuthCard
      className="mx-auto w-full max-w-2xl px-4 py-10"
      title={t('auth.register.title')}
      description={t('auth.register.description')}
      footer={
        <>
          <p>
            <T
              k="auth.register.haveAccount"
              components={{
                0: <Link to="/login" className="font-medium text-primary underline" />,
              }}
            />
          </p>
          <p>
            <Link to="/" className="text-muted-foreground underline">
              {t('auth.register.backHome')}
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
          label: t('auth.register.submit'),
          pendingLabel: t('auth.register.pending'),
        }}
      >
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">{t('auth.register.personal')}</legend>
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
              hint={t('auth.register.ageHint', { min: MIN_AGE })}
              {...field('dateOfBirth')}
              {...register('dateOfBirth')}
            />
            <TextField type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-semibold">{t('auth.register.account')}</legend>
          <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <PasswordField
              autoComplete="new-password"
              hint={t('auth.password.hint', { min: MIN_PASSWORD_LENGTH })}
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
          <legend className="mb-2 text-base font-semibold">{t('auth.register.address')}</legend>
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
