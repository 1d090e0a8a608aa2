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
  footer: string;
}

export const MONEY_STORIES: Record<StateApplicationMode, MoneyStory> = {
  clinic_submits: {
    mode: 'clinic_submits',
    hero: 'Register, pay securely and meet a licensed Oklahoma physician by private video. Most patients finish in one sitting. Once you are approved, we submit your OMMA application and pay the state fee you paid with your visit: nothing more to pay the state.',
    applyStep: { title: 'We Apply', text: 'We submit to OMMA' },
    stateFeeLabel: 'State fee (we pay OMMA for you)',
    totalLabel: 'Total',
    terms:
      'The OMMA state fee is included in what you pay: when the physician approves your recommendation, the clinic submits your OMMA application within 30 days of the signature and pays OMMA the state fee for you. The state fee is non-refundable once paid to OMMA; if the clinic does not submit your application, the state fee is refunded to you.',
    footer: 'we prepare and submit your application and pay the state fee for you.',
  },
  patient_submits: {
    mode: 'patient_submits',
    hero: 'Register, pay securely and meet a licensed Oklahoma physician by private video. Most patients finish in one sitting. Once you are approved, you apply in the OMMA portal with your recommendation and pay the state fee to OMMA there.',
    applyStep: { title: 'Apply to OMMA', text: 'You apply, pay OMMA' },
    stateFeeLabel: 'State fee (paid to OMMA when you apply)',
    totalLabel: 'We charge',
    terms:
      'We charge our service fee only. The OMMA state fee is paid to OMMA when you apply for your licence in the OMMA portal, after the physician signs your recommendation; apply within 30 days of the signature.',
    footer: 'you apply to OMMA with the recommendation we issue.',
  },
};

/** The story of the clinic's current mode (the default one until the schedule arrives). */
export function useMoneyStory(): MoneyStory {
  const mode = useFees().data?.stateApplication ?? DEFAULT_STATE_APPLICATION_MODE;
  return MONEY_STORIES[mode];
}
