import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createUser, signedInAs } from '../../test/fixtures.js';
import type { Client, TestApp } from '../../test/harness.js';
import { createTestApp } from '../../test/harness.js';
import { clinicClock, noonTimeZone, seedJourney } from '../../test/matrix/operations.js';

// The operations figures against a seeded clinic day whose every number is known. The clinic's
// time zone is one where it is now about noon, so "today" has twelve past hours to fill.

const zone = noonTimeZone();
const { at, date, today } = clinicClock(zone);

let t: TestApp;
let master: Client;
let operations: Client;
let ownAdmin: { client: Client; id: string };
let idleDoctorAdmin: Client;
let p3Queue: string;
let p5Queue: string;
let p8Queue: string;

beforeAll(async () => {
  t = await createTestApp({ config: { CLINIC_TIMEZONE: zone.timeZone } });
  master = (await signedInAs(t.app, 'master_admin')).client;
  operations = (await signedInAs(t.app, 'operations_admin')).client;
  // A doctor admin holding `financial` too, who records outcomes; and one who recorded none.
  ownAdmin = await signedInAs(t.app, 'doctor_admin', {
    permissions: ['meetings', 'analytics', 'financial'],
  });
  idleDoctorAdmin = (await signedInAs(t.app, 'doctor_admin')).client;
  const d1 = (await createUser(t.app, 'doctor')).id;
  const d2 = (await createUser(t.app, 'doctor')).id;
  const da = ownAdmin.id;

  // P1: today, waited 10 min, 18-min consultation, approved by Dr 1.
  await seedJourney(t, {
    registeredAt: at(0, 1),
    payment: { cents: 13_700, at: at(0, 1, 5) },
    queue: {
      status: 'completed',
      joinedAt: at(0, 2),
      admittedAt: at(0, 2, 10),
      startedAt: at(0, 2, 12),
      completedAt: at(0, 2, 30),
    },
    consultation: {
      doctorId: d1,
      startedAt: at(0, 2, 12),
      endedAt: at(0, 2, 30),
      outcome: 'approved',
    },
  });
  // P2: today, started straight from waiting after 20 min (no admission time), 30 min,
  // not approved: the outcome recorded by the doctor admin.
  await seedJourney(t, {
    registeredAt: at(0, 3),
    // The hold was released with the denial: nothing taken.
    payment: { cents: 13_700, at: at(0, 3, 5), status: 'voided' },
    queue: {
      status: 'completed',
      joinedAt: at(0, 4),
      startedAt: at(0, 4, 20),
      completedAt: at(0, 4, 50),
    },
    consultation: {
      doctorId: d1,
      startedAt: at(0, 4, 20),
      endedAt: at(0, 4, 50),
      outcome: 'not_approved',
      outcomeBy: da,
    },
  });
  // P3: today, reduced fee, waited 30 min, in consultation with Dr 2.
  p3Queue = (
    await seedJourney(t, {
      registeredAt: at(0, 5),
      payment: { cents: 3_000, at: at(0, 5, 5), status: 'authorized' },
      queue: {
        status: 'in_consultation',
        joinedAt: at(0, 6),
        admittedAt: at(0, 6, 30),
        startedAt: at(0, 6, 31),
      },
      consultation: { doctorId: d2, startedAt: at(0, 6, 31) },
    })
  ).queueId!;
  // P4: today, the card was declined.
  await seedJourney(t, {
    registeredAt: at(0, 7),
    payment: { cents: 13_700, at: at(0, 7, 5), status: 'declined' },
  });
  // P5 and P8: paid today (the fee held) and waiting.
  p5Queue = (
    await seedJourney(t, {
      registeredAt: at(0, 7, 30),
      payment: { cents: 13_700, at: at(0, 7, 30), status: 'authorized' },
      queue: { status: 'waiting', joinedAt: at(0, 8) },
    })
  ).queueId!;
  p8Queue = (
    await seedJourney(t, {
      registeredAt: at(0, 8, 50),
      payment: { cents: 13_700, at: at(0, 8, 55), status: 'authorized' },
      queue: { status: 'waiting', joinedAt: at(0, 9) },
    })
  ).queueId!;
  // P9: today, waited 20 min, 17-min consultation ended without an outcome yet.
  await seedJourney(t, {
    registeredAt: at(0, 0, 30),
    payment: { cents: 13_700, at: at(0, 0, 35), status: 'authorized' },
    queue: {
      status: 'completed',
      joinedAt: at(0, 9, 10),
      admittedAt: at(0, 9, 30),
      startedAt: at(0, 9, 31),
      completedAt: at(0, 9, 48),
    },
    consultation: { doctorId: d1, startedAt: at(0, 9, 31), endedAt: at(0, 9, 48) },
  });
  // P6: yesterday, waited 40 min, 15 min, approved by the doctor admin.
  await seedJourney(t, {
    registeredAt: at(-1, 10),
    payment: { cents: 13_700, at: at(-1, 10, 5) },
    queue: {
      status: 'completed',
      joinedAt: at(-1, 11),
      admittedAt: at(-1, 11, 40),
      startedAt: at(-1, 11, 45),
      completedAt: at(-1, 12),
    },
    consultation: {
      doctorId: d1,
      startedAt: at(-1, 11, 45),
      endedAt: at(-1, 12),
      outcome: 'approved',
      outcomeBy: da,
    },
  });
  // P7: 40 days ago, outside every window.
  await seedJourney(t, {
    registeredAt: at(-40, 9),
    payment: { cents: 13_700, at: at(-40, 9, 5) },
    queue: {
      status: 'completed',
      joinedAt: at(-40, 10),
      admittedAt: at(-40, 10, 5),
      startedAt: at(-40, 10, 6),
      completedAt: at(-40, 10, 30),
    },
    consultation: {
      doctorId: d1,
      startedAt: at(-40, 10, 6),
      endedAt: at(-40, 10, 30),
      outcome: 'approved',
    },
  });
});
afterAll(() => t.close());

