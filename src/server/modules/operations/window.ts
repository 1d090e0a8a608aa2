import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { Executor } from '../../db/client.js';
import { consultations } from '../../db/schema/index.js';

// The reporting window and whose figures a report counts.

/** A window of whole calendar days in the clinic's time zone, ending today. */
export interface DayWindow {
  days: number;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Every day of the window, oldest first. */
  dates: string[];
  /** The instant the window opens: `from`'s midnight in the clinic's time zone. */
  start: SQL;
  /** A timestamp column's clinic calendar day as YYYY-MM-DD. */
  dayOf: (column: Column | SQL) => SQL<string>;
}

const shift = (iso: string, days: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

export function dayWindow(timeZone: string, days: number, now = new Date()): DayWindow {
  const to = todayIso(timeZone, now);
  const from = shift(to, -(days - 1));
  return {
    days,
    from,
    to,
    dates: Array.from({ length: days }, (_, i) => shift(from, i)),
    // A local midnight through the zone's rules, so a DST change does not move the edge.
    start: sql`((${from})::date::timestamp at time zone ${timeZone})`,
    dayOf: (column) => sql<string>`to_char((${column} at time zone ${timeZone}), 'YYYY-MM-DD')`,
  };
}

/** Percent with one decimal; 0 when there is nothing to divide. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** Minutes with one decimal from seconds; null stays null. */
export const minutesFromSeconds = (seconds: string | number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round(Number(seconds) / 6) / 10;

/**
 * Ruling 3: a doctor_admin sees "their own figures". A doctor_admin is not a doctor and sees
 * no patients of their own; the consultations that are theirs are the ones whose medical
 * outcome they recorded (consultations.outcome_by, ruling 3 lets them record it). So for a
 * doctor_admin every figure is limited to those consultations, and to the patients, queue
 * entries and payments behind them. Everyone else sees the clinic's figures.
 */
export interface FigureScope {
  own: boolean;
  /** Condition on consultations; undefined for the clinic. */
  consultations: SQL | undefined;
  /** The scoped consultations' queue entries, applications and patients (subqueries). */
  queueEntryIds: (column: Column) => SQL | undefined;
  applicationIds: (column: Column) => SQL | undefined;
  patientIds: (column: Column) => SQL | undefined;
}

export function figureScope(db: Executor, user: CurrentUser): FigureScope {
  if (user.role !== 'doctor_admin')
    return {
      own: false,
      consultations: undefined,
      queueEntryIds: () => undefined,
      applicationIds: () => undefined,
      patientIds: () => undefined,
    };
  const mine = eq(consultations.outcomeBy, user.id);
  const sub = (column: Column) =>
    db
      .select({ id: sql`${column}` })
      .from(consultations)
      .where(mine);
  return {
    own: true,
    consultations: mine,
    queueEntryIds: (column) => inArray(column, sub(consultations.queueEntryId)),
    applicationIds: (column) => inArray(column, sub(consultations.applicationId)),
    patientIds: (column) => inArray(column, sub(consultations.patientId)),
  };
}
