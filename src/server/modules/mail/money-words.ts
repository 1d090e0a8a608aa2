import { INTL_LOCALE, type Language } from '../../../shared/i18n/languages.js';
import type { StateApplicationMode } from '../../../shared/state-application.js';
import { translatorFor } from '../../i18n/translate.js';

// What a payment mail says about the OMMA state fee (issue 22), one sentence per mode, so no
// mail asks a patient to pay a fee they already paid: with `clinic_submits` the charge includes
// the state fee, which the clinic pays OMMA when it submits the application; with
// `patient_submits` the charge is the service fee only and the patient pays OMMA on applying.
// Amounts and days are put in the recipient's language through Intl (issue 24).

/** What the payment mails carry about the state fee (absent in mails queued before). */
export interface StateFeeMention {
  stateApplication?: StateApplicationMode;
  stateFeeCents?: number;
}

/** "$137.30" in the recipient's language (INTL_LOCALE). */
export const moneyIn = (language: Language, cents: number): string =>
  new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );

/** A calendar day (YYYY-MM-DD) as a long date: "November 24, 2026", "24 de noviembre de 2026". */
export const longDateIn = (language: Language, day: string): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[language], { timeZone: 'UTC', dateStyle: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );

export function stateFeeSentence(mention: StateFeeMention, language: Language): string | null {
  const t = translatorFor(language);
  switch (mention.stateApplication) {
    case 'clinic_submits':
      return mention.stateFeeCents
        ? t('email.stateFee.clinicSubmitsAmount', { fee: moneyIn(language, mention.stateFeeCents) })
        : t('email.stateFee.clinicSubmits');
    case 'patient_submits':
      return t('email.stateFee.patientSubmits');
    default:
      return null;
  }
}
