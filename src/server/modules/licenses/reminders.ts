import { type AnyColumn, and, eq, gte, lte, sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import {
  addDays,
  daysBetween,
  dueReminders,
  effectiveStatus,
  PATIENT_APPLY_REMINDER_DAYS,
  RENEWAL_REMINDER_DAYS,
  type StateApplicationStatus,
} from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { patientLicenses, patientProfiles, stateApplications } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';

// The licence's reminders (issue 22), worked out from the records and the clinic's calendar
// (ctx.now(), so tests move time): renewal reminders 60, 30 and 7 days before a licence
// expires, and in `patient_submits` reminders 20 and 27 days after the physician signed while
// the patient has not said they applied. Each threshold is sent once: when several are due at
// once (a licence entered 20 days before expiry) one mail goes, for the most urgent, and all
// are marked sent. Upkeep runs this on every node: the reminder is claimed in the transaction
// that queues its mail, by an update that only matches the reminders_sent it read, so a second
// node (which waits on the row and then finds it changed) claims nothing and sends nothing.

export interface ReminderPass {
  renewal: number;
  apply: number;
}

const clinicToday = (ctx: AppContext) => todayIso(ctx.config.CLINIC_TIMEZONE, new Date(ctx.now()));

async function userOfProfile(tx: Executor, patientId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: patientProfiles.userId })
    .from(patientProfiles)
    .where(eq(patientProfiles.id, patientId));
  return row?.userId ?? null;
}

/** The claim: only the reminders_sent that was read (another node's claim changes it). */
const sameSent = (column: AnyColumn, sent: readonly number[]) =>
  sql`${column} = ${JSON.stringify(sent)}::jsonb`;

type LicenceRow = Pick<
  typeof patientLicenses.$inferSelect,
  'id' | 'patientId' | 'expiresOn' | 'remindersSent'
>;

/** Sends the renewal reminder due for one licence, if any; true when one was queued. */
async function remindLicence(ctx: AppContext, licence: LicenceRow, today: string) {
  const daysLeft = daysBetween(today, licence.expiresOn);
  // An expired licence is past reminding: renewing is then a new application.
  if (daysLeft < 0) return false;
  const due = dueReminders(RENEWAL_REMINDER_DAYS, daysLeft, licence.remindersSent, 'before');
  if (due.length === 0) return false;
  const mostUrgent = Math.min(...due);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(patientLicenses)
      .set({ remindersSent: [...licence.remindersSent, ...due] })
      .where(
        and(
          eq(patientLicenses.id, licence.id),
          eq(patientLicenses.expiresOn, licence.expiresOn),
          sameSent(patientLicenses.remindersSent, licence.remindersSent),
        ),
      )
      .returning({ id: patientLicenses.id });
    if (claimed.length === 0) return false;
    const userId = await userOfProfile(tx, licence.patientId);
    if (!userId) return false;
    await ctx.mail.queue(tx, {
      userId,
      message: { kind: 'licence_renewal_reminder', daysLeft },
      dedupeKey: `renew:${licence.id}:${licence.expiresOn}:${mostUrgent}`,
    });
    await audit(tx, {
      action: 'license.reminder',
      targetType: 'patient_license',
      targetId: licence.id,
      patientIds: [userId],
      details: { reminder: 'renewal', days: due },
    });
    return true;
  });
}

/** Renewal reminders due today, for every licence expiring within the first threshold. */
export async function sendRenewalReminders(
  ctx: AppContext,
  where: { patientId?: string } = {},
): Promise<number> {
  const today = clinicToday(ctx);
  const rows = await ctx.db
    .select({
      id: patientLicenses.id,
      patientId: patientLicenses.patientId,
      expiresOn: patientLicenses.expiresOn,
      remindersSent: patientLicenses.remindersSent,
    })
    .from(patientLicenses)
    .where(
      and(
        gte(patientLicenses.expiresOn, today),
        lte(patientLicenses.expiresOn, addDays(today, Math.max(...RENEWAL_REMINDER_DAYS))),
        where.patientId ? eq(patientLicenses.patientId, where.patientId) : undefined,
      ),
    );
  let sent = 0;
  for (const row of rows) if (await remindLicence(ctx, row, today)) sent++;
  return sent;
}

/** `patient_submits`: reminders to apply to OMMA, while the patient has not said they did. */
export async function sendApplyReminders(ctx: AppContext): Promise<number> {
  const today = clinicToday(ctx);
  const rows = await ctx.db
    .select({
      id: stateApplications.id,
      patientId: stateApplications.patientId,
      status: stateApplications.status,
      signedOn: stateApplications.signedOn,
      submitBy: stateApplications.submitBy,
      resubmitBy: stateApplications.resubmitBy,
      remindersSent: stateApplications.remindersSent,
    })
    .from(stateApplications)
    .where(
      and(
        eq(stateApplications.mode, 'patient_submits'),
        eq(stateApplications.status, 'preparing'),
        lte(stateApplications.signedOn, addDays(today, -Math.min(...PATIENT_APPLY_REMINDER_DAYS))),
        gte(stateApplications.submitBy, today),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const status = row.status as StateApplicationStatus;
    if (effectiveStatus({ ...row, status }, today) !== 'preparing') continue;
    const since = daysBetween(row.signedOn, today);
    const due = dueReminders(PATIENT_APPLY_REMINDER_DAYS, since, row.remindersSent, 'after');
    if (due.length === 0) continue;
    const mostUrgent = Math.max(...due);
    const queued = await ctx.db.transaction(async (tx) => {
      // Claimed only while still preparing: a patient who said they applied meanwhile is not
      // reminded.
      const claimed = await tx
        .update(stateApplications)
        .set({ remindersSent: [...row.remindersSent, ...due] })
        .where(
          and(
            eq(stateApplications.id, row.id),
            eq(stateApplications.status, 'preparing'),
            sameSent(stateApplications.remindersSent, row.remindersSent),
          ),
        )
        .returning({ id: stateApplications.id });
      if (claimed.length === 0) return false;
      const userId = await userOfProfile(tx, row.patientId);
      if (!userId) return false;
      await ctx.mail.queue(tx, {
        userId,
        message: {
          kind: 'state_apply_reminder',
          daysLeft: daysBetween(today, row.submitBy),
          applyBy: row.submitBy,
        },
        dedupeKey: `apply:${row.id}:${mostUrgent}`,
      });
      await audit(tx, {
        action: 'license.reminder',
        targetType: 'state_application',
        targetId: row.id,
        patientIds: [userId],
        details: { reminder: 'apply', days: due },
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** One upkeep pass: every reminder due today. */
export async function runLicenceReminders(ctx: AppContext): Promise<ReminderPass> {
  return { renewal: await sendRenewalReminders(ctx), apply: await sendApplyReminders(ctx) };
}
