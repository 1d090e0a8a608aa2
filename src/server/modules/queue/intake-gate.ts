import { count, eq } from 'drizzle-orm';
import { QUEUE_REQUIRED_DOCUMENTS } from '../../../shared/documents.js';
import {
  type IntakeRecords,
  missingForQueue,
  missingForQueueMessage,
} from '../../../shared/intake.js';
import { feeCovered } from '../../../shared/payment-status.js';
import type { Executor } from '../../db/client.js';
import {
  type ApplicationRow,
  medicalConditions,
  type QueueEntryRow,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countingCategories } from '../applications/renewal-rule.js';
import { findActiveEntry, joinQueue } from './service.js';

// Intake before the queue (issue 11): an application joins the line only with its fee
// covered, a medical condition, the documents the state requires, and the patient's
// dispensary statement. The rule of what is missing is shared with the wizard.

type Actor = { id: string; role: string } | null;

/** Covered and not yet seen: a consultation moves the status on, and a second one needs a new application. */
export const readyToBeSeen = (application: ApplicationRow) =>
  feeCovered(application.paymentStatus) && application.status === 'payment_completed';

/** The application's conditions and the patient's current required documents that count for it. */
export async function intakeRecords(
  db: Executor,
  application: ApplicationRow,
): Promise<IntakeRecords> {
  const [conditions] = await db
    .select({ n: count() })
    .from(medicalConditions)
    .where(eq(medicalConditions.applicationId, application.id));
  // A renewal's old proof of residency and old photo do not count (shared/renewal.ts).
  const docs = await countingCategories(db, application, QUEUE_REQUIRED_DOCUMENTS);
  return { conditions: conditions?.n ?? 0, documents: docs };
}

export const missingForApplication = async (db: Executor, application: ApplicationRow) =>
  missingForQueue(await intakeRecords(db, application));

/**
 * Puts the application in line with the patient's statement, or says why not. Joining twice
 * answers with the current entry (ruling 14). Callers hold the patient's lock.
 */
export async function joinQueueWithIntake(
  tx: Executor,
  args: { application: ApplicationRow; statementAt: Date; actor: Actor; ip: string | null },
): Promise<{ entry: QueueEntryRow; created: boolean }> {
  const { application } = args;
  const existing = await findActiveEntry(tx, application.patientId);
  if (existing) return { entry: existing, created: false };
  if (!readyToBeSeen(application))
    throw new AppError('BAD_REQUEST', 'Please complete payment before joining the queue');
  const missing = await missingForApplication(tx, application);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', missingForQueueMessage(missing));
  return joinQueue(tx, {
    patientId: application.patientId,
    applicationId: application.id,
    statementAt: args.statementAt,
    actor: args.actor,
    ip: args.ip,
  });
}

/**
 * After a payment the patient asked to be queued with: queued when the intake is complete,
 * otherwise nothing (the payment stands and the queue step says what is missing).
 */
export async function queueIfIntakeComplete(
  tx: Executor,
  args: { application: ApplicationRow; statementAt: Date; actor: Actor; ip: string | null },
): Promise<boolean> {
  if (!readyToBeSeen(args.application)) return false;
  if ((await missingForApplication(tx, args.application)).length > 0) return false;
  return (await joinQueueWithIntake(tx, args)).created;
}
