// A patient's place in line, in words and figures (patient-side.md §3, §9). No schema here:
// the queue page and the line broadcast (queue-line.ts) use these without loading zod.

/** Until there is data, a consultation is taken to last this long (§9). */
export const DEFAULT_CONSULTATION_MINUTES = 15;

/** Progress bar: 100% at position 1 or less, otherwise max(10, 100 - 20*(position - 1)). */
export const queueProgress = (position: number) =>
  position <= 1 ? 100 : Math.max(10, 100 - 20 * (position - 1));

/** Minutes until a patient at `position` is likely seen. */
export const estimateWaitMinutes = (
  position: number,
  averageMinutes: number,
  doctorsOnDuty: number,
) => Math.max(0, Math.round(((position - 1) * averageMinutes) / Math.max(1, doctorsOnDuty)));
