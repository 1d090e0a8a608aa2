import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type HoursGroup,
  nextClinicOpening,
  parseClinicHours,
} from '../../../shared/clinic-hours.js';
import {
  ACTIVE_QUEUE_STATUSES,
  DEFAULT_CONSULTATION_MINUTES,
  type QueueStatus,
  type QueueStatusView,
} from '../../../shared/queue.js';
import { applyQueueLine, lineRuns, placeFinder } from '../../../shared/queue-line.js';
import type { QueueLine } from '../../../shared/realtime.js';
import type { Db } from '../../db/client.js';
import { consultations, patientProfiles, queueEntries } from '../../db/schema/index.js';
import { LINE_ORDER } from './line-order.js';

// Every waiting patient polls their status, so it is served from memory (DESIGN.md
// performance architecture): the queue is read once when it changes, and each patient's view
// is computed from that snapshot. What changed is pushed (ADR 0021): the line itself, once, to
// every patient (their pages work out their places), and each patient's own change of status.

/** A patient whose own entry changed: joined, admitted, in a call, out of the line. */
export interface QueueChange {
  userId: string;
  status: QueueStatusView | null;
}

/** Whether two views differ in what the line's broadcast does not carry. */
const ownChange = (before: QueueStatusView, after: QueueStatusView) =>
  before.id !== after.id || before.status !== after.status || before.roomId !== after.roomId;

/** Whether a page showing `before` would show something else after the broadcast of `after`. */
function lineMoved(before: QueueLine | null, after: QueueLine, someoneLeft: boolean): boolean {
  return (
    someoneLeft ||
    !before ||
    before.averageConsultationMinutes !== after.averageConsultationMinutes ||
    before.doctorsOnDuty !== after.doctorsOnDuty ||
    before.physicianOnDuty !== after.physicianOnDuty ||
    before.clinicOpensAt !== after.clinicOpensAt
  );
}

export class QueueSnapshot {
  private views = new Map<string, { userId: string; view: QueueStatusView }>();
  private line: QueueLine | null = null;
  private dirty = true;
  private announce = false;
  private building: Promise<void> | null = null;
  private liveDoctors = 0;
  private doctorsToday = 0;
  private averageMinutes = DEFAULT_CONSULTATION_MINUTES;

  /**
   * Receives, after a rebuild, the patients whose own entry changed, and the line when a
   * waiting patient's page would show something new (null otherwise: a patient joining at the
   * tail moves nobody).
   */
  onChange: (changes: QueueChange[], line: QueueLine | null) => void = () => {};

