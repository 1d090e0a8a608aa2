import type { Language } from '../../../shared/i18n/languages.js';
import { translatorFor } from '../../i18n/translate.js';
import { isLicenceMail, type LicenceMailMessage, licenceContentOf } from './licence-messages.js';
import { longDateIn, moneyIn, type StateFeeMention, stateFeeSentence } from './money-words.js';
import {
  isStateApplicationMessage,
  type StateApplicationMessage,
  stateApplicationContent,
} from './state-application-messages.js';

// What the clinic sends (issue 13). Each message names the person by first name and says the
// least it can: links bring people to the portal, where they sign in to read the rest. No date
// of birth, address, condition, document name or decision reason ever goes into a message.
// Issue 24: a patient's messages are in the language of the recipient's account (users.language),
// their words from the email catalog (src/shared/i18n/catalogs/<language>/email.json); staff-only
// messages stay English.

/** Paths in the web app that messages link to (the patient signs in on arrival). */
export const MAIL_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  signIn: '/login',
  patientDashboard: '/patient/dashboard',
  queue: '/patient/queue',
  visit: '/patient/video-consultation',
  documents: '/patient/documents',
} as const;

export type MailMessage =
  /** `staff`: the account is a clinic staff member's, who has no visit (issue 21). */
  | { kind: 'verify_email'; token: string; staff?: boolean }
  | { kind: 'password_reset'; token: string }
  | { kind: 'password_changed' }
  /** The fee held on the card at payment (ADR 0010): not charged yet (issue 21). */
  | ({
      kind: 'payment_receipt';
      amountCents: number;
      /** The clinic's calendar day of the payment, YYYY-MM-DD (clinicDay). */
      paidOn: string;
      last4: string;
    } & StateFeeMention)
  /** The hold taken on approval: the receipt for the charge. */
  | ({
      kind: 'payment_captured';
      amountCents: number;
      /** The clinic's calendar day of the capture, YYYY-MM-DD (clinicDay). */
      capturedOn: string;
      last4: string;
    } & StateFeeMention)
  | { kind: 'queue_next' }
  | { kind: 'physician_on_duty' }
  | { kind: 'physician_ready'; roomId: string }
  | { kind: 'decision_approved' }
  | { kind: 'decision_not_approved'; moneyBack: 'released' | 'refunded' }
  | { kind: 'document_rejected' }
  | { kind: 'staff_account_created' }
  /** The licence's reminders (issue 22): licence-messages.ts. */
  | LicenceMailMessage
  /** The State Applications desk's steps (issue 22): state-application-messages.ts. */
  | StateApplicationMessage;

export type MailKind = MailMessage['kind'];

/** Queue reminders a patient may turn off; every other message is transactional. */
export const QUEUE_REMINDER_KINDS: ReadonlySet<MailKind> = new Set([
  'queue_next',
  'physician_on_duty',
]);

/** A message before it is dressed: subject, paragraphs, and at most one button. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; href: string };
}

export interface MailSetting {
  clinicName: string;
  /** PUBLIC_URL, or http://HOST:PORT (config.ts linkBase). */
  linkBase: string;
}

const withToken = (setting: MailSetting, path: string, token: string) =>
  `${setting.linkBase}${path}?token=${encodeURIComponent(token)}`;

/** The state fee's sentence for a payment mail, when it knows the mode. */
const withStateFee = (mention: StateFeeMention, language: Language) => {
  const sentence = stateFeeSentence(mention, language);
  return sentence ? [sentence] : [];
};

