import type { PatientDocument } from '@/features/documents/api/documents';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { missingForQueue } from '../../../../shared/intake';
import { feeCovered } from '../../../../shared/payment-status';
import { ACTIVE_QUEUE_STATUSES, type QueueStatusView } from '../../../../shared/queue';
import { countsForApplication, renewalRuleFor } from '../../../../shared/renewal';
import type { ApplicationView } from '../../../../shared/schemas/application';

// Where the patient stands in the wizard, from the records alone (issue 11): the same rule of
// what is missing as the server's queue gate, so a reload or another device lands on the step
// the records support.

/** The wizard's steps, by the key of each one's title. */
export const WIZARD_STEPS = [
  'intake.steps.application',
  'intake.steps.documents',
  'intake.steps.payment',
  'intake.steps.queue',
] as const satisfies readonly MessageKey[];

export interface IntakeProgress {
  /** Labels of what the queue still needs (a condition, required documents). */
  missing: string[];
  complete: boolean;
  feeCovered: boolean;
  queued: boolean;
  /** The step the records support (1-based). */
  step: number;
  /** Documents on file that a renewal asks for anew (an old proof of residency or photo). */
  stale: string[];
}

export function intakeProgress(
  application: ApplicationView | null,
  documents: readonly PatientDocument[] | undefined,
  queue: QueueStatusView | null | undefined,
  /** The patient's applications: a renewal asks anew for what its licence was issued on. */
  history: readonly ApplicationView[] = [],
): IntakeProgress {
  const renewal = application ? renewalRuleFor(application, history) : null;
  const current = (documents ?? []).filter((d) =>
    countsForApplication(d, application ?? { id: '' }, renewal),
  );
  const missing = missingForQueue({
    conditions: application?.medicalConditions.length ?? 0,
    documents: current.map((d) => d.category),
  });
  const covered = !!application && feeCovered(application.paymentStatus);
  const queued = !!queue && ACTIVE_QUEUE_STATUSES.includes(queue.status);
  const hasConditions = (application?.medicalConditions.length ?? 0) > 0;
  const step = queued
    ? 4
    : !application?.submittedAt || !hasConditions
      ? 1
      : missing.length > 0
        ? 2
        : covered
          ? 4
          : 3;
  const stale = renewal
    ? (documents ?? [])
        .filter((d) => d.status !== 'rejected' && !current.includes(d))
        .map((d) => d.id)
    : [];
  return { missing, complete: missing.length === 0, feeCovered: covered, queued, step, stale };
}
