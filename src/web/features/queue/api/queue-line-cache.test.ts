import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QueueStatusView } from '../../../../shared/queue';
import { waitingView } from '../../../../shared/testing/queue-views';
import { QUEUE_STATUS_KEY } from './queue';
import { applyQueueLineToCache } from './queue-line-cache';

// The patient's page turns the line's broadcast (ADR 0021) into its own cached status: the place
// the queue page shows, worked out from the patient's line number, with no refetch.

const waiting = waitingView({
  lineNumber: 42,
  position: 3,
  estimatedWaitTime: 30,
  physicianOnDuty: true,
});
const line = (waitingRuns: number[]) => ({
  waiting: waitingRuns,
  averageConsultationMinutes: 15,
  doctorsOnDuty: 1,
  physicianOnDuty: true,
  clinicOpensAt: null,
});

function pageWith(status: QueueStatusView | null) {
  const client = new QueryClient();
  client.setQueryData([QUEUE_STATUS_KEY], status);
  return {
    client,
    cached: () => client.getQueryData<QueueStatusView | null>([QUEUE_STATUS_KEY]),
    stale: () => client.getQueryState([QUEUE_STATUS_KEY])?.isInvalidated,
  };
}

describe('the line broadcast on the patient page', () => {
  it('moves the patient up when the one ahead is admitted', () => {
    const page = pageWith(waiting);
    applyQueueLineToCache(page.client, line([41, 41, 42, 60])); // 40 admitted: 41 then 42
    expect(page.cached()).toMatchObject({ position: 2, estimatedWaitTime: 15, lineNumber: 42 });
    expect(page.stale()).toBe(false);
  });

  it('ignores a malformed broadcast and a page with no entry', () => {
    const page = pageWith(waiting);
    applyQueueLineToCache(page.client, { waiting: [1], doctorsOnDuty: 'x' });
    expect(page.cached()).toEqual(waiting);
    const none = pageWith(null);
    applyQueueLineToCache(none.client, line([1, 5]));
    expect(none.cached()).toBeNull();
  });

  it("reads the status again when the patient's own number has left the line", () => {
    const page = pageWith(waiting);
    applyQueueLineToCache(page.client, line([43, 60])); // their own update was missed
    expect(page.cached()).toEqual(waiting);
    expect(page.stale()).toBe(true);
  });

  it('leaves an admitted patient as they are', () => {
    const admitted = { ...waiting, status: 'admitted' as const, position: 0, admitted: true };
    const page = pageWith(admitted);
    applyQueueLineToCache(page.client, line([43, 60]));
    expect(page.cached()).toEqual(admitted);
    expect(page.stale()).toBe(false);
  });
});
