import { describe, expect, it } from 'vitest';
import { computeJourney, JOURNEY_STEPS, type JourneyStepState } from './journey.js';

const states = (input: Parameters<typeof computeJourney>[0]) =>
  computeJourney(input).steps.map((s) => s.state);

const C: JourneyStepState = 'completed';
const N: JourneyStepState = 'current';
const P: JourneyStepState = 'pending';

describe('computeJourney', () => {
  it('lists the five steps with the spec estimates', () => {
    expect(JOURNEY_STEPS.map((s) => [s.title, s.estimate])).toEqual([
      ['Registration', '2 min'],
      ['Payment', '1-2 min'],
      ['Consultation', '15-20 min'],
      ['License Approval', '1-2 business days'],
      ['Document Delivery', 'Immediate'],
    ]);
  });

  it('without a patient profile nothing is done and registration is current', () => {
    const j = computeJourney({ hasPatient: false });
    expect(j.steps.map((s) => s.state)).toEqual([N, P, P, P, P]);
    expect(j.completed).toBe(0);
    expect(j.percent).toBe(0);
  });

  it('a registered patient with no application is at the payment step (20%)', () => {
    const j = computeJourney({ hasPatient: true, application: null, queueStatus: null });
    expect(j.steps.map((s) => s.state)).toEqual([C, N, P, P, P]);
    expect(j.percent).toBe(20);
  });

  it('an unpaid application keeps payment current', () => {
    expect(
      states({ hasPatient: true, application: { paymentStatus: 'unpaid', status: 'pending' } }),
    ).toEqual([C, N, P, P, P]);
  });

  it('paid: the consultation is current, even while waiting in the queue (40%)', () => {
    const j = computeJourney({
      hasPatient: true,
      application: { paymentStatus: 'authorized', status: 'payment_completed' },
      queueStatus: 'waiting',
    });
    expect(j.steps.map((s) => s.state)).toEqual([C, C, N, P, P]);
    expect(j.percent).toBe(40);
  });

  it('a completed queue entry completes the consultation; approval becomes current', () => {
    const j = computeJourney({
      hasPatient: true,
      application: { paymentStatus: 'authorized', status: 'payment_completed' },
      queueStatus: 'completed',
    });
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, N, P]);
    expect(j.percent).toBe(60);
  });

  it('an application status past payment means the consultation took place', () => {
    for (const status of ['in_review', 'documents_collected', 'rejected'])
      expect(
        states({ hasPatient: true, application: { paymentStatus: 'authorized', status } }),
      ).toEqual([C, C, C, N, P]);
  });

  it('approval completes approval and delivery (100%)', () => {
    const j = computeJourney({
      hasPatient: true,
      application: { paymentStatus: 'authorized', status: 'approved', approvedAt: '2026-01-02' },
      queueStatus: null,
    });
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, C, C]);
    expect(j.completed).toBe(5);
    expect(j.percent).toBe(100);
  });

  it('an approvedAt date counts as approved', () => {
    expect(
      states({
        hasPatient: true,
        application: { paymentStatus: 'authorized', status: 'in_review', approvedAt: '2026-01-02' },
      }),
    ).toEqual([C, C, C, C, C]);
  });

  it('admitted or in consultation is not yet a completed consultation', () => {
    for (const queueStatus of ['admitted', 'in_consultation'])
      expect(
        states({
          hasPatient: true,
          application: { paymentStatus: 'authorized', status: 'payment_completed' },
          queueStatus,
        }),
      ).toEqual([C, C, N, P, P]);
  });
});
