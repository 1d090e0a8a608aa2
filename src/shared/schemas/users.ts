import { z } from 'zod';
import { DEFAULT_NEW_USER_ROLE, PERMISSIONS, STAFF_ROLES } from '../roles.js';
import { EmailSchema, NewPasswordSchema, RequiredNameSchema, UserSummarySchema } from './auth.js';

// Staff accounts (staff-and-video.md §2 User Management, §5, §7; rulings 2 and 18).

/** Oklahoma physician license numbers are short alphanumerics; NPI is 10 digits. */
export const LicenseNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,20}$/, 'Enter a valid Oklahoma license number');
export const NpiSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'NPI must be 10 digits');

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a staff role' });

const CreateUserObject = z.object({
  email: EmailSchema('Valid email is required'),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('First name'),
  lastName: RequiredNameSchema('Last name'),
  role: StaffRoleSchema.default(DEFAULT_NEW_USER_ROLE),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
  licenseNumber: LicenseNumberSchema.optional().or(z.literal('')),
  npi: NpiSchema.optional().or(z.literal('')),
});

export const CreateUserSchema = CreateUserObject.superRefine((v, ctx) => {
  if (v.role !== 'doctor') return;
  if (!v.licenseNumber)
    ctx.addIssue({
      code: 'custom',
      path: ['licenseNumber'],
      message: 'License number is required for doctors',
    });
  if (!v.npi)
    ctx.addIssue({ code: 'custom', path: ['npi'], message: 'NPI is required for doctors' });
});
export type CreateUserRequest = z.input<typeof CreateUserSchema>;

export const UpdateUserSchema = z
  .object({
    role: StaffRoleSchema.optional(),
    permissions: z.array(z.enum(PERMISSIONS)).optional(),
    licenseNumber: LicenseNumberSchema.optional(),
    npi: NpiSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserSchema>;

export const AdminSetupSchema = z.object({
  email: EmailSchema('Valid email is required'),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('First name'),
  lastName: RequiredNameSchema('Last name'),
  setupToken: z.string().max(200).optional(),
});
export type AdminSetupRequest = z.infer<typeof AdminSetupSchema>;

/** Admin user as the user list shows it (§3 Admin user). */
export const AdminUserSchema = UserSummarySchema;
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.array(AdminUserSchema);
export const AdminExistsSchema = z.object({ exists: z.boolean() });
