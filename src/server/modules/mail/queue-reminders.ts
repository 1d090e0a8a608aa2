import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { todayIso } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';
import { mailJobs, patientProfiles, queueEntries } from '../../db/schema/index.js';
import { LINE_ORDER } from '../queue/line-order.js';

// The queue reminders (issue 13): "you are next" to the patients at places 1 and 2 while a
// physician is on duty, and "a physician is now on duty" to the patients waiting when none was.
// Patients may turn both off (the mailer skips them).
//
// Where they are worked out: after the queue changed, on the node that made the change (the
// snapshot's onChange), and when a doctor connects while no other doctor is connected (the
// socket server), never on a patient's poll, so the benchmarked status read is untouched. Each
// check runs in the background, one at a time per node (a burst of changes runs one more check,
// not one per change), reads the line from the database and asks the socket adapter which
// doctors are connected on any node. The database's dedupe key is what makes each message go
// once: two nodes, or a check repeated, queue nothing more.
//
// Chosen: a patient whose queue page is open still gets the email (one per event). The open page
// already shows it, but a tab in the background or a phone that slept does not ring, and the
// socket alone cannot tell which.

/** A doctor who comes back this soon (a reload, a dropped connection) has not started a new duty. */
const RELOAD_GRACE_MS = 2 * 60_000;
/** "You are next" goes to the patients at these places. */
const NEXT_PLACES = 2;

export const nextKey = (queueEntryId: string) => `next:${queueEntryId}`;
/**
 * The duty episode is the clinic's day: a patient waiting overnight hears of the morning's
 * physician, and a physician's lunch break does not send the same patient a second message.
 */
export const onDutyKey = (queueEntryId: string, clinicDay: string) =>
  `on-duty:${clinicDay}:${queueEntryId}`;

interface Reminder {
  userId: string;
  kind: 'queue_next' | 'physician_on_duty';
  key: string;
}

export class QueueReminders {
  private running: Promise<void> | null = null;
  private again = false;
  private dutyBegan = false;
  private lastDoctorLeftAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  log: FastifyBaseLogger | undefined;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config' | 'realtime' | 'mail' | 'now'>,
  ) {}

  /** The queue changed on this node: places may have moved. */
  queueChanged(): void {
    this.schedule();
  }

  /**
   * A doctor's socket joined (after joining the doctors' room): when no other doctor is
   * connected on any node, and this doctor has no other page open, a duty begins.
   */
  async doctorConnected(userId: string, socketId: string): Promise<void> {
    if (this.ctx.now() - this.lastDoctorLeftAt < RELOAD_GRACE_MS) return;
    const sockets = await this.ctx.realtime.doctorSockets();
    const others = sockets.filter((s) => s.userId !== userId || s.id !== socketId);
    if (others.length > 0) return;
    this.dutyBegan = true;
    this.schedule();
  }

  doctorDisconnected(): void {
    this.lastDoctorLeftAt = this.ctx.now();
  }

  /** Resolves once no check is running or waiting (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * A draining node checks no more: its sockets leaving move the queue, but the nodes still
   * serving send the reminders (and this one's Redis link is about to close).
   */
  stop(): void {
    this.stopped = true;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.check()
      .catch((err: unknown) => this.log?.error({ err }, 'queue reminders failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  private async check(): Promise<void> {
    const dutyBegan = this.dutyBegan;
    this.dutyBegan = false;
    const doctors = await this.ctx.realtime.doctorSockets();
    if (doctors.length === 0) return;
    const waiting = await this.ctx.db
      .select({ id: queueEntries.id, userId: patientProfiles.userId })
      .from(queueEntries)
      .innerJoin(patientProfiles, eq(patientProfiles.id, queueEntries.patientId))
      .where(eq(queueEntries.status, 'waiting'))
      .orderBy(...LINE_ORDER);
    const day = todayIso(this.ctx.config.CLINIC_TIMEZONE, new Date(this.ctx.now()));
    const wanted: Reminder[] = [];
    waiting.forEach((entry, i) => {
      if (i < NEXT_PLACES)
        wanted.push({ userId: entry.userId, kind: 'queue_next', key: nextKey(entry.id) });
      else if (dutyBegan)
        wanted.push({
          userId: entry.userId,
          kind: 'physician_on_duty',
          key: onDutyKey(entry.id, day),
        });
    });
    if (wanted.length === 0) return;
    // Only what is not queued yet is rendered: most checks find every message already there.
    const queued = new Set(
      (
        await this.ctx.db
          .select({ key: mailJobs.dedupeKey })
          .from(mailJobs)
          .where(
            inArray(
              mailJobs.dedupeKey,
              wanted.map((w) => w.key),
            ),
          )
      ).map((r) => r.key),
    );
    for (const w of wanted)
      if (!queued.has(w.key))
        await this.ctx.mail.queue(this.ctx.db, {
          userId: w.userId,
          message: { kind: w.kind },
          dedupeKey: w.key,
        });
  }
}