const auditCount = async () => (await t.app.ctx.db.select().from(auditLog)).length;

describe('GET /api/admin/queue-status', () => {
  it('lists the line with patients named, measured averages and estimates', async () => {
    const before = await auditCount();
    const res = await operations.get('/api/admin/queue-status');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      queueLength: 2,
      // Today's waits: 10, 20, 30 and 20 minutes.
      averageWaitTime: 20,
      // Completed consultations over 30 days: 18, 30, 17 and 15 minutes.
      averageConsultationMinutes: 20,
      // Two doctors started consultations today, but none is connected now (issue 12).
      doctorsOnDuty: 0,
      queue: [
        {
          id: p3Queue,
          currentPosition: 0,
          applicationId: expect.any(String),
          patientName: 'Seeded Patient',
          dateOfBirth: null,
          language: 'en',
          estimatedWaitTime: 0,
          status: 'in_consultation',
          joinedAt: at(0, 6).toISOString(),
        },
        {
          id: p5Queue,
          currentPosition: 1,
          applicationId: expect.any(String),
          patientName: 'Seeded Patient',
          dateOfBirth: null,
          language: 'en',
          estimatedWaitTime: 0,
          status: 'waiting',
          joinedAt: at(0, 8).toISOString(),
        },
        {
          id: p8Queue,
          currentPosition: 2,
          applicationId: expect.any(String),
          patientName: 'Seeded Patient',
          dateOfBirth: null,
          language: 'en',
          // One patient ahead × 20 min ÷ 2 doctors (on duty: consulting today, ruling 16).
          estimatedWaitTime: 10,
          status: 'waiting',
          joinedAt: at(0, 9).toISOString(),
        },
      ],
    });
    // Names are patient data: the read is audited (ruling 17).
    expect(await auditCount()).toBe(before + 1);
  });
});

/** The seeded payments carry no state fee and nothing refunded (issue 22's figures: billing-state-fees.test.ts). */
const NO_STATE_FEES = {
  stateFees: { held: '0.00', paidToOmma: '0.00', refunded: '0.00' },
  refunds: '0.00',
};