  private readonly hours: HoursGroup[];
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    clinic: { hours?: string; now?: () => number } = {},
  ) {
    this.hours = parseClinicHours(clinic.hours ?? '') ?? [];
    this.now = clinic.now ?? Date.now;
  }

  /**
   * Null while the clinic is open, and when no hours are configured. Worked out once a
   * minute, not on every poll: hours are whole minutes, so the answer cannot change sooner.
   */
  private clinicOpensAt(): string | null {
    if (!this.hours.length) return null;
    const minute = Math.floor(this.now() / 60_000);
    if (this.opensAtMinute !== minute) {
      this.opensAt = nextClinicOpening(this.hours, this.timeZone, this.now());
      this.opensAtMinute = minute;
    }
    return this.opensAt;
  }
  private opensAt: string | null = null;
  private opensAtMinute = Number.NaN;

  /** The queue changed (here or on another node): rebuild and push the differences. */
  invalidate(): void {
    this.invalidateLocally();
    this.broadcast();
  }

  /** Set by the cluster link (REDIS_URL) to tell the other nodes the queue changed. */
  broadcast: () => void = () => {};

  /**
   * `announce: false` when another node made the change: that node already told the patients
   * (through the shared socket.io adapter), so this one only refreshes its copy.
   */
  invalidateLocally(announce = true): void {
    this.announce ||= announce;
    this.dirty = true;
    void this.refresh().catch(() => {
      this.dirty = true; // the next read tries again
    });
  }

  /**
   * Counts the doctors with a live connection on any node (ruling 16); set by the socket
   * server, whose fetchSockets spans the nodes through the Redis adapter. Read at each rebuild.
   */
  countLiveDoctors: () => Promise<number> = async () => 0;

  /**
   * A doctor connected or left, on this node: every node rebuilds (and recounts), so a patient
   * sees the same "physician on duty" whichever node serves their page. It moves every estimate.
   */
  doctorPresenceChanged(): void {
    this.invalidate();
  }

  get doctorsOnDuty(): number {
    return Math.max(1, this.liveDoctors, this.doctorsToday);
  }

  get averageConsultationMinutes(): number {
    return this.averageMinutes;
  }

  async statusFor(patientId: string): Promise<QueueStatusView | null> {
    if (this.dirty || this.building) await this.refresh();
    const view = this.views.get(patientId)?.view;
    // The clock moves between rebuilds, so the opening time is read at each request.
    return view ? { ...view, clinicOpensAt: this.clinicOpensAt() } : null;
  }

  /** Waiting entries in the order patients are seen. */
  async waitingCount(): Promise<number> {
    if (this.dirty || this.building) await this.refresh();
    let n = 0;
    for (const { view } of this.views.values()) if (view.status === 'waiting') n++;
    return n;
  }

  private refresh(): Promise<void> {
    if (this.building) return this.building.then(() => (this.dirty ? this.refresh() : undefined));
    this.dirty = false;
    this.building = this.rebuild().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async rebuild(): Promise<void> {
    // A node that does not answer in time keeps the last count rather than failing the rebuild.
    this.liveDoctors = await this.countLiveDoctors().catch(() => this.liveDoctors);
    const tz = this.timeZone;
    const dayStart = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
    const entries = await this.db
      .select({
        id: queueEntries.id,
        patientId: queueEntries.patientId,
        userId: patientProfiles.userId,
        applicationId: queueEntries.applicationId,
        lineNumber: queueEntries.lineNumber,
        status: queueEntries.status,
        joinedAt: queueEntries.joinedAt,
        roomId: consultations.roomId,
      })
      .from(queueEntries)
      .innerJoin(patientProfiles, eq(patientProfiles.id, queueEntries.patientId))
      // The open call of a consultation in progress; ending it sets ended_at and closes it.
      .leftJoin(
        consultations,
        and(eq(consultations.queueEntryId, queueEntries.id), isNull(consultations.endedAt)),
      )
      .where(
        or(
          inArray(queueEntries.status, [...ACTIVE_QUEUE_STATUSES]),
          and(
            eq(queueEntries.status, 'completed'),
            gt(queueEntries.completedAt, sql`now() - interval '12 hours'`),
          ),
        ),
      )
      .orderBy(...LINE_ORDER);
    const [stats] = await this.db
      .select({
        avgMinutes: sql<
          string | null
        >`avg(extract(epoch from ${queueEntries.completedAt} - ${queueEntries.startedAt})) filter (where ${queueEntries.status} = 'completed' and ${queueEntries.startedAt} > now() - interval '30 days') / 60`,
        doctorsToday: sql<number>`count(distinct ${queueEntries.doctorId}) filter (where ${queueEntries.startedAt} >= ${dayStart})::int`,
      })
      .from(queueEntries);
    this.averageMinutes = stats?.avgMinutes
      ? Math.max(1, Math.round(Number(stats.avgMinutes)))
      : DEFAULT_CONSULTATION_MINUTES;
    this.doctorsToday = Number(stats?.doctorsToday ?? 0);

    const line: QueueLine = {
      waiting: lineRuns(entries.filter((e) => e.status === 'waiting').map((e) => e.lineNumber)),
      averageConsultationMinutes: this.averageMinutes,
      doctorsOnDuty: this.doctorsOnDuty,
      physicianOnDuty: this.liveDoctors > 0,
      clinicOpensAt: this.clinicOpensAt(),
    };
    // The patients' pages and this snapshot place a patient by the same rule (queue-line.ts).
    const place = placeFinder(line.waiting);
    const next = new Map<string, { userId: string; view: QueueStatusView }>();
    for (const row of entries) {
      const status = row.status as QueueStatus;
      const view: QueueStatusView = {
        id: row.id,
        lineNumber: row.lineNumber,
        position: 0,
        estimatedWaitTime: 0,
        status,
        joinedAt: row.joinedAt.toISOString(),
        applicationId: row.applicationId,
        admitted: status !== 'waiting',
        averageConsultationMinutes: line.averageConsultationMinutes,
        roomId: status === 'in_consultation' ? (row.roomId ?? null) : null,
        physicianOnDuty: line.physicianOnDuty,
        clinicOpensAt: line.clinicOpensAt,
      };
      // Staff screens keep the estimate; the patient's page shows none without a physician.
      next.set(row.patientId, { userId: row.userId, view: applyQueueLine(view, line, place) });
    }

    // Fields compared, not whole views serialised: this runs for every patient at each change.
    const changes: QueueChange[] = [];
    let someoneLeft = false;
    for (const [patientId, { userId, view }] of next) {
      const before = this.views.get(patientId)?.view;
      if (before && !ownChange(before, view)) continue;
      changes.push({ userId, status: view });
      if (before?.status === 'waiting') someoneLeft = true;
    }
    for (const [patientId, { userId, view }] of this.views)
      if (!next.has(patientId)) {
        changes.push({ userId, status: null });
        if (view.status === 'waiting') someoneLeft = true;
      }
    const moved = lineMoved(this.line, line, someoneLeft);
    this.views = next;
    this.line = line;
    const announce = this.announce;
    this.announce = false;
    if ((changes.length || moved) && announce) this.onChange(changes, moved ? line : null);
  }
}
