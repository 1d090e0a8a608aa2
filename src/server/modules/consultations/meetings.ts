import { and, arrayContains, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import { type Language, toLanguage } from '../../../shared/i18n/languages.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  applications,
  consultations,
  type MeetingRow,
  meetings,
  patientProfiles,
  queueEntries,
  sessions,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { STAFF_IDLE_MS } from '../auth/session-store.js';
import { LINE_ORDER } from '../queue/line-order.js';

// Meetings (ruling 16): each doctor on duty has a consultation room for the day. On duty means
// signed in with a live connection or a live session, or with a consultation today.

export interface DoctorOnDuty {
  id: string;
  firstName: string;
  lastName: string;
  /** The languages the doctor consults in (issue 24); null read as English. */
  languages: string[] | null;
}

export const meetingTopic = (lastName: string) => `Dr. ${lastName} — consultations`;

const dayStart = (tz: string) =>
  sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;

export async function doctorsOnDuty(ctx: AppContext): Promise<DoctorOnDuty[]> {
  const live = await ctx.realtime.liveUserIds('doctor');
  const since = new Date(Date.now() - STAFF_IDLE_MS);
  const signedIn = ctx.db
    .select({ id: sessions.userId })
    .from(sessions)
    .where(and(gt(sessions.lastSeenAt, since), gt(sessions.expiresAt, new Date())));
  const consultedToday = ctx.db
    .select({ id: consultations.doctorId })
    .from(consultations)
    .where(gt(consultations.startedAt, dayStart(ctx.config.CLINIC_TIMEZONE)));
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      languages: users.languages,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'doctor'),
        isNull(users.deactivatedAt),
        or(
          live.length ? inArray(users.id, live) : undefined,
          inArray(users.id, signedIn),
          inArray(users.id, consultedToday),
        ),
      ),
    )
    .orderBy(asc(users.lastName));
}

/** A doctor's consulting languages as the staff pages read them: English when none stored. */
export const consultLanguagesOf = (stored: string[] | null): Language[] => {
  const known = (stored ?? []).map(toLanguage).filter((l, i, all) => all.indexOf(l) === i);
  return known.length > 0 ? known : ['en'];
};

/**
 * Whether a doctor who consults in Spanish is connected now (issue 24): the doctors with a
 * live socket on any node (the "doctors on duty" figure of the queue status, ruling 16), of
 * them the active ones whose consulting languages include `es`. Doctors only: a doctor admin
 * does not run consultations (ACCESS.runConsultation) and cannot be reassigned a patient.
 */
export async function spanishDoctorConnected(ctx: AppContext): Promise<boolean> {
  const live = await ctx.realtime.liveUserIds('doctor');
  if (live.length === 0) return false;
  const [found] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, live),
        eq(users.role, 'doctor'),
        isNull(users.deactivatedAt),
        arrayContains(users.languages, ['es']),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** Today's meeting for each doctor, opened on first sight. */
export async function ensureMeetings(
  ctx: AppContext,
  doctors: DoctorOnDuty[],
): Promise<MeetingRow[]> {
  if (doctors.length === 0) return [];
  const day = todayIso(ctx.config.CLINIC_TIMEZONE);
  await ctx.db
    .insert(meetings)
    .values(doctors.map((d) => ({ doctorId: d.id, day, topic: meetingTopic(d.lastName) })))
    .onConflictDoNothing();
  return ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.day, day),
        inArray(
          meetings.doctorId,
          doctors.map((d) => d.id),
        ),
      ),
    );
}

export async function findMeeting(db: Executor, meetingId: string): Promise<MeetingRow> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, meetingId)).limit(1);
  if (row?.status !== 'active') throw new AppError('NOT_FOUND', 'Meeting not found');
  return row;
}

/** Every patient in line, admitted or in a call, clinic-wide, in queue order, with names. */
async function queuePatients(ctx: AppContext) {
  return ctx.db
    .select({
      id: queueEntries.id,
      patientId: queueEntries.patientId,
      status: queueEntries.status,
      joinedAt: queueEntries.joinedAt,
      applicationId: queueEntries.applicationId,
      doctorId: queueEntries.doctorId,
      meetingId: queueEntries.meetingId,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
      dateOfBirth: patientProfiles.dateOfBirth,
      language: users.language,
      applicationType: applications.type,
    })
    .from(queueEntries)
    .innerJoin(patientProfiles, eq(patientProfiles.id, queueEntries.patientId))
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .innerJoin(applications, eq(applications.id, queueEntries.applicationId))
    .where(inArray(queueEntries.status, ['waiting', 'admitted', 'in_consultation']))
    .orderBy(...LINE_ORDER);
}
type QueuePatientRow = Awaited<ReturnType<typeof queuePatients>>[number];

/** A patient as the waiting lists show them: named, born on, in which language, how long in line. */
const waitingPatientView = <M extends string | null>(
  e: QueuePatientRow,
  meetingId: M,
  now: number,
) => ({
  id: e.id,
  patientId: e.patientId,
  displayName: `${e.firstName} ${e.lastName.slice(0, 1)}.`,
  patientName: `${e.firstName} ${e.lastName}`,
  dateOfBirth: e.dateOfBirth,
  /** The patient's language (issue 24): the account's `users.language`. */
  language: toLanguage(e.language),
  joinTime: e.joinedAt.toISOString(),
  status: e.status,
  applicationId: e.applicationId,
  applicationType: e.applicationType,
  meetingId,
  waitingTime: now - e.joinedAt.getTime(),
});

/**
 * The clinic-wide waiting room, whether or not a doctor is on duty (issue 12: staff see the
 * real line even when no meeting is open to admit into). `meetingId` is null until admitted.
 * A Spanish speaker's row (`language: 'es'`) also carries `spanishPhysicianOnDuty`: whether a
 * doctor who consults in Spanish is connected now (issue 24); an English speaker's row has no
 * such key.
 */
export async function listWaitingRoom(ctx: AppContext) {
  const now = Date.now();
  const entries = await queuePatients(ctx);
  const spanishOnDuty = entries.some((e) => e.language === 'es')
    ? await spanishDoctorConnected(ctx)
    : false;
  return entries.map((e) => {
    const view = waitingPatientView(e, e.meetingId, now);
    return view.language === 'es' ? { ...view, spanishPhysicianOnDuty: spanishOnDuty } : view;
  });
}

/** The waiting room (clinic-wide) and the patients each meeting has admitted. */
export async function listMeetings(ctx: AppContext) {
  const doctors = await doctorsOnDuty(ctx);
  const rooms = await ensureMeetings(ctx, doctors);
  const entries = await queuePatients(ctx);
  const now = Date.now();
  const byDoctor = new Map(doctors.map((d) => [d.id, d]));
  return rooms.map((m) => ({
    meetingId: m.id,
    topic: m.topic,
    status: m.status,
    doctor: {
      id: m.doctorId,
      name: `Dr. ${byDoctor.get(m.doctorId)?.lastName ?? ''}`.trim(),
      /** The languages the doctor consults in (issue 24): where to move a Spanish speaker. */
      languages: consultLanguagesOf(byDoctor.get(m.doctorId)?.languages ?? null),
    },
    waitingPatients: entries
      .filter(
        (e) =>
          e.status === 'waiting' ||
          e.meetingId === m.id ||
          (!e.meetingId && e.doctorId === m.doctorId),
      )
      .map((e) => waitingPatientView(e, e.meetingId ?? m.id, now)),
  }));
}
