import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import { FEE_KIND_LABELS, FEE_PART_LABELS, type FeeSlot } from '../../../../shared/schemas/fees';
import {
  STATE_APPLICATION_MODE_LABELS,
  type StateApplicationMode,
} from '../../../../shared/state-application';

// How the screen names each fee: short words in tables, the full name in error lists.

export const SHORT_KIND: Record<FeeSlot['kind'], string> = {
  standard: 'Standard',
  reduced: 'Reduced',
};
export const SHORT_PART: Record<FeeSlot['part'], string> = {
  stateFee: 'State fee',
  serviceFee: 'Service fee',
};

/** "New License · Standard · State fee". */
export const slotName = (s: FeeSlot) =>
  `${APPLICATION_TYPE_LABELS[s.type]} · ${SHORT_KIND[s.kind]} · ${SHORT_PART[s.part]}`;

/** The form field's name (react-hook-form path, and the server's issue path). */
export const slotPath = (s: FeeSlot) => `${s.type}.${s.kind}.${s.part}` as const;

/** The element id (dots would make the summary's `#` links awkward). */
export const slotId = (s: FeeSlot) => `fee-${s.type}-${s.kind}-${s.part}`;

export { APPLICATION_TYPE_LABELS, FEE_KIND_LABELS, FEE_PART_LABELS };

/** What each way of applying to OMMA means for the patient (issue 22), beside its choice. */
export const STATE_APPLICATION_MODE_MEANING: Record<StateApplicationMode, string> = {
  clinic_submits:
    'The patient pays the state fee with the visit and authorizes the clinic at payment. After approval, staff prepare and submit the OMMA application and pay OMMA the state fee for the patient.',
  patient_submits:
    'The patient is charged the service fee only. After approval, the patient applies in the OMMA portal and pays the state fee to OMMA there.',
};

export { STATE_APPLICATION_MODE_LABELS };
