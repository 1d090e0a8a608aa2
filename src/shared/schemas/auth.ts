import { z } from 'zod';
import { ageOn, isIsoDate, todayIso } from '../dates.js';
import { LANGUAGES } from '../i18n/languages.js';
import { PERMISSIONS, ROLES } from '../roles.js';
import { US_STATE_CODES } from '../us-states.js';

// Messages are the spec's (patient-side.md §5) with ruling 11 for new passwords.

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_AGE = 18;
const MAX_PASSWORD_LENGTH = 200; // argon2 input stays bounded

export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  // Common passwords are refused by the server (modules/auth/password-strength.ts); its
  // dictionaries are too large for the web bundle.
  .refine((v) => v.trim().length > 0, 'Password cannot be only spaces');

/** A required name field with the spec's message ("First name is required"). */
export const RequiredNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const EmailSchema = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));

/** Login page: email valid, password non-empty (ruling 11: sign-in only needs a password). */
export const LoginSchema = z.object({
  email: EmailSchema('Valid email is required'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginSchema>;

/** The /auth screen's create-account form. */
export const AuthRegisterSchema = z.object({
  email: EmailSchema('Please enter a valid email address'),
  password: NewPasswordSchema,
  firstName: RequiredNameSchema('First name'),
  lastName: RequiredNameSchema('Last name'),
});
export type AuthRegisterRequest = z.infer<typeof AuthRegisterSchema>;

export const ZipCodeSchema = z
  .string({ error: 'Valid ZIP code is required' })
  .trim()
  .regex(/^\d{5}$/, 'Valid ZIP code is required');

export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^[0-9()+\-.\s]{7,20}$/, 'Valid phone number is required');

export const DateOfBirthSchema = z
  .string({ error: 'Date of birth is required' })
  .min(1, 'Date of birth is required')
  .refine(isIsoDate, 'Date of birth is required')
  .refine((d) => d <= todayIso(), 'Date of birth cannot be in the future')
  .refine((d) => ageOn(d, todayIso()) < 130, 'Enter a valid date of birth')
  .refine((d) => ageOn(d, todayIso()) >= MIN_AGE, 'You must be 18 or older to apply online');

export const AddressFieldsSchema = z.object({
  address: z
    .string({ error: 'Address is required' })
    .trim()
    .min(5, 'Address is required')
    .max(200, 'Address must be at most 200 characters'),
  apartment: z.string().trim().max(50, 'Apartment must be at most 50 characters').optional(),
  city: RequiredNameSchema('City'),
  state: z.enum(US_STATE_CODES, { error: 'Please choose a state' }).default('OK'),
  zipCode: ZipCodeSchema,
});

/** The profile a patient can edit (Edit Profile, Update Address), validated as at registration. */
export const ProfileUpdateSchema = z.object({
  firstName: RequiredNameSchema('First name'),
  middleName: z.string().trim().max(100, 'Middle name must be at most 100 characters').optional(),
  lastName: RequiredNameSchema('Last name'),
  dateOfBirth: DateOfBirthSchema,
  phone: PhoneSchema.optional().or(z.literal('')),
  ...AddressFieldsSchema.shape,
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateSchema>;

const RegisterObject = z.object({
  firstName: RequiredNameSchema('First name'),
  middleName: z.string().trim().max(100, 'Middle name must be at most 100 characters').optional(),
  lastName: RequiredNameSchema('Last name'),
  email: EmailSchema('Valid email is required'),
  password: NewPasswordSchema,
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .min(1, 'Please confirm your password'),
  dateOfBirth: DateOfBirthSchema,
  phone: PhoneSchema.optional().or(z.literal('')),
  ...AddressFieldsSchema.shape,
});

/** Full patient registration (/register). */
export const RegisterSchema = RegisterObject.refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
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
