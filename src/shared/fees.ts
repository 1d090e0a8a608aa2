import { z } from 'zod';
import { formatCents } from './money.js';

// The fee schedule (spec README ruling 4). These are the defaults; the operator can change
// the stored schedule, and the server computes every charge from the stored one.

export const APPLICATION_TYPES = ['new', 'renewal'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const APPLICATION_TYPE_LABELS: Record<ApplicationType, string> = {
  new: 'New License',
  renewal: 'License Renewal',
};

export interface FeePair {
  stateFeeCents: number;
  serviceFeeCents: number;
}
export type FeeSchedule = Record<ApplicationType, { standard: FeePair; reduced: FeePair }>;

const STANDARD: FeePair = { stateFeeCents: 10_400, serviceFeeCents: 3_300 };
const REDUCED: FeePair = { stateFeeCents: 2_000, serviceFeeCents: 1_000 };
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  new: { standard: STANDARD, reduced: REDUCED },
  renewal: { standard: STANDARD, reduced: REDUCED },
};

export function feeFor(schedule: FeeSchedule, type: ApplicationType, reduced: boolean) {
  const pair = schedule[type][reduced ? 'reduced' : 'standard'];
  return { ...pair, totalCents: pair.stateFeeCents + pair.serviceFeeCents };
}

/** The schedule as GET /api/fees serves it: dollar strings. */
const FeeLine = z.object({ stateFee: z.string(), serviceFee: z.string(), total: z.string() });
export const FeesResponseSchema = z.record(
  z.enum(APPLICATION_TYPES),
  z.object({ standard: FeeLine, reduced: FeeLine }),
);
export type FeesResponse = z.infer<typeof FeesResponseSchema>;

export function feesResponse(schedule: FeeSchedule): FeesResponse {
  const line = (type: ApplicationType, reduced: boolean) => {
    const f = feeFor(schedule, type, reduced);
    return {
      stateFee: formatCents(f.stateFeeCents),
      serviceFee: formatCents(f.serviceFeeCents),
      total: formatCents(f.totalCents),
    };
  };
  return {
    new: { standard: line('new', false), reduced: line('new', true) },
    renewal: { standard: line('renewal', false), reduced: line('renewal', true) },
  };
}

/** Reduced-fee reasons (ruling 5): `veteran` is accepted on input as `disabled_veteran`. */
export const REDUCED_FEE_REASONS = ['medicare', 'medicaid', 'disabled_veteran'] as const;
export type ReducedFeeReason = (typeof REDUCED_FEE_REASONS)[number];
export const REDUCED_FEE_REASON_LABELS: Record<ReducedFeeReason, string> = {
  medicare: 'Medicare Recipient',
  medicaid: 'Medicaid Recipient',
  disabled_veteran: '100% Disabled Veteran',
};
export const REDUCED_FEE_PROOF: Record<ReducedFeeReason, string> = {
  medicare: 'Medicare card front and back',
  medicaid: 'Medicaid card front and back',
  disabled_veteran: 'VA disability rating letter or benefits summary showing a 100% rating',
};
export const ReducedFeeReasonSchema = z.preprocess(
  (v) => (v === 'veteran' ? 'disabled_veteran' : v),
  z.enum(REDUCED_FEE_REASONS, { error: 'Reduced Fee Reason Required' }),
);
