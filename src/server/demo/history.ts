import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { instantOf, isClinicOpen, parseClinicHours } from '../../shared/clinic-hours.js';
import { todayIso } from '../../shared/dates.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  applications,
  consultations,
  documents,
  followUpTasks,
  medicalConditions,
  patientProfiles,
  payments,
  queueEntries,
  transcriptions,
  users,
} from '../db/schema/index.js';
import type { DemoPatient } from './people.js';

// THE ONE PLACE THE DEMO WRITES TIMESTAMPS. The services stamp every step with the moment it
// happens and take no clock, so a seeded visit would last zero seconds and every payment
// would be captured today: the reports would show a spike, not a clinic. Once a patient's
// story is made through the API, this moves its timestamps (never anything else) to when it
// would have happened: the visit `daysAgo` days back, a wait in line and a consultation of a
// plausible length before the decision, registration and intake before that. The audit log
// is left alone: it truthfully records when the seed ran.

const minutes = (n: number) => `${Math.round(n)} minutes`;
/** `column` moved `m` minutes earlier (null stays null). */
const earlier = (column: AnyPgColumn, m: number): SQL => sql`${column} - ${minutes(m)}::interval`;

/** Plausible, varied per patient and the same on every run: a wait and a call length. */
export function visitLength(n: number) {
  return { waitMinutes: 6 + ((n * 7) % 19), callMinutes: 9 + ((n * 5) % 12) };
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How many minutes ago a past visit was decided: `daysAgo` clinic days back, at a time between
 * 10:00 and 17:00 that varies per patient, moved a day earlier until the clinic is open then
 * (CLINIC_HOURS: no visits at weekends by default). Today's visits are decided now.
 */
export function decidedMinutesAgo(
  p: DemoPatient,
  n: number,
  config: Pick<Config, 'CLINIC_TIMEZONE' | 'CLINIC_HOURS'>,
  now = Date.now(),
): number {
  if (!p.daysAgo || p.step === 'waiting' || p.step === 'in_consultation') return 0;
  const tz = config.CLINIC_TIMEZONE;
  const hours = parseClinicHours(config.CLINIC_HOURS) ?? [];
  const today = Date.parse(`${todayIso(tz, new Date(now))}T00:00:00Z`);
  const minuteOfDay = 10 * 60 + ((n * 53) % (7 * 60));
  let at = 0;
  for (let back = p.daysAgo; back < p.daysAgo + 7; back++) {
    const day = new Date(today - back * DAY_MS);
    at = instantOf(tz, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), minuteOfDay);
    if (isClinicOpen(hours, tz, at)) break;
  }
  return Math.max(0, Math.round((now - at) / MINUTE_MS));
}

async function patientIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: patientProfiles.id, userId: users.id })
    .from(users)
    .innerJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(eq(users.email, email));
  if (!row) throw new Error(`demo seed: no patient ${email}`);
  return row.id;
}

/**
 * A finished visit: decided `daysAgo` days ago (0: now), after `callMinutes` in the call and
 * `waitMinutes` in line. A patient in the line or in a call now: joined `waitMinutes` ago,
 * in the call for the last `callMinutes`.
 */
