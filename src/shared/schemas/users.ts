import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { LANGUAGES } from '../i18n/languages.js';
import { LICENSING_BOARDS } from '../omma.js';
import { DEFAULT_NEW_USER_ROLE, isPhysicianRole, PERMISSIONS, STAFF_ROLES } from '../roles.js';
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

/**
 * The OMMA physician registration (SB 1066, 2025; issue 12): OMMA's numbers are short runs of
 * letters, digits and dashes; the expiry is the last day the registration is valid.
 */
export const OmmaRegistrationNumberSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9-]{3,30}$/,
    'Enter a valid OMMA registration number (3 to 30 letters, digits or dashes)',
  );
export const OmmaRegistrationExpiresOnSchema = z
  .string()
  .trim()
  .refine(isIsoDate, 'Enter the OMMA registration expiry as a date (YYYY-MM-DD)');

/** The physician's office as OMMA reads it on the recommendation (issue 22). */
export const OFFICE_ADDRESS_MAX = 300;
export const OfficeAddressSchema = z
  .string({ error: 'Office address must be text' })
  .trim()
  .min(5, 'Enter the office address: street, city, state and ZIP')
  .max(OFFICE_ADDRESS_MAX, `Keep the office address under ${OFFICE_ADDRESS_MAX} characters`);
/** One of the boards, or empty (none chosen): one enum, so a wrong value gets its message. */
const LicensingBoardOrEmpty = z.enum(['', ...LICENSING_BOARDS], {
  error: `The licensing board is one of: ${LICENSING_BOARDS.join('; ')}`,
});

const OMMA_NUMBER_WITHOUT_DATE = 'Enter the expiry date of the OMMA registration with its number';
const OMMA_DATE_WITHOUT_NUMBER = 'Enter the OMMA registration number with its expiry date';

/**
 * A registration is recorded whole: a number without its expiry (or the reverse) could never
 * make a physician current, so it is refused with the missing field named.
 */
export function requireOmmaPair(
  v: { ommaRegistrationNumber?: string | null; ommaRegistrationExpiresOn?: string | null },
  ctx: z.RefinementCtx,
) {
  const hasNumber = !!v.ommaRegistrationNumber;
  const hasDate = !!v.ommaRegistrationExpiresOn;
  if (hasNumber && !hasDate)
    ctx.addIssue({
      code: 'custom',
      path: ['ommaRegistrationExpiresOn'],
      message: OMMA_NUMBER_WITHOUT_DATE,
    });
  if (hasDate && !hasNumber)
    ctx.addIssue({
      code: 'custom',
      path: ['ommaRegistrationNumber'],
      message: OMMA_DATE_WITHOUT_NUMBER,
    });
}

/**
 * The languages a physician consults in (issue 24): `en` and/or `es`, at least one, each once.
 * Physicians only (doctors and doctor admins); a physician created without it consults in
 * English (`["en"]`).
 */
export const ConsultLanguagesSchema = z
  .array(
    z.enum(LANGUAGES, {
      error: 'Consulting languages are en (English) and es (Spanish)',
    }),
    { error: 'Consulting languages are a list: ["en"], ["es"] or ["en", "es"]' },
  )
  .min(1, 'Choose at least one language the physician consults in')
  .refine((list) => new Set(list).size === list.length, 'List each consulting language once');
export const CONSULT_LANGUAGES_PHYSICIANS_ONLY =
  'Only physicians (doctors and doctor admins) have consulting languages';

/** An empty field clears the registration (null) on an update. */
const cleared = z.literal('').transform(() => null);

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a staff role' });

const CreateUserObject = z.object({
  email: EmailSchema('Valid email is required'),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('firstName'),
  lastName: RequiredNameSchema('lastName'),
  role: StaffRoleSchema.default(DEFAULT_NEW_USER_ROLE),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
  licenseNumber: LicenseNumberSchema.optional().or(z.literal('')),
  npi: NpiSchema.optional().or(z.literal('')),
  // Optional for a new doctor (the clinic may register later); no approval until recorded.
  ommaRegistrationNumber: OmmaRegistrationNumberSchema.optional().or(z.literal('')),
  ommaRegistrationExpiresOn: OmmaRegistrationExpiresOnSchema.optional().or(z.literal('')),
  // Optional too: a doctor without an office address may approve, their console warns.
  officeAddress: OfficeAddressSchema.optional().or(z.literal('')),
  licensingBoard: LicensingBoardOrEmpty.optional(),
  languages: ConsultLanguagesSchema.optional(),
});

export const CreateUserSchema = CreateUserObject.superRefine((v, ctx) => {
  if (v.languages !== undefined && !isPhysicianRole(v.role))
    ctx.addIssue({
      code: 'custom',
      path: ['languages'],
      message: CONSULT_LANGUAGES_PHYSICIANS_ONLY,
    });
  if (v.role !== 'doctor') return;
  requireOmmaPair(v, ctx);
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
    /** Both together; both null (or empty) clears the registration. */
    ommaRegistrationNumber: OmmaRegistrationNumberSchema.or(cleared).nullable().optional(),
    ommaRegistrationExpiresOn: OmmaRegistrationExpiresOnSchema.or(cleared).nullable().optional(),
    /** Null (or empty) clears it. */
    officeAddress: OfficeAddressSchema.or(cleared).nullable().optional(),
    licensingBoard: LicensingBoardOrEmpty.transform((v) => v || null)
      .nullable()
      .optional(),
    /** Physicians only (for the role the account has after this update). */
    languages: ConsultLanguagesSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update',
  })
  .superRefine(requireOmmaPair);
export type UpdateUserRequest = z.output<typeof UpdateUserSchema>;
export type UpdateUserInput = z.input<typeof UpdateUserSchema>;

export const AdminSetupSchema = z.object({
  email: EmailSchema('Valid email is required'),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('firstName'),
  lastName: RequiredNameSchema('lastName'),
  setupToken: z.string().max(200).optional(),
});
export type AdminSetupRequest = z.infer<typeof AdminSetupSchema>;

/** Admin user as the user list shows it (§3 Admin user). */
export const AdminUserSchema = UserSummarySchema;
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.array(AdminUserSchema);
export const AdminExistsSchema = z.object({ exists: z.boolean() });
