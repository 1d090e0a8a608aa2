import { z } from 'zod';
import { ageOn, isIsoDate, todayIso } from '../dates.js';
import { LANGUAGES } from '../i18n/languages.js';
import { msg } from '../i18n/message-key.js';
import { PERMISSIONS, ROLES } from '../roles.js';
import { US_STATE_CODES } from '../us-states.js';

// Messages are the spec's (patient-side.md §5) with ruling 11 for new passwords, given by key
// (msg(), issue 24): the server's answers and the forms show them in the reader's language.

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_AGE = 18;
const MAX_PASSWORD_LENGTH = 200; // argon2 input stays bounded

export const NewPasswordSchema = z
  .string({ error: msg('auth.error.passwordRequired') })
  .min(MIN_PASSWORD_LENGTH, msg('auth.error.passwordTooShort', { min: MIN_PASSWORD_LENGTH }))
  .max(MAX_PASSWORD_LENGTH, msg('auth.error.passwordTooLong', { max: MAX_PASSWORD_LENGTH }))
  // Common passwords are refused by the server (modules/auth/password-strength.ts); its
  // dictionaries are too large for the web bundle.
  .refine((v) => v.trim().length > 0, msg('auth.error.passwordBlank'));

const NAME_MESSAGES = {
  firstName: ['auth.error.firstNameRequired', 'auth.error.firstNameTooLong'],
  lastName: ['auth.error.lastNameRequired', 'auth.error.lastNameTooLong'],
  city: ['auth.error.cityRequired', 'auth.error.cityTooLong'],
} as const;
const MAX_NAME_LENGTH = 100;

/** A required name field with the spec's message ("First name is required"). */
export const RequiredNameSchema = (field: keyof typeof NAME_MESSAGES) => {
  const [required, tooLong] = NAME_MESSAGES[field];
  return z
    .string({ error: msg(required) })
    .trim()
    .min(1, msg(required))
    .max(MAX_NAME_LENGTH, msg(tooLong, { max: MAX_NAME_LENGTH }));
};

export const EmailSchema = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));

/** Login page: email valid, password non-empty (ruling 11: sign-in only needs a password). */
export const LoginSchema = z.object({
  email: EmailSchema(msg('auth.error.emailRequired')),
  password: z
    .string({ error: msg('auth.error.passwordRequired') })
    .min(1, msg('auth.error.passwordRequired'))
    .max(MAX_PASSWORD_LENGTH, msg('auth.error.passwordRequired')),
});
export type LoginRequest = z.infer<typeof LoginSchema>;

/** The /auth screen's create-account form. */
export const AuthRegisterSchema = z.object({
  email: EmailSchema(msg('auth.error.emailInvalid')),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('firstName'),
  lastName: RequiredNameSchema('lastName'),
});
export type AuthRegisterRequest = z.infer<typeof AuthRegisterSchema>;

export const ZipCodeSchema = z
  .string({ error: msg('auth.error.zipCode') })
  .trim()
  .regex(/^\d{5}$/, msg('auth.error.zipCode'));

export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^[0-9()+\-.\s]{7,20}$/, msg('auth.error.phone'));

export const DateOfBirthSchema = z
  .string({ error: msg('auth.error.dateOfBirthRequired') })
  .min(1, msg('auth.error.dateOfBirthRequired'))
  .refine(isIsoDate, msg('auth.error.dateOfBirthRequired'))
  .refine((d) => d <= todayIso(), msg('auth.error.dateOfBirthFuture'))
  .refine((d) => ageOn(d, todayIso()) < 130, msg('auth.error.dateOfBirthInvalid'))
  .refine((d) => ageOn(d, todayIso()) >= MIN_AGE, msg('auth.error.underage', { min: MIN_AGE }));

const MiddleNameSchema = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, msg('auth.error.middleNameTooLong', { max: MAX_NAME_LENGTH }))
  .optional();

export const AddressFieldsSchema = z.object({
  address: z
    .string({ error: msg('auth.error.addressRequired') })
    .trim()
    .min(5, msg('auth.error.addressRequired'))
    .max(200, msg('auth.error.addressTooLong', { max: 200 })),
  apartment: z
    .string()
    .trim()
    .max(50, msg('auth.error.apartmentTooLong', { max: 50 }))
    .optional(),
  city: RequiredNameSchema('city'),
  state: z.enum(US_STATE_CODES, { error: msg('auth.error.stateRequired') }).default('OK'),
  zipCode: ZipCodeSchema,
});

/** The profile a patient can edit (Edit Profile, Update Address), validated as at registration. */
export const ProfileUpdateSchema = z.object({
  firstName: RequiredNameSchema('firstName'),
  middleName: MiddleNameSchema,
  lastName: RequiredNameSchema('lastName'),
  dateOfBirth: DateOfBirthSchema,
  phone: PhoneSchema.optional().or(z.literal('')),
  ...AddressFieldsSchema.shape,
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateSchema>;

const RegisterObject = z.object({
  firstName: RequiredNameSchema('firstName'),
  middleName: MiddleNameSchema,
  lastName: RequiredNameSchema('lastName'),
  email: EmailSchema(msg('auth.error.emailRequired')),
  password: NewPasswordSchema,
  confirmPassword: z
    .string({ error: msg('auth.error.confirmPassword') })
    .min(1, msg('auth.error.confirmPassword')),
  dateOfBirth: DateOfBirthSchema,
  phone: PhoneSchema.optional().or(z.literal('')),
  ...AddressFieldsSchema.shape,
});

/** Full patient registration (/register). */
export const RegisterSchema = RegisterObject.refine((v) => v.password === v.confirmPassword, {
  message: msg('auth.error.passwordsDiffer'),
  path: ['confirmPassword'],
});
export type RegisterRequest = z.input<typeof RegisterSchema>;

export const PatientProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  apartment: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type PatientProfile = z.infer<typeof PatientProfileSchema>;

/** A user as lists and the session show it (staff-and-video.md §3 Admin user). */
export const UserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  licenseNumber: z.string().nullable(),
  npi: z.string().nullable(),
  /** OMMA physician registration (issue 12); null for everyone but registered doctors. */
  ommaRegistrationNumber: z.string().nullable(),
  ommaRegistrationExpiresOn: z.string().nullable(),
  /** Physicians (issue 22): printed on the recommendation; null for everyone else. */
  officeAddress: z.string().nullable(),
  licensingBoard: z.string().nullable(),
  /** Staff: the second factor is set up (issue 13); a master admin can reset it. */
  mfaEnrolled: z.boolean(),
  /** Patients: queue reminder emails wanted (issue 13); transactional messages always go. */
  queueReminders: z.boolean(),
  /** The language the account's pages and emails are in (issue 24). */
  language: z.enum(LANGUAGES),
  /** Physicians: the languages they consult in (issue 24); null for everyone else. */
  languages: z.array(z.enum(LANGUAGES)).nullable(),
});

export const CurrentUserSchema = UserSummarySchema.extend({
  patient: PatientProfileSchema.nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const UserEnvelopeSchema = z.object({
  user: CurrentUserSchema,
  message: z.string().optional(),
});
export const MessageSchema = z.object({ message: z.string() });
