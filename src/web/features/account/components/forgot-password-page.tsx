import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import { ForgotPasswordSchema } from '../../../../shared/schemas/account';
import { useForgotPasswordMutation } from '../api/account';

/** /forgot-password: asks for a link by email; the answer is the same for every address. */
export function ForgotPasswordPage() {
  const t = useT();
  const request = useForgotPasswordMutation();
  const fields: FieldSpecs<{ email: string }> = { email: { label: t('auth.field.email') } };
  const { form, feedback, field } = useSchemaForm(ForgotPasswordSchema, { email: '' }, fields);

  const onSubmit = feedback.handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) => feedback.showServerError(error, t('auth.forgot.failed')),
    }),
  );

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
      footer={
        <p>
          <T
            k="auth.forgot.remembered"
            components={{ 0: <Link to="/login" className="font-medium text-primary underline" /> }}
          />
        </p>
      }
    >
      {request.isSuccess ? (
        <div role="status" className="flex gap-3 rounded-md border border-border bg-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid gap-2 text-sm">
            <p className="font-medium">{t('auth.forgot.checkEmail')}</p>
            <p>{request.data.message}</p>
            <p className="text-muted-foreground">
              <T
                k="auth.forgot.noEmail"
                components={{
                  0: (
                    <button
                      type="button"
                      className="rounded-sm font-medium text-primary underline focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => request.reset()}
                    />
                  ),
                }}
              />
            </p>
          </div>
        </div>
      ) : (
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          submit={{
            pending: request.isPending,
            label: t('auth.forgot.submit'),
            pendingLabel: t('auth.forgot.pending'),
          }}
        >
          <TextField
            type="email"
            autoComplete="email"
            {...field('email')}
            {...form.register('email')}
          />
        </SchemaForm>
      )}
    </AuthCard>
  );
}
