import { count, desc, eq } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import { scheduleMode } from '../../../shared/fees.js';
import {
  computeDecision,
  computeJourney,
  documentsNeedingAttention,
  type JourneyInput,
} from '../../../shared/journey.js';
import { countsForApplication } from '../../../shared/renewal.js';
import type { PatientJourneyResponse } from '../../../shared/schemas/journey.js';
import type { StateApplicationMode } from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { consultations, medicalConditions, queueEntries } from '../../db/schema/index.js';
import { renewalRuleOf } from '../applications/renewal-rule.js';
import { latestApplication } from '../applications/service.js';
import { currentDocuments } from '../documents/service.js';
import { currentFeeSchedule } from '../fees/service.js';
import {
  licenseOf,
  stateApplicationOf,
  toPatientStateApplication,
} from './state-application-view.js';

// GET /api/patient/journey (issue 11): the records of the patient's latest application read
// once, and the journey, the decision and the documents to fix computed from them by the
// shared rules (src/shared/journey.ts).

async function conditionCount(db: Executor, applicationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(medicalConditions)
    .where(eq(medicalConditions.applicationId, applicationId));
  return row?.n ?? 0;
}

async function latestQueueEntry(db: Executor, applicationId: string) {
  const [row] = await db
    .select({ status: queueEntries.status, removalReason: queueEntries.removalReason })
    .from(queueEntries)
    .where(eq(queueEntries.applicationId, applicationId))
    .orderBy(desc(queueEntries.joinedAt))
    .limit(1);
  return row ?? null;
}

async function latestConsultation(db: Executor, applicationId: string) {
  const [row] = await db
    .select({
      startedAt: consultations.startedAt,
      roomId: consultations.roomId,
      endedAt: consultations.endedAt,
      outcome: consultations.outcome,
      outcomeReason: consultations.outcomeReason,
      outcomeAt: consultations.outcomeAt,
    })
    .from(consultations)
    .where(eq(consultations.applicationId, applicationId))
    .orderBy(desc(consultations.startedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Who applies to OMMA when no state application exists yet: the mode fixed on the application
 * at payment, else the fee schedule's (issue 22).
 */
async function modeBeforeApproval(
  db: Executor,
  fixed: string | null | undefined,
): Promise<StateApplicationMode> {
  if (fixed) return fixed as StateApplicationMode;
  return scheduleMode(await currentFeeSchedule(db));
}

export async function patientJourney(
  ctx: AppContext,
  patient: { id: string },
  log: { warn(message: string): void },
): Promise<PatientJourneyResponse> {
  const db = ctx.db;
  const application = await latestApplication(db, patient.id);
  const [conditions, queue, consultation, docs, stateRow, license] = application
    ? await Promise.all([
        conditionCount(db, application.id),
        latestQueueEntry(db, application.id),
        latestConsultation(db, application.id),
        currentDocuments(db, { patientId: patient.id }),
        stateApplicationOf(db, application.id),
        licenseOf(db, patient.id),
      ])
    : [
        0,
        null,
        null,
        await currentDocuments(db, { patientId: patient.id }),
        null,
        await licenseOf(db, patient.id),
      ];
  const timeZone = ctx.config.CLINIC_TIMEZONE;
  const today = todayIso(timeZone, new Date(ctx.now()));

  // One current document per category, the newest (the list is newest first). The clinic's
  // recommendation counts only for this application.
  const latestPerCategory = new Map<string, (typeof docs)[number]>();
  for (const d of docs)
    if (!latestPerCategory.has(d.category)) latestPerCategory.set(d.category, d);
  // When each current file arrived: one sent since OMMA's rejection answers it.
  const uploadedAt = new Map(
    [...latestPerCategory.values()].map((d) => [d.category, d.uploadedAt]),
  );
  const recommendation = docs.find(
    (d) => d.category === 'physician_recommendation' && d.applicationId === application?.id,
  );

  // A renewal asks for its proof of residency (and an old photo) anew: the ones its licence
  // was issued on do not count (shared/renewal.ts); rejected ones stay to be flagged.
  const renewal = application ? await renewalRuleOf(db, application) : null;
  const counts = (d: (typeof docs)[number]) =>
    !renewal ||
    d.status === 'rejected' ||
    countsForApplication({ ...d, uploadedAt: d.uploadedAt.toISOString() }, application!, renewal);

  const input: JourneyInput = {
    hasPatient: true,
    application: application && {
      status: application.status,
      paymentStatus: application.paymentStatus,
      amountCents: application.amountCents,
      conditions,
    },
    documents: [...latestPerCategory.values()]
      .filter((d) => d.category !== 'physician_recommendation' && counts(d))
      .map((d) => ({ id: d.id, category: d.category, status: d.status, reviewNote: d.reviewNote })),
    queue: queue && { status: queue.status, removalReason: queue.removalReason },
    consultation: consultation && {
      hasRoom: !!consultation.roomId,
      endedAt: consultation.endedAt?.toISOString() ?? null,
      outcome: consultation.outcome,
      outcomeReason: consultation.outcomeReason,
    },
    recommendationDocumentId: recommendation?.id ?? null,
    stateApplicationMode: stateRow
      ? (stateRow.mode as StateApplicationMode)
      : await modeBeforeApproval(db, application?.stateApplicationMode),
    stateApplication: stateRow && toPatientStateApplication(ctx, stateRow, uploadedAt, log),
    license,
    today,
  };
  return {
    journey: computeJourney(input),
    decision: computeDecision(input, {
      // The recommendation is dated the day it was signed, on the clinic's calendar.
      signedOn: consultation?.outcomeAt ? todayIso(timeZone, consultation.outcomeAt) : null,
      today,
    }),
    documentsNeedingAttention: documentsNeedingAttention(input.documents),
    stateApplication: input.stateApplication ?? null,
    license,
  };
}
