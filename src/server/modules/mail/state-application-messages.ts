import { eq } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { patientProfiles } from '../../db/schema/index.js';
import { translatorFor } from '../../i18n/translate.js';
import type { MailContent, MailSetting } from './messages.js';
import { moneyIn } from './money-words.js';

// What the State Applications desk tells the patient (issue 22), each message queued in the
// transaction of the desk's step (ADR 0014). Like every message, they say the least: no OMMA
// reason, no document name, no licence or application number: "sign in to read".

export type StateApplicationMessage =
  | { kind: 'state_application_submitted' }
  | { kind: 'state_application_approved' }
  | { kind: 'state_application_rejected' }
  | { kind: 'state_application_card_mailed' }
  | { kind: 'state_fee_refunded'; amountCents: number };

export type StateApplicationEvent = StateApplicationMessage['kind'];

const KINDS: ReadonlySet<string> = new Set<StateApplicationEvent>([
  'state_application_submitted',
  'state_application_approved',
  'state_application_rejected',
  'state_application_card_mailed',
  'state_fee_refunded',
]);

export const isStateApplicationMessage = (m: { kind: string }): m is StateApplicationMessage =>
  KINDS.has(m.kind);

/** The patient's dashboard, where the journey shows the state application and the licence. */
const DASHBOARD = '/patient/dashboard';

export function stateApplicationContent(
  message: StateApplicationMessage,
  setting: MailSetting,
  language: Language,
): MailContent {
  const t = translatorFor(language);
  const action = (label: string) => ({ label, href: `${setting.linkBase}${DASHBOARD}` });
  switch (message.kind) {
    case 'state_application_submitted':
      return {
        subject: t('email.stateApplication.submitted.subject'),
        paragraphs: [
          t('email.stateApplication.submitted.body', { clinic: setting.clinicName }),
          t('email.stateApplication.submitted.review'),
        ],
        action: action(t('email.stateApplication.submitted.action')),
      };
    case 'state_application_approved':
      return {
        subject: t('email.stateApplication.approved.subject'),
        paragraphs: [
          t('email.stateApplication.approved.body'),
          t('email.stateApplication.approved.signIn'),
        ],
        action: action(t('email.stateApplication.approved.action')),
      };
    case 'state_application_rejected':
      return {
        subject: t('email.stateApplication.rejected.subject'),
        paragraphs: [t('email.stateApplication.rejected.body')],
        action: action(t('email.stateApplication.rejected.action')),
      };
    case 'state_application_card_mailed':
      return {
        subject: t('email.stateApplication.cardMailed.subject'),
        paragraphs: [t('email.stateApplication.cardMailed.body')],
        action: action(t('email.goToMyDashboard')),
      };
    case 'state_fee_refunded':
      return {
        subject: t('email.stateFeeRefunded.subject'),
        paragraphs: [
          t('email.stateFeeRefunded.body', { amount: moneyIn(language, message.amountCents) }),
          t('email.stateFeeRefunded.signIn'),
        ],
        action: action(t('email.goToMyDashboard')),
      };
  }
}

/** Queues the message of one desk step for the application's patient, once per step. */
export async function queueStateApplicationMail(
  ctx: AppContext,
  tx: Executor,
  args: {
    patientId: string;
    stateApplicationId: string;
    message: StateApplicationMessage;
    /** Distinguishes a repeated step (a resubmission after a rejection). */
    occurrence?: string;
  },
) {
  const [row] = await tx
    .select({ userId: patientProfiles.userId })
    .from(patientProfiles)
    .where(eq(patientProfiles.id, args.patientId));
  if (!row) return;
  await ctx.mail.queue(tx, {
    userId: row.userId,
    message: args.message,
    dedupeKey: `${args.message.kind}:${args.stateApplicationId}${args.occurrence ? `:${args.occurrence}` : ''}`,
  });
}
