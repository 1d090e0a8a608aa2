import { z } from 'zod';
import {
  APPLICATION_TYPES,
  type ApplicationType,
  type FeePair,
  type FeeSchedule,
  scheduleMode,
} from '../fees.js';
import { parseDollars } from '../money.js';
import { STATE_APPLICATION_MODES } from '../state-application.js';

// The fee schedule as the operator edits it (ruling 4; issue 12's Fee Schedule screen): dollar
// strings in, cents out. One schema for the form, the route and the tests.

export const FEE_AMOUNT_MESSAGE = 'Enter an amount such as 104.00';

const dollars = z
  .string()
  .refine((v) => parseDollars(v) !== null, FEE_AMOUNT_MESSAGE)
  .transform((v) => parseDollars(v)!);

const FeePairInput = z.object({ stateFee: dollars, serviceFee: dollars });

export const STATE_APPLICATION_MODE_MESSAGE = 'Choose clinic_submits or patient_submits';

export const FeeScheduleInputSchema = z.object({
  new: z.object({ standard: FeePairInput, reduced: FeePairInput }),
  renewal: z.object({ standard: FeePairInput, reduced: FeePairInput }),
  /** Who applies to OMMA (issue 22). Absent: the mode in force stays (older clients). */
  stateApplication: z
    .enum(STATE_APPLICATION_MODES, { error: STATE_APPLICATION_MODE_MESSAGE })
    .optional(),
});
export type FeeScheduleInput = z.input<typeof FeeScheduleInputSchema>;

/**
 * The validated input (cents) as the schedule to store. Without a mode in the input the
 * schedule has none: saving keeps the mode in force (read under the save's lock).
 */
export function scheduleFromInput(input: z.output<typeof FeeScheduleInputSchema>): FeeSchedule {
  const pair = (p: { stateFee: number; serviceFee: number }): FeePair => ({
    stateFeeCents: p.stateFee,
    serviceFeeCents: p.serviceFee,
  });
  return {
    new: { standard: pair(input.new.standard), reduced: pair(input.new.reduced) },
    renewal: { standard: pair(input.renewal.standard), reduced: pair(input.renewal.reduced) },
    ...(input.stateApplication ? { stateApplication: input.stateApplication } : {}),
  };
}

export const FEE_KINDS = ['standard', 'reduced'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_PARTS = ['stateFee', 'serviceFee'] as const;
export type FeePart = (typeof FEE_PARTS)[number];

/** Each fee in a clinic manager's words: what it is and who pays it. */
export const FEE_KIND_LABELS: Record<FeeKind, string> = {
  standard: 'Standard fee',
  reduced: 'Reduced fee (Medicare, Medicaid, 100% disabled veteran)',
};
export const FEE_PART_LABELS: Record<FeePart, string> = {
  stateFee: 'State fee (passed on to OMMA, not revenue)',
  serviceFee: 'Service fee (the clinic’s charge)',
};

/** One fee's place in the schedule, e.g. new / standard / stateFee. */
export interface FeeSlot {
  type: ApplicationType;
  kind: FeeKind;
  part: FeePart;
}
export const FEE_SLOTS: FeeSlot[] = APPLICATION_TYPES.flatMap((type) =>
  FEE_KINDS.flatMap((kind) => FEE_PARTS.map((part) => ({ type, kind, part }))),
);

export const centsAt = (schedule: FeeSchedule, s: FeeSlot): number =>
  schedule[s.type][s.kind][s.part === 'stateFee' ? 'stateFeeCents' : 'serviceFeeCents'];

/** The fees that differ between two schedules, in schedule order. */
export function changedFees(previous: FeeSchedule, next: FeeSchedule) {
  return FEE_SLOTS.filter((s) => centsAt(previous, s) !== centsAt(next, s)).map((s) => ({
    ...s,
    fromCents: centsAt(previous, s),
    toCents: centsAt(next, s),
  }));
}
export type FeeChange = ReturnType<typeof changedFees>[number];

/** The change of who applies to OMMA between two schedules, or null when it stays. */
export function changedMode(previous: FeeSchedule, next: FeeSchedule) {
  const from = scheduleMode(previous);
  const to = scheduleMode(next);
  return from === to ? null : { from, to };
}

// ------------------------------------------------------------ GET /api/admin/fees/history

export const FEE_HISTORY_LIMIT = 50;

const FeePairSchema = z.object({ stateFeeCents: z.number(), serviceFeeCents: z.number() });
const StoredScheduleSchema = z.object({
  new: z.object({ standard: FeePairSchema, reduced: FeePairSchema }),
  renewal: z.object({ standard: FeePairSchema, reduced: FeePairSchema }),
  /** Schedules stored before issue 22 have none: the history serves the default for them. */
  stateApplication: z.enum(STATE_APPLICATION_MODES),
});

export const FeeHistoryEntrySchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.object({ id: z.string(), name: z.string() }),
  previous: StoredScheduleSchema,
  schedule: StoredScheduleSchema,
});
export const FeeHistorySchema = z.object({
  /** Newest first, at most FEE_HISTORY_LIMIT. */
  changes: z.array(FeeHistoryEntrySchema),
});
export type FeeHistoryEntry = z.infer<typeof FeeHistoryEntrySchema>;
export type FeeHistory = z.infer<typeof FeeHistorySchema>;
