import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import {
  DEFAULT_NEW_USER_ROLE,
  isMasterRole,
  ROLE_LABELS,
  type Role,
} from '../../../../shared/roles';
import { type CreateUserRequest, CreateUserSchema } from '../../../../shared/schemas/users';
import { useCreateUser } from '../api/users';
import { canEditPermissions, defaultPermissionsFor } from './access-rules';
import { RoleAccessFields } from './role-access-fields';

type CreateInput = z.input<typeof CreateUserSchema>;
type CreateOutput = z.output<typeof CreateUserSchema>;

const EMPTY: CreateInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  role: DEFAULT_NEW_USER_ROLE,
  permissions: defaultPermissionsFor(DEFAULT_NEW_USER_ROLE),
  licenseNumber: '',
  npi: '',
};

export function CreateUserDialog({ actorRole }: { actorRole: Role }) {
  const [open, setOpen] = useState(false);
  const createUser = useCreateUser();
  const editable = canEditPermissions(actorRole);
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(CreateUserSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = form;
  const role = watch('role') ?? DEFAULT_NEW_USER_ROLE;

  const onSubmit = handleSubmit(({ permissions, licenseNumber, npi, ...values }) => {
    const body: CreateUserRequest = { ...values };
    if (values.role === 'doctor') Object.assign(body, { licenseNumber, npi });
    else if (editable && !isMasterRole(values.role)) body.permissions = permissions;

    createUser.mutate(body, {
      onSuccess: (user) => {
        toast({
          title: 'User Created',
          description: `${user.firstName} ${user.lastName} (${ROLE_LABELS[user.role]}) can now sign in.`,
        });
        reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        applyServerIssues(error, setError, [
          'firstName',
          'lastName',
          'email',
          'password',
          'role',
          'licenseNumber',
          'npi',
        ]);
        toast({
          title: 'Creation Failed',
          description: errorMessage(error, 'Could not create the user'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create User
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>
            New staff accounts can sign in straight away with the password you set.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="create-first-name"
                label="First name"
                error={errors.firstName?.message}
                {...register('firstName')}
              />
              <TextField
                id="create-last-name"
                label="Last name"
                error={errors.lastName?.message}
                {...register('lastName')}
              />
              <TextField
                id="create-email"
                label="Email"
                type="email"
                autoComplete="off"
                error={errors.email?.message}
                {...register('email')}
              />
              <PasswordField
                id="create-password"
                label="Password"
                autoComplete="new-password"
                hint="At least 8 characters."
                error={errors.password?.message}
                {...register('password')}
              />
            </div>
            <RoleAccessFields
              idPrefix="create"
              actorRole={actorRole}
              role={role}
              editable={editable}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={createUser.isPending}>
                {createUser.isPending ? 'Creating...' : 'Create User'}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
