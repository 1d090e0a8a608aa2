import { formatUsd } from '../../../shared/money.js';
import type { StateApplicationMode } from '../../../shared/state-application.js';

// What a payment mail says about the OMMA state fee (issue 22), one sentence per mode, so no
// mail asks a patient to pay a fee they already paid: with `clinic_submits` the charge includes
// the state fee, which the clinic pays OMMA when it submits the application; with
// `patient_submits` the charge is the service fee only and the patient pays OMMA on applying.

/** What the payment mails carry about the state fee (absent in mails queued before). */
export interface StateFeeMention {
  stateApplication?: StateApplicationMode;
  stateFeeCents?: number;
}

export function stateFeeSentence(mention: StateFeeMention): string | null {
  switch (mention.stateApplication) {
    case 'clinic_submits':
      return `This amount includes the OMMA state fee${mention.stateFeeCents ? ` (${formatUsd(mention.stateFeeCents)})` : ''} the clinic pays for you when it submits your application, so you will not be asked to pay it again.`;
    case 'patient_submits':
      return 'This is the service fee only; the state fee is paid to OMMA when you apply.';
    default:
      return null;
  }
}
