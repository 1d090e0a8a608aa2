import type { QueueStatusView } from './queue.js';
import { estimateWaitMinutes } from './queue-place.js';
import type { QueueLine } from './realtime.js';

// The queue's line as one broadcast (ADR 0021): every waiting patient's page receives the
// line numbers still waiting and the figures every estimate uses, and works out its own place.
// The server's snapshot uses the same rule, so the page and GET /api/queue/status agree.

/**
 * Ascending line numbers as runs of consecutive numbers, flattened: [first, last, first, last…].
 * A line that loses patients only at its head and joins at its tail is one run, whatever its size.
 */
export function lineRuns(ascending: Iterable<number>): number[] {
  const runs: number[] = [];
  for (const n of ascending) {
    const last = runs.length - 1;
    if (last > 0 && runs[last] === n - 1) runs[last] = n;
    else runs.push(n, n);
  }
  return runs;
}

/**
 * Answers a line number's place (1 = next) in the runs, or 0 when it is not waiting. Counting
 * is done once per broadcast (a running total per run), then each look-up is a binary search.
 */
export function placeFinder(runs: readonly number[]): (lineNumber: number) => number {
  const pairs = runs.length >> 1;
  const before = new Array<number>(pairs); // waiting numbers in the runs ahead of run i
  let total = 0;
  for (let i = 0; i < pairs; i++) {
    before[i] = total;
    total += runs[2 * i + 1]! - runs[2 * i]! + 1;
  }
  return (lineNumber) => {
    let lo = 0;
    let hi = pairs - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (lineNumber < runs[2 * mid]!) hi = mid - 1;
      else if (lineNumber > runs[2 * mid + 1]!) lo = mid + 1;
      else return before[mid]! + lineNumber - runs[2 * mid]! + 1;
    }
    return 0;
  };
}

/**
 * A waiting patient's view after a broadcast of the line: their place, estimate and the
 * clinic's figures. A view that is not waiting, or whose number has left the line, is returned
 * as it is: the patient's own 'queue-update' (or the next poll) tells them what happened.
 */
export function applyQueueLine(
  view: QueueStatusView,
  line: QueueLine,
  place: (lineNumber: number) => number = placeFinder(line.waiting),
): QueueStatusView {
  if (view.status !== 'waiting') return view;
  const position = place(view.lineNumber);
  if (position === 0) return view;
  return {
    ...view,
    position,
    estimatedWaitTime: estimateWaitMinutes(
      position,
      line.averageConsultationMinutes,
      line.doctorsOnDuty,
    ),
    averageConsultationMinutes: line.averageConsultationMinutes,
    physicianOnDuty: line.physicianOnDuty,
    clinicOpensAt: line.clinicOpensAt,
  };
}
