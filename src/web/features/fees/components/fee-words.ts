import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import { FEE_KIND_LABELS, FEE_PART_LABELS, type FeeSlot } from '../../../../shared/schemas/fees';

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
