import { describe, expect, it } from 'vitest';
import { applyQueueLine, lineRuns, placeFinder } from './queue-line.js';
import type { QueueLine } from './realtime.js';
import { waitingView } from './testing/queue-views.js';

// ADR 0021: the line travels as runs of waiting line numbers; each page finds its own place.

describe('lineRuns', () => {
  it('keeps consecutive numbers as one run and starts another at each gap', () => {
    expect(lineRuns([])).toEqual([]);
    expect(lineRuns([7])).toEqual([7, 7]);
    expect(lineRuns([3, 4, 5, 6])).toEqual([3, 6]);
    expect(lineRuns([3, 4, 6, 9, 10, 11])).toEqual([3, 4, 6, 6, 9, 11]);
  });

  it('a line of 5,000 that lost patients only at its head is two numbers', () => {
    const line = Array.from({ length: 5000 }, (_, i) => 21 + i);
    expect(lineRuns(line)).toEqual([21, 5020]);
  });
});

describe('placeFinder', () => {
  const place = placeFinder([3, 4, 6, 6, 9, 11]); // waiting: 3 4 6 9 10 11

  it('counts the waiting numbers up to and including this one', () => {
    expect([3, 4, 6, 9, 10, 11].map(place)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers 0 for a number not waiting: before, between and after the runs', () => {
    expect([1, 5, 7, 8, 12, 5000].map(place)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(placeFinder([])(1)).toBe(0);
  });

  it('agrees with counting one by one on a line with many gaps', () => {
    const waiting = Array.from({ length: 400 }, (_, i) => i * 3 + (i % 2));
    const find = placeFinder(lineRuns(waiting));
    waiting.forEach((n, i) => {
      expect(find(n)).toBe(i + 1);
    });
    expect(find(2)).toBe(0);
  });
});

describe('applyQueueLine', () => {
  const view = waitingView();
  const line: QueueLine = {
    waiting: [8, 8, 10, 12],
    averageConsultationMinutes: 20,
    doctorsOnDuty: 2,
    physicianOnDuty: true,
    clinicOpensAt: null,
  };

  it("gives a waiting patient their place and the estimate from the line's figures", () => {
    expect(applyQueueLine(view, line)).toEqual({
      ...view,
      position: 2,
      estimatedWaitTime: 10, // one patient ahead × 20 min ÷ 2 doctors
      averageConsultationMinutes: 20,
      physicianOnDuty: true,
    });
  });

  it('leaves alone a patient who is not waiting or whose number left the line', () => {
    const admitted = { ...view, status: 'admitted' as const, position: 0, admitted: true };
    expect(applyQueueLine(admitted, line).position).toBe(0);
    expect(applyQueueLine(admitted, line).status).toBe('admitted');
    const gone = { ...view, lineNumber: 9 };
    expect(applyQueueLine(gone, line)).toEqual(gone);
  });
});
