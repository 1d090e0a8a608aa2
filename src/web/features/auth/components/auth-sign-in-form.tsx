import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { homePathFor } from '../../../../shared/roles';
import { EmailSchema } from '../../../../shared/schemas/auth';
import { useLoginMutation } from '../api/auth-mutations';

// The /auth screen's own wording (patient-side.md §5) with ruling 11: sign-in only needs a
// non-empty password.
const AuthSignInSchema = z.object({
  email: EmailSchema('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
type AuthSignInValues = z.infer<typeof AuthSignInSchema>;

export function AuthSignInForm() {
  const login = useLoginMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuthSignInValues>({
    resolver: zodResolver(AuthSignInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: 'Welcome back!', description: 'You have been successfully logged in' });
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => {
        reset();
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'Login failed'),
          variant: 'destructive',
        });
      },
    });
  });

  const pending = login.isPending || login.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id="auth-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        id="auth-password"
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
