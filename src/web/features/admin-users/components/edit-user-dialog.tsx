import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import {
  isMasterRole,
  isPhysicianRole,
  PERMISSIONS,
  type Permission,
  ROLE_LABELS,
  type Role,
  type StaffRole,
} from '../../../../shared/roles';
import {
  type AdminUser,
  ConsultLanguagesSchema,
  LicenseNumberSchema,
  NpiSchema,
  OfficeAddressSchema,
  OmmaRegistrationExpiresOnSchema,
  OmmaRegistrationNumberSchema,
  requireOmmaPair,
  StaffRoleSchema,
  type UpdateUserInput,
} from '../../../../shared/schemas/users';
import { useUpdateUser } from '../api/users';
import { canEditPermissions, defaultPermissionsFor } from './access-rules';
import { RoleAccessFields, roleAccessFieldSpecs } from './role-access-fields';

const EditSchema = z
  .object({
    role: StaffRoleSchema,
    permissions: z.array(z.enum(PERMISSIONS)),
    licenseNumber: z.string(),
    npi: z.string(),
    ommaRegistrationNumber: z.string(),
    ommaRegistrationExpiresOn: z.string(),
    officeAddress: z.string(),
    licensingBoard: z.string(),
    languages: z.array(z.enum(LANGUAGES)).optional(),
  })
  .superRefine((v, ctx) => {
    if (isPhysicianRole(v.role)) {
      const languages = ConsultLanguagesSchema.safeParse(v.languages ?? ['en']);
      if (!languages.success)
        ctx.addIssue({
          code: 'custom',
          path: ['languages'],
          message: languages.error.issues[0]?.message,
        });
    }
    if (v.role !== 'doctor') return;
    const checks = [
      ['licenseNumber', LicenseNumberSchema],
      ['npi', NpiSchema],
      // The registration may stay empty (both fields), as the server allows.
      ...(v.ommaRegistrationNumber.trim()
        ? ([['ommaRegistrationNumber', OmmaRegistrationNumberSchema]] as const)
        : []),
      ...(v.ommaRegistrationExpiresOn
        ? ([['ommaRegistrationExpiresOn', OmmaRegistrationExpiresOnSchema]] as const)
        : []),
      // Empty clears the office address (the doctor may still approve, with a warning).
      ...(v.officeAddress.trim() ? ([['officeAddress', OfficeAddressSchema]] as const) : []),
    ] as const;
    for (const [path, schema] of checks) {
      const result = schema.safeParse(v[path]);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message });
      }
    }
    requireOmmaPair(
      {
        ommaRegistrationNumber: v.ommaRegistrationNumber.trim(),
        ommaRegistrationExpiresOn: v.ommaRegistrationExpiresOn,
      },
      ctx,
    );
  });
type EditValues = z.infer<typeof EditSchema>;

interface EditUserDialogProps {
  user: AdminUser;
  actorRole: Role;
  /** Role to start from, when the inline role picker sends a doctor change here. */
  initialRole?: StaffRole;
  onClose: () => void;
}

const sameSet = (a: readonly Permission[], b: readonly Permission[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

export function EditUserDialog({ user, actorRole, initialRole, onClose }: EditUserDialogProps) {
  const updateUser = useUpdateUser();
  const editable = canEditPermissions(actorRole);
  const startRole = initialRole ?? (user.role as StaffRole);
  const form = useForm<EditValues>({
    resolver: zodResolver(EditSchema),
    defaultValues: {
      role: startRole,
      permissions: startRole === user.role ? user.permissions : defaultPermissionsFor(startRole),
      licenseNumber: user.licenseNumber ?? '',
      npi: user.npi ?? '',
      ommaRegistrationNumber: user.ommaRegistrationNumber ?? '',
      ommaRegistrationExpiresOn: user.ommaRegistrationExpiresOn ?? '',
      officeAddress: user.officeAddress ?? '',
      licensingBoard: user.licensingBoard ?? '',
      languages: isPhysicianRole(startRole) ? (user.languages ?? ['en']) : undefined,
    },
  });
  const { watch } = form;
  const feedback = useFormFeedback(form, roleAccessFieldSpecs('edit'));
  const role = watch('role');
  const name = `${user.firstName} ${user.lastName}`;

  const onSubmit = feedback.handleSubmit((values) => {
    const body: UpdateUserInput = {};
    if (values.role !== user.role) body.role = values.role;
    if (values.role === 'doctor') {
      if (values.licenseNumber !== (user.licenseNumber ?? ''))
        body.licenseNumber = values.licenseNumber;
      if (values.npi !== (user.npi ?? '')) body.npi = values.npi;
      // Number and expiry travel together (the server refuses one without the other).
      const ommaNumber = values.ommaRegistrationNumber.trim();
      if (
        ommaNumber !== (user.ommaRegistrationNumber ?? '') ||
        values.ommaRegistrationExpiresOn !== (user.ommaRegistrationExpiresOn ?? '')
      ) {
        body.ommaRegistrationNumber = ommaNumber;
        body.ommaRegistrationExpiresOn = values.ommaRegistrationExpiresOn;
      }
      const officeAddress = values.officeAddress.trim();
      if (officeAddress !== (user.officeAddress ?? '')) body.officeAddress = officeAddress;
      if (values.licensingBoard !== (user.licensingBoard ?? ''))
        body.licensingBoard = values.licensingBoard as UpdateUserInput['licensingBoard'];
    } else if (
      editable &&
      !isMasterRole(values.role) &&
      !sameSet(values.permissions, user.permissions)
    ) {
      body.permissions = values.permissions;
    }
    // Consulting languages (issue 24): physicians only; sent when changed or with a new role.
    if (isPhysicianRole(values.role)) {
      const languages = values.languages ?? ['en'];
      const before = user.languages ?? ['en'];
      if (body.role || languages.join() !== before.join()) body.languages = languages;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    updateUser.mutate(
      { userId: user.id, ...body },
      {
        onSuccess: (updated) => {
          toast({
            title: body.role ? 'Role Updated' : 'User Updated',
            description: body.role
              ? `${name} is now ${ROLE_LABELS[updated.role]}.`
              : `${name}'s access has been saved.`,
          });
          onClose();
        },
        onError: (error) => feedback.showServerError(error, 'Could not update the user'),
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit access for {name}</DialogTitle>
          <DialogDescription className="wrap-anywhere">{user.email}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormErrorSummary feedback={feedback} />
            <RoleAccessFields
              idPrefix="edit"
              actorRole={actorRole}
              role={role}
              editable={editable}
            />
            <FormServerError message={feedback.formError} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={updateUser.isPending}>
                {updateUser.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
