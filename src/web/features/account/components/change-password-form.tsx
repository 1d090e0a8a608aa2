import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { msg } from '../../../../shared/i18n/message-key';
import { ChangePasswordSchema } from '../../../../shared/schemas/account';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/auth';
import { useChangePasswordMutation } from '../api/account';

const ChangeFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: msg('auth.error.passwordsDiffer'), path: ['confirmPassword'] },
);
type ChangeFormValues = z.infer<typeof ChangeFormSchema>;

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<ChangeFormValues> => ({
  currentPassword: { label: t('auth.field.currentPassword') },
  newPassword: { label: t('auth.field.newPassword') },
  confirmPassword: { label: t('auth.field.confirmNewPassword') },
});

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password, for patients (their profile) and staff (the console's Account page). Every
 * other device is signed out; this one stays signed in.
 */
export function ChangePasswordCard() {
  const t = useT();
  const change = useChangePasswordMutation();
  const { form, feedback, field } = useSchemaForm(ChangeFormSchema, EMPTY, fieldsIn(t));

  const onSubmit = feedback.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset(EMPTY);
          toast({ title: t('auth.change.doneTitle'), description: message });
        },
        onError: (error) => {
          form.resetField('currentPassword');
          feedback.showServerError(error, t('auth.change.failed'));
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('auth.change.title')}</h2>
        <CardDescription>{t('auth.change.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          className="max-w-md"
          submit={{
            pending: change.isPending,
            label: t('auth.change.submit'),
            pendingLabel: t('auth.change.pending'),
          }}
        >
          <PasswordField
            autoComplete="current-password"
            {...field('currentPassword')}
            {...form.register('currentPassword')}
          />
          <PasswordField
            autoComplete="new-password"
            hint={t('auth.password.hintNotCommon', { min: MIN_PASSWORD_LENGTH })}
            {...field('newPassword')}
            {...form.register('newPassword')}
          />
          <PasswordField
            autoComplete="new-password"
            {...field('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </SchemaForm>
      </CardContent>
    </Card>
  );
}
