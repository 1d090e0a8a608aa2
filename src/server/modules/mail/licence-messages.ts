import type { Language } from '../../../shared/i18n/languages.js';
import { translatorFor } from '../../i18n/translate.js';
import type { MailContent, MailSetting } from './messages.js';
import { longDateIn } from './money-words.js';

// The licence's messages (issue 22): renewal reminders before an OMMA licence expires, and in
// `patient_submits` the reminders to apply to OMMA within 30 days of the physician's signature.
// Like every message they say the least they can (ADR 0014): no licence number, no document
// name; the patient signs in to read the rest. None asks for a fee already paid.

const DASHBOARD = '/patient/dashboard';

export type LicenceMailMessage =
  /** The licence expires in `daysLeft` days (the most urgent of 60, 30, 7 reached). */
  | { kind: 'licence_renewal_reminder'; daysLeft: number }
  /** `patient_submits`: the patient has not said they applied; `applyBy` is a day, YYYY-MM-DD. */
  | { kind: 'state_apply_reminder'; daysLeft: number; applyBy: string };

export type LicenceMailKind = LicenceMailMessage['kind'];

export const LICENCE_MAIL_KINDS: ReadonlySet<string> = new Set<LicenceMailKind>([
  'licence_renewal_reminder',
  'state_apply_reminder',
]);

export const isLicenceMail = (message: { kind: string }): message is LicenceMailMessage =>
  LICENCE_MAIL_KINDS.has(message.kind);

/** The days left for the messages' ICU plural: today (0 or fewer), tomorrow, in N days. */
const days = (daysLeft: number) => Math.max(0, daysLeft);

export function licenceContentOf(
  message: LicenceMailMessage,
  setting: MailSetting,
  language: Language,
): MailContent {
  const t = translatorFor(language);
  const dashboard = `${setting.linkBase}${DASHBOARD}`;
  switch (message.kind) {
    case 'licence_renewal_reminder':
      return {
        subject: t('email.licenceRenewal.subject'),
        paragraphs: [
          t('email.licenceRenewal.body', { days: days(message.daysLeft) }),
          t('email.licenceRenewal.signIn', { clinic: setting.clinicName }),
        ],
        action: { label: t('email.licenceRenewal.action'), href: dashboard },
      };
    case 'state_apply_reminder':
      return {
        subject: t('email.stateApplyReminder.subject'),
        paragraphs: [
          t('email.stateApplyReminder.body', {
            date: longDateIn(language, message.applyBy),
            days: days(message.daysLeft),
          }),
          t('email.stateApplyReminder.tellUs'),
        ],
        action: { label: t('email.stateApplyReminder.action'), href: dashboard },
      };
  }
}
