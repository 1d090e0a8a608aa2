import { randomUUID } from 'node:crypto';
import {
  applications,
  consultations,
  patientProfiles,
  payments,
  queueEntries,
  users,
} from '../../db/schema/index.js';
import type { TestApp } from '../harness.js';
import type { Endpoint, Method } from './types.js';

// Operations dashboards (ruling 3: `analytics`; billing needs `financial`) and the console's
// sidebar counts (any staff member).
export const OPERATIONS_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/queue-status', access: 'analytics', ok: 200 },
  { method: 'GET', path: '/api/admin/billing-verification', access: 'financial', ok: 200 },
  { method: 'GET', path: '/api/admin/analytics', access: 'analytics', ok: 200 },
  // The console's badges: every staff member; each count is narrowed inside (console-counts.ts).
  { method: 'GET', path: '/api/admin/console-counts', access: 'staff', ok: 200 },
];

/**
 * The Doctor Dashboard's calls: the doctor role only (staff-and-video.md §2). No ACCESS rule
 * is doctor-only, so the matrix lists them as not staff and modules/doctor/doctor-only.test.ts
 * checks them for every role.
 */
export const DOCTOR_ONLY_ENDPOINTS: { method: Method; path: string }[] = [
  { method: 'GET', path: '/api/doctor/queue' },
  { method: 'GET', path: '/api/doctor/consultations' },
  { method: 'GET', path: '/api/doctor/stats' },
];

// ------------------------------------------------------------------------------------------
// Seeding for the operations and doctor tests: rows with explicit timestamps, so figures that
// depend on "today" are exact. The clinic's time zone is a fixed-offset zone where it is now
// about noon, so every seeded hour of "today" is in the past and never crosses midnight.

/** A fixed-offset zone (no DST) whose local time is now between 12:00 and 13:00. */
export function noonTimeZone(now = new Date()): { timeZone: string; offsetHours: number } {
  const offsetHours = 12 - now.getUTCHours(); // from +12 to −11: every one is a real zone
  const timeZone =
    offsetHours === 0
      ? 'Etc/GMT'
      : // Etc/GMT zones are named with the sign inverted (Etc/GMT-5 is UTC+5).
        `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  return { timeZone, offsetHours };
}

/** `at(dayOffset, hour, minute)`: a clinic wall-clock time, today (0) or days ago (−n). */
export function clinicClock(zone: { timeZone: string; offsetHours: number }) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const at = (dayOffset: number, hour: number, minute = 0) =>
    new Date(Date.UTC(y, m - 1, d + dayOffset, hour - zone.offsetHours, minute));
  const date = (dayOffset: number) =>
    new Date(Date.UTC(y, m - 1, d + dayOffset)).toISOString().slice(0, 10);
  return { today, at, date };
}

export interface JourneySeed {
  registeredAt: Date;
  firstName?: string;
  lastName?: string;
  type?: 'new' | 'renewal';
  /** Captured unless said: held (authorized) and released (voided) fees are not revenue. */
  payment?: { cents: number; at: Date; status?: 'captured' | 'authorized' | 'voided' | 'declined' };
  queue?: {
    status: 'waiting' | 'admitted' | 'in_consultation' | 'completed';
    joinedAt: Date;
    admittedAt?: Date;
    startedAt?: Date;
    completedAt?: Date;
    doctorId?: string;
  };
  consultation?: {
    doctorId: string;
    startedAt: Date;
    endedAt?: Date;
    outcome?: 'approved' | 'not_approved';
    outcomeBy?: string;
  };
}

/** Inserts a patient and as much of the journey as given, at the given times. */
export async function seedJourney(t: TestApp, seed: JourneySeed) {
  const db = t.app.ctx.db;
  const firstName = seed.firstName ?? 'Seeded';
  const lastName = seed.lastName ?? 'Patient';
  const [user] = await db
    .insert(users)
    .values({
      email: `seed-${randomUUID()}@example.test`,
      passwordHash: 'not-a-hash',
      firstName,
      lastName,
      role: 'patient',
      createdAt: seed.registeredAt,
    })
    .returning();
  const [profile] = await db
    .insert(patientProfiles)
    .values({ userId: user!.id, firstName, lastName, createdAt: seed.registeredAt })
    .returning();
  const paymentStatus = seed.payment ? (seed.payment.status ?? 'captured') : 'unpaid';
  const paid = paymentStatus === 'captured' || paymentStatus === 'authorized';
  const c = seed.consultation;
  const approvedAt = c?.outcome === 'approved' ? (c.endedAt ?? c.startedAt) : null;
  const [application] = await db
    .insert(applications)
    .values({
      patientId: profile!.id,
      type: seed.type ?? 'new',
      status: approvedAt
        ? 'approved'
        : c?.outcome === 'not_approved'
          ? 'rejected'
          : c
            ? 'in_review'
            : paid
              ? 'payment_completed'
              : 'pending',
      paymentStatus: paymentStatus === 'declined' ? 'unpaid' : paymentStatus,
      amountCents: seed.payment?.cents ?? 13_700,
      createdAt: seed.registeredAt,
      approvedAt,
    })
    .returning();
  if (seed.payment)
    await db.insert(payments).values({
      applicationId: application!.id,
      patientId: profile!.id,
      amountCents: seed.payment.cents,
      status: paymentStatus,
      provider: 'simulator',
      createdAt: seed.payment.at,
      completedAt: seed.payment.at,
      capturedAt: paymentStatus === 'captured' ? seed.payment.at : null,
    });
  let queueId: string | null = null;
  if (seed.queue) {
    const q = seed.queue;
    const [entry] = await db
      .insert(queueEntries)
      .values({
        applicationId: application!.id,
        patientId: profile!.id,
        status: q.status,
        joinedAt: q.joinedAt,
        admittedAt: q.admittedAt ?? null,
        startedAt: q.startedAt ?? null,
        completedAt: q.completedAt ?? null,
        doctorId: q.doctorId ?? c?.doctorId ?? null,
      })
      .returning();
    queueId = entry!.id;
  }
  let consultationId: string | null = null;
  if (c) {
    if (!queueId) throw new Error('a consultation needs a queue entry');
    const [row] = await db
      .insert(consultations)
      .values({
        queueEntryId: queueId,
        applicationId: application!.id,
        patientId: profile!.id,
        doctorId: c.doctorId,
        startedAt: c.startedAt,
        endedAt: c.endedAt ?? null,
        durationSeconds: c.endedAt
          ? Math.round((c.endedAt.getTime() - c.startedAt.getTime()) / 1000)
          : null,
        outcome: c.outcome ?? null,
        outcomeAt: c.outcome ? (c.endedAt ?? c.startedAt) : null,
        outcomeBy: c.outcome ? (c.outcomeBy ?? c.doctorId) : null,
      })
      .returning();
    consultationId = row!.id;
  }
  t.app.ctx.queue.invalidate();
  return {
    userId: user!.id,
    patientId: profile!.id,
    applicationId: application!.id,
    queueId,
    consultationId,
  };
}
