import { eq } from 'drizzle-orm';
import { formatUsd } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { patientProfiles } from '../../db/schema/index.js';
import type { MailContent, MailSetting } from './messages.js';

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
): MailContent {
  const action = (label: string) => ({ label, href: `${setting.linkBase}${DASHBOARD}` });
  switch (message.kind) {
    case 'state_application_submitted':
      return {
        subject: 'Your OMMA application was submitted',
        paragraphs: [
          `${setting.clinicName} has submitted your patient licence application to the Oklahoma Medical Marijuana Authority (OMMA) and paid the state fee you paid with your visit. There is nothing more for you to pay.`,
          'OMMA reviews applications in about two weeks. Sign in to follow your application.',
        ],
        action: action('Follow my application'),
      };
    case 'state_application_approved':
      return {
        subject: 'OMMA issued your patient licence',
        paragraphs: [
          'The Oklahoma Medical Marijuana Authority approved your application and issued your patient licence.',
          'Sign in to read your licence details and its expiry date.',
        ],
        action: action('See my licence'),
      };
    case 'state_application_rejected':
      return {
        subject: 'OMMA needs something more for your application',
        paragraphs: [
          'The Oklahoma Medical Marijuana Authority returned your application. Sign in to read what it needs and by when; once you upload it, we resubmit your application for you.',
        ],
        action: action('See what is needed'),
      };
    case 'state_application_card_mailed':
      return {
        subject: 'Your licence card is in the mail',
        paragraphs: [
          'Your patient licence card has been mailed to the address on your application. Sign in to see the date it was sent.',
        ],
        action: action('Go to my dashboard'),
      };
    case 'state_fee_refunded':
      return {
        subject: 'Your state fee is being refunded',
        paragraphs: [
          `Your OMMA application was not submitted, so the state fee of ${formatUsd(message.amountCents)} you paid with your visit is being refunded to your card. Banks usually show it within 5 to 10 business days. The clinic's service fee for your visit stays paid.`,
          'Sign in to read more.',
        ],
        action: action('Go to my dashboard'),
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