export async function settleTimeline(
  db: Db,
  config: Pick<Config, 'CLINIC_TIMEZONE' | 'CLINIC_HOURS'>,
  p: DemoPatient,
  n: number,
): Promise<void> {
  const patientId = await patientIdOf(db, p.email);
  const { waitMinutes, callMinutes } = visitLength(n);
  const call = p.step === 'waiting' ? 0 : callMinutes;
  const decided = decidedMinutesAgo(p, n, config); // minutes before now
  const callStart = decided + call;
  const joined = callStart + waitMinutes;
  const paid = joined + 1;
  const intake = paid + 12;
  const registered = intake + 20;
  // Staff start collecting the documents an hour after the decision and are done on the day
  // the patient's story says (never before the decision; today: now).
  const initiated = Math.max(decided - 60, 0);
  const collected = Math.min(decided, (p.collectedDaysAgo ?? 0) * 24 * 60);

  await db.transaction(async (tx) => {
    const ofPatient = <T extends { patientId: AnyPgColumn }>(t: T) => eq(t.patientId, patientId);
    const appIds = tx
      .select({ id: applications.id })
      .from(applications)
      .where(ofPatient(applications));
    const consultationIds = tx
      .select({ id: consultations.id })
      .from(consultations)
      .where(ofPatient(consultations));

    await tx
      .update(patientProfiles)
      .set({
        createdAt: earlier(patientProfiles.createdAt, registered),
        updatedAt: earlier(patientProfiles.updatedAt, registered),
      })
      .where(eq(patientProfiles.id, patientId));
    await tx
      .update(users)
      .set({
        createdAt: earlier(users.createdAt, registered),
        updatedAt: earlier(users.updatedAt, registered),
      })
      .where(
        inArray(
          users.id,
          tx
            .select({ id: patientProfiles.userId })
            .from(patientProfiles)
            .where(eq(patientProfiles.id, patientId)),
        ),
      );
    await tx
      .update(applications)
      .set({
        createdAt: earlier(applications.createdAt, intake),
        submittedAt: earlier(applications.submittedAt, intake),
        consentAt: earlier(applications.consentAt, paid),
        approvedAt: earlier(applications.approvedAt, decided),
        updatedAt: earlier(
          applications.updatedAt,
          p.step === 'documents_collected' ? collected : decided,
        ),
      })
      .where(ofPatient(applications));
    await tx
      .update(medicalConditions)
      .set({ createdAt: earlier(medicalConditions.createdAt, intake) })
      .where(inArray(medicalConditions.applicationId, appIds));
    // Uploaded with the intake; the recommendation form is issued with the decision.
    const uploadedAgo = sql`case when ${documents.category} = 'physician_recommendation' then ${minutes(decided)} else ${minutes(intake - 2)} end::interval`;
    await tx
      .update(documents)
      .set({
        uploadedAt: sql`${documents.uploadedAt} - ${uploadedAgo}`,
        reviewedAt: earlier(documents.reviewedAt, joined),
      })
      .where(ofPatient(documents));
    await tx
      .update(payments)
      .set({
        createdAt: earlier(payments.createdAt, paid),
        completedAt: earlier(payments.completedAt, paid),
        capturedAt: earlier(payments.capturedAt, decided),
        pendingActionAt: earlier(payments.pendingActionAt, decided),
      })
      .where(ofPatient(payments));
    await tx
      .update(queueEntries)
      .set({
        joinedAt: earlier(queueEntries.joinedAt, joined),
        dispensaryStatementAt: earlier(queueEntries.dispensaryStatementAt, joined),
        admittedAt: earlier(queueEntries.admittedAt, callStart),
        startedAt: earlier(queueEntries.startedAt, callStart),
        completedAt: earlier(queueEntries.completedAt, decided),
      })
      .where(ofPatient(queueEntries));
    await tx
      .update(consultations)
      .set({
        startedAt: earlier(consultations.startedAt, callStart),
        endedAt: earlier(consultations.endedAt, decided),
        durationSeconds: sql`case when ${consultations.endedAt} is null then null else ${call * 60}::int end`,
        outcomeAt: earlier(consultations.outcomeAt, decided),
        identityVerifiedAt: earlier(consultations.identityVerifiedAt, decided),
        notesUpdatedAt: earlier(consultations.notesUpdatedAt, decided),
      })
      .where(ofPatient(consultations));
    await tx
      .update(transcriptions)
      .set({
        createdAt: earlier(transcriptions.createdAt, decided),
        updatedAt: earlier(transcriptions.updatedAt, decided),
      })
      .where(inArray(transcriptions.consultationId, consultationIds));
    await tx
      .update(followUpTasks)
      .set({
        createdAt: earlier(followUpTasks.createdAt, initiated),
        completedAt: earlier(followUpTasks.completedAt, collected),
      })
      .where(inArray(followUpTasks.consultationId, consultationIds));
  });
}
