import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { BillingVerification } from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import { consultations, payments, stateApplications } from '../../db/schema/index.js';
import { otherRefundCents, revenueCents, stateFeeIn } from './revenue.js';
import { dayWindow, figureScope, percent } from './window.js';

// Billing verification (staff-and-video.md §3; ruling 3: `financial`; polled every 60 s, §9).
// The window is today in the clinic's time zone, or the last `days` days ending today.
// Revenue counts captured payments (issue 11: the fee is taken only on approval; a hold is
// not revenue) by the time they were captured; a consultation is billable once it has ended
// with a medical outcome recorded. Issue 22: the state fees collected for OMMA are not revenue;
// they are shown apart (held until the desk submits, paid to OMMA, refunded), as are refunds.

/** When a payment took the money (rows migrated from charge-at-payment lack captured_at). */
export const paidAt = sql`coalesce(${payments.capturedAt}, ${payments.completedAt}, ${payments.createdAt})`;

export async function billingVerification(
  ctx: AppContext,
  args: { user: CurrentUser; days: number },
): Promise<BillingVerification> {
  const window = dayWindow(ctx.config.CLINIC_TIMEZONE, args.days);
  const scope = figureScope(ctx.db, args.user);

  const [money] = await ctx.db
    .select({
      cents: sql<string>`coalesce(sum(${revenueCents}), 0)`,
      held: stateFeeIn('held'),
      paid: stateFeeIn('paid'),
      refunded: stateFeeIn('refunded'),
      otherRefunds: sql<string>`coalesce(sum(${otherRefundCents}), 0)`,
    })
    .from(payments)
    .leftJoin(stateApplications, eq(stateApplications.applicationId, payments.applicationId))
    .where(
      and(
        eq(payments.status, 'captured'),
        gte(paidAt, window.start),
        scope.applicationIds(payments.applicationId),
      ),
    );

  const [billable] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(consultations)
    .where(
      and(
        gte(consultations.endedAt, window.start),
        isNotNull(consultations.outcome),
        scope.consultations,
      ),
    );

  // The overview follows the consultations started in the window.
  const [overview] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${consultations.endedAt} is not null))::int`,
      billable: sql<number>`(count(*) filter (where ${consultations.endedAt} is not null and ${consultations.outcome} is not null))::int`,
    })
    .from(consultations)
    .where(and(gte(consultations.startedAt, window.start), scope.consultations));

  const revenue = formatCents(Number(money?.cents ?? 0));
  const cents = (v: string | undefined) => formatCents(Number(v ?? 0));
  const total = Number(overview?.total ?? 0);
  const completed = Number(overview?.completed ?? 0);
  const billableConsultations = Number(overview?.billable ?? 0);
  return {
    window: { days: window.days, from: window.from, to: window.to },
    revenue,
    stateFees: {
      held: cents(money?.held),
      paidToOmma: cents(money?.paid),
      refunded: cents(money?.refunded),
    },
    refunds: cents(money?.otherRefunds),
    billableSessions: Number(billable?.n ?? 0),
    overview: {
      totalConsultations: total,
      completedConsultations: completed,
      billableConsultations,
      totalRevenue: revenue,
      completionRate: percent(completed, total),
      billableRate: percent(billableConsultations, total),
    },
  };
}
