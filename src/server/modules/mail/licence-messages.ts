import type { MailContent, MailSetting } from './messages.js';

// The licence's messages (issue 22): renewal reminders before an OMMA licence expires, and in
// `patient_submits` the reminders to apply to OMMA within 30 days of the physician's signature.
// Like every message they say the least they can (ADR 0014): no licence number, no document
// name; the patient signs in to read the rest. None asks for a fee already paid.

const DASHBOARD = '/patient/dashboard';

export type LicenceMailMessage =
  /** The licence expires in `daysLeft` days (the most urgent of 60, 30, 7 reached). */
  | { kind: 'licence_renewal_reminder'; daysLeft: number }
  /** `patient_submits`: the patient has not said they applied; `applyBy` is a long date. */
  | { kind: 'state_apply_reminder'; daysLeft: number; applyBy: string };

export type LicenceMailKind = LicenceMailMessage['kind'];

export const LICENCE_MAIL_KINDS: ReadonlySet<string> = new Set<LicenceMailKind>([
  'licence_renewal_reminder',
  'state_apply_reminder',
]);

export const isLicenceMail = (message: { kind: string }): message is LicenceMailMessage =>
  LICENCE_MAIL_KINDS.has(message.kind);

const inDays = (days: number) =>
  days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;

export function licenceContentOf(message: LicenceMailMessage, setting: MailSetting): MailContent {
  const dashboard = `${setting.linkBase}${DASHBOARD}`;
  switch (message.kind) {
    case 'licence_renewal_reminder':
      return {
        subject: `Time to renew your Oklahoma medical marijuana licence`,
        paragraphs: [
          `Your Oklahoma medical marijuana patient licence expires ${inDays(message.daysLeft)}. To renew it, OMMA needs a new physician recommendation, a current proof of residency and a photo taken within the last 6 months.`,
          `Sign in to start your renewal with ${setting.clinicName}: your last application's answers are filled in for you to check. If you have already started it, sign in to see where it stands.`,
        ],
        action: { label: 'Renew my licence', href: dashboard },
      };
    case 'state_apply_reminder':
      return {
        subject: 'Apply to OMMA before your recommendation runs out',
        paragraphs: [
          `Your physician recommendation must reach the Oklahoma Medical Marijuana Authority (OMMA) by ${message.applyBy}, ${inDays(message.daysLeft)}. Apply in OMMA's patient portal; the state fee is paid to OMMA when you apply.`,
          'Once you have applied, sign in and tell us, so we stop reminding you and can follow your licence with you.',
        ],
        action: { label: 'I have applied', href: dashboard },
      };
  }
}
