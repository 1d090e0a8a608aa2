import type { QueueStatusView } from '../queue.js';

/** A waiting patient's status as GET /api/queue/status answers it, for tests of the line's rules. */
export const waitingView = (over: Partial<QueueStatusView> = {}): QueueStatusView => ({
  id: 'entry',
  lineNumber: 10,
  position: 5,
  estimatedWaitTime: 60,
  status: 'waiting',
  joinedAt: '2026-01-14T16:00:00.000Z',
  applicationId: 'application',
  admitted: false,
  averageConsultationMinutes: 15,
  roomId: null,
  physicianOnDuty: false,
  clinicOpensAt: null,
  ...over,
});
