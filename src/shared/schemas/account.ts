import { z } from 'zod';
import { msg } from '../i18n/message-key.js';
import { CurrentUserSchema, EmailSchema, NewPasswordSchema } from './auth.js';

// Issue 13's account routes: recovery, verification, the staff second factor. One definition
// for the server's validation and the web forms.

/** POST /api/auth/forgot-password: the same answer for every address (no enumeration). */
export const ForgotPasswordSchema = z.object({
  email: EmailSchema(msg('auth.error.emailRequired')),
});
/** By key (issue 24): the routes answer it in the request's language. */
export const FORGOT_PASSWORD_ANSWER = msg('auth.forgot.answer', { minutes: 30 });

const TokenSchema = z
  .string({ error: msg('auth.error.linkInvalid') })
  .trim()
  .min(20, msg('auth.error.linkInvalid'))
  .max(200, msg('auth.error.linkInvalid'))
  .regex(/^[A-Za-z0-9_-]+$/, msg('auth.error.linkInvalid'));

/** POST /api/auth/reset-password from the emailed link. */
export const ResetPasswordSchema = z.object({ token: TokenSchema, password: NewPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordSchema>;

/** POST /api/auth/change-password from the profile; every other session ends. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: msg('auth.error.currentPasswordRequired') })
    .min(1, msg('auth.error.currentPasswordRequired'))
    .max(200, msg('auth.error.currentPasswordRequired')),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordSchema>;

/** POST /api/auth/verify-email from the emailed link. */
export const VerifyEmailSchema = z.object({ token: TokenSchema });

/** A TOTP code (six digits) or a recovery code (xxxxx-xxxxx), as typed. */
export const MfaCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(6, 'Enter the code from your authenticator app')
    .max(32, 'Enter the code from your authenticator app'),
});

/** What a staff sign-in answers before the second factor: enrol first, or give a code. */
export const MfaStepSchema = z.object({ mfa: z.enum(['enrol', 'required']) });
export type MfaStep = z.infer<typeof MfaStepSchema>['mfa'];

/** POST /api/login: a user, or (staff) the second-factor step still to pass. */
export const LoginAnswerSchema = z.union([z.object({ user: CurrentUserSchema }), MfaStepSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** POST /api/auth/mfa/setup. */
export const MfaSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetupAnswer = z.infer<typeof MfaSetupAnswerSchema>;

/** POST /api/auth/mfa/verify: signed in, with the ten recovery codes shown once. */
export const MfaVerifyAnswerSchema = z.object({
  user: CurrentUserSchema,
  recoveryCodes: z.array(z.string()),
});

/** PUT /api/patient/notifications: patients may turn the queue reminders off. */
export const QueueRemindersSchema = z.object({
  queueReminders: z.boolean({ error: 'Choose on or off' }),
});
export type QueueReminders = z.infer<typeof QueueRemindersSchema>;

export const RECOVERY_CODE_COUNT = 10;
/** A pending second-factor session lasts this long and ends after this many wrong codes. */
export const MFA_PENDING_MS = 10 * 60_000;
export const MFA_MAX_FAILURES = 5;
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** A new verification email at most this often per account. */
export const VERIFICATION_RESEND_MS = 60_000;

/** What a reset answers, and what the sign-in page then says (issue 13). */
export const PASSWORD_RESET_DONE = msg('auth.reset.done');
