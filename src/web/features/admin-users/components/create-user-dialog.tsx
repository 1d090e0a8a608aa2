import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
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
import {
  DEFAULT_NEW_USER_ROLE,
  isMasterRole,
  isPhysicianRole,
  ROLE_LABELS,
  type Role,
} from '../../../../shared/roles';
import { type CreateUserRequest, CreateUserSchema } from '../../../../shared/schemas/users';
import { useCreateUser } from '../api/users';
import { canEditPermissions, defaultPermissionsFor } from './access-rules';
import { RoleAccessFields, roleAccessFieldSpecs } from './role-access-fields';

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
  ommaRegistrationNumber: '',
  ommaRegistrationExpiresOn: '',
  officeAddress: '',
  licensingBoard: '',
};

const FIELDS: FieldSpecs<CreateInput> = {
  firstName: { label: 'First name', id: 'create-first-name' },
  lastName: { label: 'Last name', id: 'create-last-name' },
  email: { label: 'Email', id: 'create-email' },
  password: { label: 'Password', id: 'create-password' },
  ...roleAccessFieldSpecs('create'),
};

export function CreateUserDialog({ actorRole }: { actorRole: Role }) {
  const [open, setOpen] = useState(false);
  const createUser = useCreateUser();
  const editable = canEditPermissions(actorRole);
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(CreateUserSchema),
    defaultValues: EMPTY,
  });
  const { register, reset, watch } = form;
  const feedback = useFormFeedback(form, FIELDS);
  const { field } = feedback;
  const role = watch('role') ?? DEFAULT_NEW_USER_ROLE;

  const onSubmit = feedback.handleSubmit((input) => {
    const { permissions, licenseNumber, npi, languages, ...values } = input;
    const {
      ommaRegistrationNumber,
      ommaRegistrationExpiresOn,
      officeAddress,
      licensingBoard,
      ...account
    } = values;
    const body: CreateUserRequest = { ...account };
    if (values.role === 'doctor')
      Object.assign(body, {
        licenseNumber,
        npi,
        ommaRegistrationNumber,
        ommaRegistrationExpiresOn,
        officeAddress,
        licensingBoard,
      });
    else if (editable && !isMasterRole(values.role)) body.permissions = permissions;
    // Physicians say which languages they consult in (issue 24); English unless ticked otherwise.
    if (isPhysicianRole(values.role)) body.languages = languages ?? ['en'];

    createUser.mutate(body, {
      onSuccess: (user) => {
        toast({
          title: 'User Created',
          description: `${user.firstName} ${user.lastName} (${ROLE_LABELS[user.role]}) can now sign in.`,
        });
        reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => feedback.showServerError(error, 'Could not create the user'),
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
            <FormErrorSummary feedback={feedback} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field('firstName')} {...register('firstName')} />
              <TextField {...field('lastName')} {...register('lastName')} />
              <TextField
                type="email"
                autoComplete="off"
                {...field('email')}
                {...register('email')}
              />
              <PasswordField
                autoComplete="new-password"
                hint="At least 8 characters."
                {...field('password')}
                {...register('password')}
              />
            </div>
            <RoleAccessFields
              idPrefix="create"
              actorRole={actorRole}
              role={role}
              editable={editable}
            />
            <FormServerError message={feedback.formError} />
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
