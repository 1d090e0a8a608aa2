import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordSchema } from '../../../../shared/schemas/account';
import { useForgotPasswordMutation } from '../api/account';

const FIELDS: FieldSpecs<{ email: string }> = { email: { label: 'Email' } };

/** /forgot-password: asks for a link by email; the answer is the same for every address. */
export function ForgotPasswordPage() {
  const request = useForgotPasswordMutation();
  const { form, feedback, field } = useSchemaForm(ForgotPasswordSchema, { email: '' }, FIELDS);

  const onSubmit = feedback.handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) => feedback.showServerError(error, 'Could not send the link'),
    }),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-primary underline">
            Back to sign in
          </Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <div role="status" className="flex gap-3 rounded-md border border-border bg-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid gap-2 text-sm">
            <p className="font-medium">Check your email</p>
            <p>{request.data.message}</p>
            <p className="text-muted-foreground">
              No email after a few minutes? Look in your spam folder, or{' '}
              <button
                type="button"
                className="rounded-sm font-medium text-primary underline focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => request.reset()}
              >
                ask again
              </button>
              .
            </p>
          </div>
        </div>
      ) : (
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          submit={{ pending: request.isPending, label: 'Send Link', pendingLabel: 'Sending...' }}
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