describe('GET /api/admin/billing-verification', () => {
  it("counts today's revenue, billable sessions and rates", async () => {
    const res = await master.get('/api/admin/billing-verification');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      window: { days: 1, from: today, to: today },
      // Captured charges only (issue 11): P1's, taken on approval. The holds of P3, P5, P8
      // and P9, P2's released hold, the declined card and yesterday's charge are not counted.
      revenue: '137.00',
      ...NO_STATE_FEES,
      billableSessions: 2,
      overview: {
        totalConsultations: 4,
        completedConsultations: 3,
        billableConsultations: 2,
        totalRevenue: '137.00',
        completionRate: 75,
        billableRate: 50,
      },
    });
  });

  it('takes a longer window with ?days', async () => {
    const res = await master.get('/api/admin/billing-verification?days=2');
    expect(res.json()).toEqual({
      window: { days: 2, from: date(-1), to: today },
      revenue: '274.00',
      ...NO_STATE_FEES,
      billableSessions: 3,
      overview: {
        totalConsultations: 5,
        completedConsultations: 4,
        billableConsultations: 3,
        totalRevenue: '274.00',
        completionRate: 80,
        billableRate: 60,
      },
    });
    const thirds = await master.get('/api/admin/billing-verification?days=60');
    // Six started (P7 too), five ended, four with an outcome: 83.3 % and 66.7 %.
    expect(thirds.json().overview).toMatchObject({ completionRate: 83.3, billableRate: 66.7 });
  });

  it('gives a doctor admin their own figures: the outcomes they recorded', async () => {
    const res = await ownAdmin.client.get('/api/admin/billing-verification?days=2');
    expect(res.json()).toEqual({
      window: { days: 2, from: date(-1), to: today },
      // P6's captured charge; P2's hold was released.
      revenue: '137.00',
      ...NO_STATE_FEES,
      billableSessions: 2,
      overview: {
        totalConsultations: 2,
        completedConsultations: 2,
        billableConsultations: 2,
        totalRevenue: '137.00',
        completionRate: 100,
        billableRate: 100,
      },
    });
  });

  it.each(['0', '366', '1.5', 'abc'])('refuses ?days=%s with a message', async (days) => {
    const res = await master.get(`/api/admin/billing-verification?days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Days must be a whole number from 1 to 365');
  });
});

describe('GET /api/admin/analytics', () => {
  const consultationsPerDay = (counts: Record<string, number>) =>
    Array.from({ length: 30 }, (_, i) => date(i - 29)).map((d) => ({
      date: d,
      count: counts[d] ?? 0,
    }));

  it('gives the clinic figures and revenue to a caller holding `financial`', async () => {
    const res = await master.get('/api/admin/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      window: { days: 30, from: date(-29), to: today },
      consultationsPerDay: consultationsPerDay({ [today]: 4, [date(-1)]: 1 }),
      // Waits in the window: 10, 20, 30, 20 and 40 minutes.
      waitTimes: { averageMinutes: 24, p90Minutes: 36 },
      // Eight registered in the window (not P7); P4's card was declined; five were seen; two
      // approved.
      conversion: { registered: 8, paid: 7, consulted: 5, approved: 2 },
      // Captured charges only: P1 today, P6 yesterday.
      revenue: {
        total: '274.00',
        perDay: Array.from({ length: 30 }, (_, i) => date(i - 29)).map((d) => ({
          date: d,
          amount: d === today || d === date(-1) ? '137.00' : '0.00',
        })),
      },
      scope: 'clinic',
    });
  });

  it('leaves revenue out for a caller without `financial`', async () => {
    const body = (await operations.get('/api/admin/analytics')).json();
    expect(body).not.toHaveProperty('revenue');
    expect(body.conversion).toEqual({ registered: 8, paid: 7, consulted: 5, approved: 2 });
  });

  it('limits a doctor admin to the consultations whose outcome they recorded', async () => {
    const body = (await ownAdmin.client.get('/api/admin/analytics')).json();
    expect(body).toEqual({
      window: { days: 30, from: date(-29), to: today },
      consultationsPerDay: consultationsPerDay({ [today]: 1, [date(-1)]: 1 }),
      // P2 waited 20 minutes, P6 40.
      waitTimes: { averageMinutes: 30, p90Minutes: 38 },
      conversion: { registered: 2, paid: 2, consulted: 2, approved: 1 },
      revenue: {
        total: '137.00',
        perDay: Array.from({ length: 30 }, (_, i) => date(i - 29)).map((d) => ({
          date: d,
          amount: d === date(-1) ? '137.00' : '0.00',
        })),
      },
      scope: 'own',
    });

    const idle = (await idleDoctorAdmin.get('/api/admin/analytics?days=7')).json();
    expect(idle).toEqual({
      window: { days: 7, from: date(-6), to: today },
      consultationsPerDay: Array.from({ length: 7 }, (_, i) => ({ date: date(i - 6), count: 0 })),
      waitTimes: { averageMinutes: null, p90Minutes: null },
      conversion: { registered: 0, paid: 0, consulted: 0, approved: 0 },
      scope: 'own',
    });
  });

  it('covers up to a year and refuses more', async () => {
    const year = (await master.get('/api/admin/analytics?days=365')).json();
    expect(year.consultationsPerDay).toHaveLength(365);
    expect(year.consultationsPerDay.at(-1)).toEqual({ date: today, count: 4 });
    expect(year.consultationsPerDay.find((d: { date: string }) => d.date === date(-40))).toEqual({
      date: date(-40),
      count: 1,
    });
    expect(year.revenue.total).toBe('411.00');
    const res = await master.get('/api/admin/analytics?days=400');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Days must be a whole number from 1 to 365');
  });
});
