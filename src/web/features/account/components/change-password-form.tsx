import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/use-toast';
import { ChangePasswordSchema } from '../../../../shared/schemas/account';
import { useChangePasswordMutation } from '../api/account';

const ChangeFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);
type ChangeFormValues = z.infer<typeof ChangeFormSchema>;

const FIELDS: FieldSpecs<ChangeFormValues> = {
  currentPassword: { label: 'Current password' },
  newPassword: { label: 'New password' },
  confirmPassword: { label: 'Confirm new password' },
};

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password, for patients (their profile) and staff (the console's Account page). Every
 * other device is signed out; this one stays signed in.
 */
export function ChangePasswordCard() {
  const change = useChangePasswordMutation();
  const { form, feedback, field } = useSchemaForm(ChangeFormSchema, EMPTY, FIELDS);

  const onSubmit = feedback.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset(EMPTY);
          toast({ title: 'Password changed', description: message });
        },
        onError: (error) => {
          form.resetField('currentPassword');
          feedback.showServerError(error, 'Could not change the password');
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Change password</h2>
        <CardDescription>
          Every other device signed in to your account will be signed out. We will email you to
          confirm the change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          className="max-w-md"
          submit={{
            pending: change.isPending,
            label: 'Change Password',
            pendingLabel: 'Changing Password...',
          }}
        >
          <PasswordField
            autoComplete="current-password"
            {...field('currentPassword')}
            {...form.register('currentPassword')}
          />
          <PasswordField
            autoComplete="new-password"
            hint="At least 8 characters, not a common password."
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
