import { formatUsd } from '../../../shared/money.js';
import { isLicenceMail, type LicenceMailMessage, licenceContentOf } from './licence-messages.js';
import { type StateFeeMention, stateFeeSentence } from './money-words.js';
import {
  isStateApplicationMessage,
  type StateApplicationMessage,
  stateApplicationContent,
} from './state-application-messages.js';

// What the clinic sends (issue 13). Each message names the person by first name and says the
// least it can: links bring people to the portal, where they sign in to read the rest. No date
// of birth, address, condition, document name or decision reason ever goes into a message.

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
      paidOn: string;
      last4: string;
    } & StateFeeMention)
  /** The hold taken on approval: the receipt for the charge. */
  | ({
      kind: 'payment_captured';
      amountCents: number;
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
const withStateFee = (mention: StateFeeMention) => {
  const sentence = stateFeeSentence(mention);
  return sentence ? [sentence] : [];
};

/** The words of each message. */
export function contentOf(message: MailMessage, setting: MailSetting): MailContent {
  if (isStateApplicationMessage(message)) return stateApplicationContent(message, setting);
  if (isLicenceMail(message)) return licenceContentOf(message, setting);
  const link = (path: string) => `${setting.linkBase}${path}`;
  const clinic = setting.clinicName;
  switch (message.kind) {
    case 'verify_email':
      return {
        subject: `Confirm your email address for ${clinic}`,
        paragraphs: [
          message.staff
            ? 'Please confirm that this is your email address, so the clinic can reach you about your staff account, such as a password reset.'
            : 'Please confirm that this is your email address, so we can reach you about your visit.',
          'The link works for 7 days. If you did not create an account, you can ignore this email.',
        ],
        action: {
          label: 'Confirm my email',
          href: withToken(setting, MAIL_PATHS.verifyEmail, message.token),
        },
      };
    case 'password_reset':
      return {
        subject: `Choose a new password for ${clinic}`,
        paragraphs: [
          'We received a request to reset the password of your account.',
          'The link works once, for 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
        ],
        action: {
          label: 'Choose a new password',
          href: withToken(setting, MAIL_PATHS.resetPassword, message.token),
        },
      };
    case 'password_changed':
      return {
        subject: `Your ${clinic} password was changed`,
        paragraphs: [
          'The password of your account was just changed, and every other device was signed out.',
          // Sent from a no-reply address (transport.ts): never ask for a reply (issue 21).
          'If this was not you, choose a new password now with the button below: that signs out every device, including the one that changed it.',
          'This address does not receive replies.',
        ],
        action: { label: 'Reset my password', href: link(MAIL_PATHS.forgotPassword) },
      };
    case 'payment_receipt':
      return {
        subject: `Your ${clinic} fee is held on your card, not charged yet`,
        paragraphs: [
          `On ${message.paidOn} we placed a hold of ${formatUsd(message.amountCents)} on your card ending in ${message.last4}. Your card has not been charged.`,
          ...withStateFee(message),
          'The fee is taken only if the physician approves your recommendation, and we send you a receipt then; otherwise the hold is released and nothing is taken.',
          'Sign in to see your visit and your place in line.',
        ],
        action: { label: 'Go to my visit', href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'payment_captured':
      return {
        subject: `Your ${clinic} receipt`,
        paragraphs: [
          `Your physician approved your recommendation, so on ${message.capturedOn} we took the fee of ${formatUsd(message.amountCents)} held on your card ending in ${message.last4}.`,
          ...withStateFee(message),
          'This email is your receipt. Sign in to download your recommendation.',
        ],
        action: { label: 'Go to my visit', href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'queue_next':
      return {
        subject: "You're next in line",
        paragraphs: [
          'A physician will be with you in a few minutes. Please open your visit page and keep it open, with your camera and microphone ready.',
          'You can turn these reminders off on your dashboard.',
        ],
        action: { label: 'Open my visit', href: link(MAIL_PATHS.queue) },
      };
    case 'physician_on_duty':
      return {
        subject: 'A physician is now on duty',
        paragraphs: [
          'A physician has started seeing patients, and the line is moving. Open your visit page to see your place.',
          'You can turn these reminders off on your dashboard.',
        ],
        action: { label: 'See my place in line', href: link(MAIL_PATHS.queue) },
      };
    case 'physician_ready':
      return {
        subject: 'Your physician is ready — join now',
        paragraphs: [
          'Your physician has started your video visit and is waiting for you. Join now from your phone or computer.',
        ],
        // The call room itself (the page's ?session=), opened once the patient signs in.
        action: {
          label: 'Join my visit',
          href: `${link(MAIL_PATHS.visit)}?session=${encodeURIComponent(message.roomId)}`,
        },
      };
    case 'decision_approved':
      return {
        subject: `Your ${clinic} recommendation is ready`,
        paragraphs: [
          'Your physician has made a decision about your application. Sign in to download your recommendation.',
        ],
        action: { label: 'Sign in to download', href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'decision_not_approved':
      return {
        subject: `The physician's decision on your ${clinic} application`,
        paragraphs: [
          'Your physician has made a decision about your application: it was not approved this time. Sign in to read why and what you can do next.',
          message.moneyBack === 'refunded'
            ? 'Your fee is being refunded to your card; banks usually show it within 5 to 10 business days.'
            : 'You were not charged: the hold on your card for the fee has been released. Banks usually remove it within a few days.',
        ],
        action: { label: 'Sign in to read why', href: link(MAIL_PATHS.patientDashboard) },
      };
    case 'document_rejected':
      return {
        subject: 'Please replace a document',
        paragraphs: [
          'One of the documents you uploaded could not be accepted. Sign in to see which one and why, and upload a new one.',
        ],
        action: { label: 'Replace my document', href: link(MAIL_PATHS.documents) },
      };
    case 'staff_account_created':
      return {
        subject: `Your ${clinic} staff account`,
        paragraphs: [
          `An account at ${clinic} was created for you with this email address. Sign in with the password your administrator gave you; you will then set up two-step sign-in with an authenticator app and can change the password from your profile.`,
        ],
        action: { label: 'Sign in', href: link(MAIL_PATHS.signIn) },
      };
  }
}