/** The words of each message, in the recipient's language. */
export function contentOf(
  message: MailMessage,
  setting: MailSetting,
  language: Language,
): MailContent {
  if (isStateApplicationMessage(message))
    return stateApplicationContent(message, setting, language);
  if (isLicenceMail(message)) return licenceContentOf(message, setting, language);
  const t = translatorFor(language);
  const link = (path: string) => `${setting.linkBase}${path}`;
  const clinic = setting.clinicName;
  switch (message.kind) {
    case 'verify_email':
      return {
        subject: t('email.verifyEmail.subject', { clinic }),
        paragraphs: [
          message.staff
            ? // Staff-only words stay English (ADR 0024).
              'Please confirm that this is your email address, so the clinic can reach you about your staff account, such as a password reset.'
            : t('email.verifyEmail.body'),
          t('email.verifyEmail.expiry'),
        ],
        action: {
          label: t('email.verifyEmail.action'),
          href: withToken(setting, MAIL_PATHS.verifyEmail, message.token),
        },
      };
    case 'password_reset':
      return {
        subject: t('email.passwordReset.subject', { clinic }),
        paragraphs: [t('email.passwordReset.body'), t('email.passwordReset.expiry')],
        action: {
          label: t('email.passwordReset.action'),
          href: withToken(setting, MAIL_PATHS.resetPassword, message.token),
        },
      };
    case 'password_changed':
      return {
        subject: t('email.passwordChanged.subject', { clinic }),
        paragraphs: [
          t('email.passwordChanged.body'),
          // Sent from a no-reply address (transport.ts): never ask for a reply (issue 21).
          t('email.passwordChanged.notYou'),
          t('email.noReplies'),
        ],
        action: { label: t('email.passwordChanged.action'), href: link(MAIL_PATHS.forgotPassword) },
      };
    case 'payment_receipt':
      return {
        subject: t('email.paymentReceipt.subject', { clinic }),
        paragraphs: [
          t('email.paymentReceipt.held', {
            date: longDateIn(language, message.paidOn),
            amount: moneyIn(language, message.amountCents),
            last4: message.last4,
          }),
          ...withStateFee(message, language),
          t('email.paymentReceipt.when'),
          t('email.paymentReceipt.signIn'),
        ],
        action: { label: t('email.goToMyVisit'), href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'payment_captured':
      return {
        subject: t('email.paymentCaptured.subject', { clinic }),
        paragraphs: [
          t('email.paymentCaptured.taken', {
            date: longDateIn(language, message.capturedOn),
            amount: moneyIn(language, message.amountCents),
            last4: message.last4,
          }),
          ...withStateFee(message, language),
          t('email.paymentCaptured.receipt'),
        ],
        action: { label: t('email.goToMyVisit'), href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'queue_next':
      return {
        subject: t('email.queueNext.subject'),
        paragraphs: [t('email.queueNext.body'), t('email.remindersOff')],
        action: { label: t('email.queueNext.action'), href: link(MAIL_PATHS.queue) },
      };
    case 'physician_on_duty':
      return {
        subject: t('email.physicianOnDuty.subject'),
        paragraphs: [t('email.physicianOnDuty.body'), t('email.remindersOff')],
        action: { label: t('email.physicianOnDuty.action'), href: link(MAIL_PATHS.queue) },
      };
    case 'physician_ready':
      return {
        subject: t('email.physicianReady.subject'),
        paragraphs: [t('email.physicianReady.body')],
        // The call room itself (the page's ?session=), opened once the patient signs in.
        action: {
          label: t('email.physicianReady.action'),
          href: `${link(MAIL_PATHS.visit)}?session=${encodeURIComponent(message.roomId)}`,
        },
      };
    case 'decision_approved':
      return {
        subject: t('email.decisionApproved.subject', { clinic }),
        paragraphs: [t('email.decisionApproved.body')],
        action: {
          label: t('email.decisionApproved.action'),
          href: link(MAIL_PATHS.patientDashboard),
        },
      };
    case 'decision_not_approved':
      return {
        subject: t('email.decisionNotApproved.subject', { clinic }),
        paragraphs: [
          t('email.decisionNotApproved.body'),
          t('email.decisionNotApproved.moneyBack', { moneyBack: message.moneyBack }),
        ],
        action: {
          label: t('email.decisionNotApproved.action'),
          href: link(MAIL_PATHS.patientDashboard),
        },
      };
    case 'document_rejected':
      return {
        subject: t('email.documentRejected.subject'),
        paragraphs: [t('email.documentRejected.body')],
        action: { label: t('email.documentRejected.action'), href: link(MAIL_PATHS.documents) },
      };
    case 'staff_account_created':
      // Staff-only: English (ADR 0024).
      return {
        subject: `Your ${clinic} staff account`,
        paragraphs: [
          `An account at ${clinic} was created for you with this email address. Sign in with the password your administrator gave you; you will then set up two-step sign-in with an authenticator app and can change the password from your profile.`,
        ],
        action: { label: 'Sign in', href: link(MAIL_PATHS.signIn) },
      };
  }
}
