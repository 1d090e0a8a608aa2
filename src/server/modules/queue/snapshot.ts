import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type HoursGroup,
  nextClinicOpening,
  parseClinicHours,
} from '../../../shared/clinic-hours.js';
import {
  ACTIVE_QUEUE_STATUSES,
  DEFAULT_CONSULTATION_MINUTES,
  estimateWaitMinutes,
  type QueueStatus,
  type QueueStatusView,
} from '../../../shared/queue.js';
import type { Db } from '../../db/client.js';
import { consultations, patientProfiles, queueEntries } from '../../db/schema/index.js';

// Every waiting patient polls their status, so it is served from memory (DESIGN.md
// performance architecture): the queue is read once when it changes, and each patient's view
// is computed from that snapshot. Changes are pushed to the patients whose view moved.

export interface QueueChange {
  userId: string;
  status: QueueStatusView | null;
}

export class QueueSnapshot {
  private views = new Map<string, { userId: string; view: QueueStatusView }>();
  private dirty = true;
  private announce = false;
  private building: Promise<void> | null = null;
  private liveDoctors = 0;
  private doctorsToday = 0;
  private averageMinutes = DEFAULT_CONSULTATION_MINUTES;

  /** Receives the patients whose status changed after each rebuild. */
  onChange: (changes: QueueChange[]) => void = () => {};

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
      .orderBy(asc(queueEntries.joinedAt), asc(queueEntries.id));
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

    const next = new Map<string, { userId: string; view: QueueStatusView }>();
    let position = 0;
    const physicianOnDuty = this.liveDoctors > 0;
    const clinicOpensAt = this.clinicOpensAt();
    for (const row of entries) {
      const status = row.status as QueueStatus;
      const waiting = status === 'waiting';
      if (waiting) position++;
      next.set(row.patientId, {
        userId: row.userId,
        view: {
          id: row.id,
          position: waiting ? position : 0,
          // Staff screens keep the estimate; the patient's page shows none without a physician.
          estimatedWaitTime: waiting
            ? estimateWaitMinutes(position, this.averageMinutes, this.doctorsOnDuty)
            : 0,
          status,
          joinedAt: row.joinedAt.toISOString(),
          applicationId: row.applicationId,
          admitted: !waiting,
          averageConsultationMinutes: this.averageMinutes,
          roomId: status === 'in_consultation' ? (row.roomId ?? null) : null,
          physicianOnDuty,
          clinicOpensAt,
        },
      });
    }

    const changes: QueueChange[] = [];
    for (const [patientId, { userId, view }] of next) {
      const before = this.views.get(patientId)?.view;
      if (!before || JSON.stringify(before) !== JSON.stringify(view))
        changes.push({ userId, status: view });
    }
    for (const [patientId, { userId }] of this.views)
      if (!next.has(patientId)) changes.push({ userId, status: null });
    this.views = next;
    const announce = this.announce;
    this.announce = false;
    if (changes.length && announce) this.onChange(changes);
  }
}
