import { useT } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import {
  DEFAULT_STATE_APPLICATION_MODE,
  type StateApplicationMode,
} from '../../../../shared/state-application';
import { useFees } from './fees';

// The public pages' words about the OMMA state fee (issue 22), one story per mode, so the
// landing page, the terms and the footer never promise one thing and charge another, and never
// ask a patient to pay OMMA a fee they already paid. With `clinic_submits` the patient pays the
// state fee with the visit and the clinic submits the OMMA application and pays it; with
// `patient_submits` the clinic charges its service fee alone and the patient applies to OMMA.
// The words are catalog messages (issue 24, areas `landing` and `layout`), said in the reader's
// language; the terms' sentence stays English with the rest of the legal text.

export interface MoneyStory {
  mode: StateApplicationMode;
  hero: string;
  /** The process step after the recommendation. */
  applyStep: { title: string; text: string };
  /** How a fee table names the state fee. */
  stateFeeLabel: string;
  /** How a fee table names what is charged at payment. */
  totalLabel: string;
  terms: string;
  /** The footer's whole note (who licenses whom, and who applies to OMMA), with the year. */
  footer: (values: { year: string; brand: string }) => string;
}

/** Each mode's messages by key (the terms: English text, see above). */
interface StoryKeys {
  hero: MessageKey;
  applyTitle: MessageKey;
  applyText: MessageKey;
  stateFeeLabel: MessageKey;
  totalLabel: MessageKey;
  footer: MessageKey;
  terms: string;
}

export const MONEY_STORIES: Record<StateApplicationMode, StoryKeys> = {
  clinic_submits: {
    hero: 'landing.hero.lead.clinicSubmits',
    applyTitle: 'landing.steps.apply.clinicSubmits.title',
    applyText: 'landing.steps.apply.clinicSubmits.text',
    stateFeeLabel: 'landing.fees.stateFee.clinicSubmits',
    totalLabel: 'landing.fees.total.clinicSubmits',
    footer: 'layout.footer.note.clinicSubmits',
    terms:
      'The OMMA state fee is included in what you pay: when the physician approves your recommendation, the clinic submits your OMMA application within 30 days of the signature and pays OMMA the state fee for you. The state fee is non-refundable once paid to OMMA; if the clinic does not submit your application, the state fee is refunded to you.',
  },
  patient_submits: {
    hero: 'landing.hero.lead.patientSubmits',
    applyTitle: 'landing.steps.apply.patientSubmits.title',
    applyText: 'landing.steps.apply.patientSubmits.text',
    stateFeeLabel: 'landing.fees.stateFee.patientSubmits',
    totalLabel: 'landing.fees.total.patientSubmits',
    footer: 'layout.footer.note.patientSubmits',
    terms:
      'We charge our service fee only. The OMMA state fee is paid to OMMA when you apply for your licence in the OMMA portal, after the physician signs your recommendation; apply within 30 days of the signature.',
  },
};

/** The story of the clinic's current mode (the default one until the schedule arrives). */
export function useMoneyStory(): MoneyStory {
  const t = useT();
  const mode = useFees().data?.stateApplication ?? DEFAULT_STATE_APPLICATION_MODE;
  const keys = MONEY_STORIES[mode];
  return {
    mode,
    hero: t(keys.hero),
    applyStep: { title: t(keys.applyTitle), text: t(keys.applyText) },
    stateFeeLabel: t(keys.stateFeeLabel),
    totalLabel: t(keys.totalLabel),
    terms: keys.terms,
    footer: (values) => t(keys.footer, values),
  };
}
