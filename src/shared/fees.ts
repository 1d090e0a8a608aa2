import { z } from 'zod';
import type { ApplicationType } from './application-types.js';
import { formatCents } from './money.js';
import {
  DEFAULT_STATE_APPLICATION_MODE,
  OMMA_STATE_FEE_CENTS,
  STATE_APPLICATION_MODES,
  type StateApplicationMode,
} from './state-application.js';

// The fee schedule (spec README ruling 4, issue 22). These are the defaults; the operator can
// change the stored schedule, and the server computes every charge from the stored one. The
// schedule also says who applies to OMMA (`stateApplication`): with `clinic_submits` the
// patient pays the state fee with the visit and the clinic passes it on to OMMA; with
// `patient_submits` the clinic charges its service fee alone and the patient pays OMMA.

export {
  APPLICATION_TYPE_LABELS,
  APPLICATION_TYPES,
  type ApplicationType,
} from './application-types.js';

export interface FeePair {
  stateFeeCents: number;
  serviceFeeCents: number;
}
export type FeeSchedule = Record<ApplicationType, { standard: FeePair; reduced: FeePair }> & {
  /** Absent in schedules stored before issue 22: read through scheduleMode (the default). */
  stateApplication?: StateApplicationMode;
};

// The state fees are OMMA's own (issue 22; they supersede ruling 4's $104.00 / $20.00): the
// clinic never pays OMMA more than it collected.
const STANDARD: FeePair = { stateFeeCents: OMMA_STATE_FEE_CENTS.standard, serviceFeeCents: 3_300 };
const REDUCED: FeePair = { stateFeeCents: OMMA_STATE_FEE_CENTS.reduced, serviceFeeCents: 1_000 };
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  new: { standard: STANDARD, reduced: REDUCED },
  renewal: { standard: STANDARD, reduced: REDUCED },
  stateApplication: DEFAULT_STATE_APPLICATION_MODE,
};

/** Who applies to OMMA under this schedule. */
export const scheduleMode = (schedule: FeeSchedule): StateApplicationMode =>
  schedule.stateApplication ?? DEFAULT_STATE_APPLICATION_MODE;

/** The schedule's figures for one fee: the state fee as OMMA charges it, the service fee. */
export function feeFor(schedule: FeeSchedule, type: ApplicationType, reduced: boolean) {
  const pair = schedule[type][reduced ? 'reduced' : 'standard'];
  return { ...pair, totalCents: pair.stateFeeCents + pair.serviceFeeCents };
}

/**
 * What the clinic charges at payment (one definition for the server, the screens and the
 * mails): the service fee, plus the state fee only when the clinic submits the application and
 * pays OMMA for the patient. `stateFeeCents` is the part passed on to OMMA (0 when the patient
 * pays OMMA themselves); `ommaStateFeeCents` is OMMA's fee whoever pays it.
 */
export function chargeFor(schedule: FeeSchedule, type: ApplicationType, reduced: boolean) {
  const mode = scheduleMode(schedule);
  const pair = feeFor(schedule, type, reduced);
  const stateFeeCents = mode === 'clinic_submits' ? pair.stateFeeCents : 0;
  return {
    mode,
    stateFeeCents,
    serviceFeeCents: pair.serviceFeeCents,
    totalCents: stateFeeCents + pair.serviceFeeCents,
    ommaStateFeeCents: pair.stateFeeCents,
  };
}

/**
 * The schedule as GET /api/fees serves it: dollar strings. `stateFee` is OMMA's fee and
 * `serviceFee` the clinic's; `total` is what the patient pays the clinic at payment (the
 * service fee alone with `patient_submits`, who pays OMMA when they apply).
 */
const FeeLine = z.object({ stateFee: z.string(), serviceFee: z.string(), total: z.string() });
const FeeLines = z.object({ standard: FeeLine, reduced: FeeLine });
export const FeesResponseSchema = z.object({
  new: FeeLines,
  renewal: FeeLines,
  stateApplication: z.enum(STATE_APPLICATION_MODES),
});
export type FeesResponse = z.infer<typeof FeesResponseSchema>;

export function feesResponse(schedule: FeeSchedule): FeesResponse {
  const line = (type: ApplicationType, reduced: boolean) => {
    const f = chargeFor(schedule, type, reduced);
    return {
      stateFee: formatCents(f.ommaStateFeeCents),
      serviceFee: formatCents(f.serviceFeeCents),
      total: formatCents(f.totalCents),
    };
  };
  return {
    new: { standard: line('new', false), reduced: line('new', true) },
    renewal: { standard: line('renewal', false), reduced: line('renewal', true) },
    stateApplication: scheduleMode(schedule),
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
