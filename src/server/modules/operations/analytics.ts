import { and, eq, exists, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.js';
import { ACCESS, allows } from '../../../shared/roles.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { Analytics } from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import {
  applications,
  consultations,
  patientProfiles,
  payments,
  queueEntries,
  stateApplications,
} from '../../db/schema/index.js';
import { paidAt } from './billing.js';
import { revenueCents } from './revenue.js';
import { dayWindow, figureScope, minutesFromSeconds } from './window.js';

/** A patient got as far as paying: the processor approved the fee (held, taken or since released). */
const FEE_PAID = ['authorized', 'captured', 'voided', 'refunded'];

// The Analytics tab and the Production Operations Center's Patient Flow and Revenue Analytics
// (staff-and-video.md §2; ruling 9 makes the "coming soon" tab real). Aggregates only, no
// patient is named. Revenue appears only for a caller holding `financial` (ruling 3); a
// doctor_admin's figures are their own (window.ts figureScope).

export async function analytics(
  ctx: AppContext,
  args: { user: CurrentUser; days: number },
): Promise<Analytics> {
  const { db } = ctx;
  const window = dayWindow(ctx.config.CLINIC_TIMEZONE, args.days);
  const scope = figureScope(db, args.user);

  const startedDay = window.dayOf(consultations.startedAt);
  const perDay = await db
    .select({ date: startedDay, n: sql<number>`count(*)::int` })
    .from(consultations)
    .where(and(gte(consultations.startedAt, window.start), scope.consultations))
    .groupBy(sql`1`); // by position: the expression carries a parameter
  const counts = new Map(perDay.map((r) => [r.date, Number(r.n)]));

  // Waits from joining the queue to admission (or to the start when both came at once).
  const seen = sql`coalesce(${queueEntries.admittedAt}, ${queueEntries.startedAt})`;
  const waitSeconds = sql`extract(epoch from ${seen} - ${queueEntries.joinedAt})`;
  const [waits] = await db
    .select({
      average: sql<string | null>`avg(${waitSeconds})`,
      p90: sql<string | null>`percentile_cont(0.9) within group (order by ${waitSeconds})`,
    })
    .from(queueEntries)
    .where(
      and(
        gte(queueEntries.joinedAt, window.start),
        isNotNull(seen),
        scope.queueEntryIds(queueEntries.id),
      ),
    );

  // Patients who registered in the window and how far each got by now.
  const has = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${condition}))::int`;
  const paid = exists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.patientId, patientProfiles.id), inArray(payments.status, FEE_PAID))),
  );
  const consulted = exists(
    db
      .select({ one: sql`1` })
      .from(consultations)
      .where(and(eq(consultations.patientId, patientProfiles.id), scope.consultations)),
  );
  const approved = exists(
    db
      .select({ one: sql`1` })
      .from(applications)
      .where(
        and(eq(applications.patientId, patientProfiles.id), isNotNull(applications.approvedAt)),
      ),
  );
  const [funnel] = await db
    .select({
      registered: sql<number>`count(*)::int`,
      paid: has(paid),
      consulted: has(consulted),
      approved: has(approved),
    })
    .from(patientProfiles)
    .where(and(gte(patientProfiles.createdAt, window.start), scope.patientIds(patientProfiles.id)));

  const result: Analytics = {
    window: { days: window.days, from: window.from, to: window.to },
    consultationsPerDay: window.dates.map((date) => ({ date, count: counts.get(date) ?? 0 })),
    waitTimes: {
      averageMinutes: minutesFromSeconds(waits?.average),
      p90Minutes: minutesFromSeconds(waits?.p90),
    },
    conversion: {
      registered: Number(funnel?.registered ?? 0),
      paid: Number(funnel?.paid ?? 0),
      consulted: Number(funnel?.consulted ?? 0),
      approved: Number(funnel?.approved ?? 0),
    },
    scope: scope.own ? 'own' : 'clinic',
  };

  if (allows(ACCESS.financial, args.user)) {
    const paidDay = window.dayOf(paidAt);
    const rows = await db
      // Issue 22: the same revenue as Billing's, state fees and refunds left out.
      .select({ date: paidDay, cents: sql<string>`sum(${revenueCents})` })
      .from(payments)
      .leftJoin(stateApplications, eq(stateApplications.applicationId, payments.applicationId))
      .where(
        and(
          eq(payments.status, 'captured'),
          gte(paidAt, window.start),
          scope.applicationIds(payments.applicationId),
        ),
      )
      .groupBy(sql`1`);
    const byDay = new Map(rows.map((r) => [r.date, Number(r.cents)]));
    result.revenue = {
      total: formatCents([...byDay.values()].reduce((a, b) => a + b, 0)),
      perDay: window.dates.map((date) => ({ date, amount: formatCents(byDay.get(date) ?? 0) })),
    };
  }
  return result;
}
