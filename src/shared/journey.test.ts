import { describe, expect, it } from 'vitest';
import {
  addDays,
  computeDecision,
  computeJourney,
  daysBetween,
  documentsNeedingAttention,
  type JourneyInput,
  type JourneyStepState,
} from './journey.js';

const C: JourneyStepState = 'completed';
const N: JourneyStepState = 'current';
const P: JourneyStepState = 'pending';
const A: JourneyStepState = 'attention';
const B: JourneyStepState = 'blocked';

const REQUIRED = ['government_id', 'proof_of_residency', 'photo'];
const docs = (status = 'pending'): JourneyInput['documents'] =>
  REQUIRED.map((category, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    category,
    status,
    reviewNote: null,
  }));

const base: JourneyInput = {
  hasPatient: true,
  application: null,
  documents: [],
  queue: null,
  consultation: null,
  recommendationDocumentId: null,
};
const app = (over: Partial<NonNullable<JourneyInput['application']>> = {}) => ({
  status: 'pending',
  paymentStatus: 'unpaid',
  amountCents: 13700,
  conditions: 1,
  ...over,
});
/** Intake done, fee held, waiting in the queue. */
const queued: JourneyInput = {
  ...base,
  application: app({ status: 'payment_completed', paymentStatus: 'authorized' }),
  documents: docs(),
  queue: { status: 'waiting' },
};
const consultation = (over: Partial<NonNullable<JourneyInput['consultation']>> = {}) => ({
  endedAt: null,
  outcome: null,
  outcomeReason: null,
  ...over,
});

const states = (input: JourneyInput) => computeJourney(input).steps.map((s) => s.state);
const step = (input: JourneyInput, key: string) =>
  computeJourney(input).steps.find((s) => s.key === key)!;

describe('computeJourney', () => {
  it('lists the ten steps of the visit in order, on to the state application and the licence', () => {
    expect(computeJourney(base).steps.map((s) => s.title)).toEqual([
      'Account',
      'Application',
      'Documents',
      'Consent and payment',
      'Consultation queue',
      'Video consultation',
      'Physician decision',
      'Recommendation delivered',
      'State application',
      'Licence',
    ]);
  });

  it('without a patient profile the account is current', () => {
    const j = computeJourney({ ...base, hasPatient: false });
    expect(j.steps[0]).toMatchObject({ state: N, action: { to: '/register' } });
    expect(j.completed).toBe(0);
    expect(j.current).toBe('account');
  });

  it('a new patient is at the application, with the wizard as the next action', () => {
    const j = computeJourney(base);
    expect(j.steps.map((s) => s.state)).toEqual([C, N, P, P, P, P, P, P, P, P]);
    expect(j.steps[1]!.action).toEqual({ label: 'Start your application', to: '/patient/intake' });
    expect(j.percent).toBe(10);
    // Only the current step carries an action.
    expect(j.steps.filter((s) => s.action).map((s) => s.key)).toEqual(['application']);
  });

  it('an application without a condition is not complete', () => {
    expect(states({ ...base, application: app({ conditions: 0 }) })).toEqual([
      C,
      N,
      P,
      P,
      P,
      P,
      P,
      P,
      P,
      P,
    ]);
  });

  it('documents: names what is missing and links to its category', () => {
    const s = step({ ...base, application: app(), documents: docs().slice(0, 1) }, 'documents');
    expect(s.state).toBe(N);
    expect(s.status).toBe('Still needed: Proof of Oklahoma Residency, Photograph.');
    expect(s.action).toEqual({
      label: 'Upload documents',
      to: '/patient/documents?category=proof_of_residency',
    });
  });

  it('pending review is enough for the documents step; payment is then current', () => {
    expect(states({ ...base, application: app(), documents: docs() })).toEqual([
      C,
      C,
      C,
      N,
      P,
      P,
      P,
      P,
      P,
      P,
    ]);
  });

  it('a rejected required document needs attention, with its reason and an upload action', () => {
    const rejected = docs();
    rejected[0] = { ...rejected[0]!, status: 'rejected', reviewNote: 'The photo is blurred' };
    const s = step({ ...base, application: app(), documents: rejected }, 'documents');
    expect(s).toMatchObject({
      state: A,
      status: 'Government-Issued ID was not accepted: The photo is blurred',
      action: { label: 'Upload a new file', to: '/patient/documents?category=government_id' },
    });
    // The next open step is still current.
    expect(computeJourney({ ...base, application: app(), documents: rejected }).current).toBe(
      'payment',
    );
  });

  it('the fee is covered when authorized or captured', () => {
    for (const paymentStatus of ['authorized', 'captured'])
      expect(step({ ...queued, application: app({ paymentStatus }) }, 'payment').state).toBe(C);
    for (const paymentStatus of ['unpaid', 'voided', 'refunded'])
      expect(
        step({ ...base, application: app({ paymentStatus }), documents: docs() }, 'payment'),
      ).toMatchObject({ state: N, action: { to: '/patient/intake' } });
  });

  it('waiting in the queue: the queue is current', () => {
    const j = computeJourney(queued);
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, C, N, P, P, P, P, P]);
    expect(j.steps[4]).toMatchObject({
      status: 'You are waiting for a physician.',
      action: { to: '/patient/queue' },
    });
  });

  it('started but not ended: the consultation is current, not complete', () => {
    const input = { ...queued, queue: { status: 'in_consultation' }, consultation: consultation() };
    const j = computeJourney(input);
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, C, C, N, P, P, P, P]);
    expect(j.steps[5]!.status).toBe('Your consultation is in progress.');
    // The call's Join is offered only when the consultation has a video room.
    expect(j.steps[5]!.action).toBeNull();
    expect(
      step({ ...input, consultation: consultation({ hasRoom: true }) }, 'consultation').action,
    ).toEqual({ label: 'Join the video call', to: '/patient/queue' });
  });

  it('ended without an outcome: the decision is current', () => {
    const input = {
      ...queued,
      queue: { status: 'completed' },
      consultation: consultation({ endedAt: '2026-03-01T15:00:00Z' }),
    };
    expect(states(input)).toEqual([C, C, C, C, C, C, N, P, P, P]);
  });

  it('approved with the recommendation delivered: the visit is complete, the state application next', () => {
    const j = computeJourney({
      ...queued,
      application: app({ status: 'approved', paymentStatus: 'captured' }),
      queue: { status: 'completed' },
      consultation: consultation({ endedAt: '2026-03-01T15:00:00Z', outcome: 'approved' }),
      recommendationDocumentId: '00000000-0000-4000-8000-0000000000aa',
    });
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, C, C, C, C, C, N, P]);
    expect(j.percent).toBe(80);
    expect(j.current).toBe('state_application');
  });

  it('not approved: the decision needs attention with the reason; delivery is blocked', () => {
    const input = {
      ...queued,
      application: app({ status: 'rejected', paymentStatus: 'voided' }),
      queue: { status: 'completed' },
      consultation: consultation({
        endedAt: '2026-03-01T15:00:00Z',
        outcome: 'not_approved',
        outcomeReason: 'No qualifying condition documented',
      }),
    };
    const j = computeJourney(input);
    expect(j.steps.map((s) => s.state)).toEqual([C, C, C, C, C, C, A, B, B, B]);
    expect(j.steps[6]!.status).toBe('Not approved: No qualifying condition documented');
    expect(j.steps[3]!.status).toBe('Your card was not charged; the hold was released.');
    expect(j.current).toBe('decision');
  });

  it('removed from the queue by the clinic: the queue needs attention', () => {
    const s = step(
      { ...queued, queue: { status: 'rejected', removalReason: 'Duplicate' } },
      'queue',
    );
    expect(s).toMatchObject({
      state: A,
      status: 'The clinic removed you from the queue: Duplicate',
    });
    // Nothing after it is current: the patient acts on the removal first.
    const j = computeJourney({ ...queued, queue: { status: 'rejected' } });
    expect(j.steps.map((x) => x.state)).toEqual([C, C, C, C, A, P, P, P, P, P]);
    expect(j.current).toBe('queue');
  });

  it('queued with an intake step still open (an older application): it needs attention', () => {
    const j = computeJourney({
      ...queued,
      application: app({ conditions: 0, paymentStatus: 'captured' }),
      documents: [],
    });
    expect(j.steps.map((s) => s.state)).toEqual([C, A, A, C, N, P, P, P, P, P]);
    expect(j.current).toBe('queue');
  });
});

describe('computeDecision', () => {
  const approved = {
    ...queued,
    consultation: consultation({ endedAt: '2026-03-01T15:00:00Z', outcome: 'approved' }),
    recommendationDocumentId: '00000000-0000-4000-8000-0000000000aa',
  };

  it('an approval expires for the state 30 days after it was signed', () => {
    expect(computeDecision(approved, { signedOn: '2026-03-01', today: '2026-03-11' })).toEqual({
      outcome: 'approved',
      signedOn: '2026-03-01',
      expiresOn: '2026-03-31',
      daysLeft: 20,
      documentId: '00000000-0000-4000-8000-0000000000aa',
    });
    // Past the deadline the count goes negative (the page says it has expired).
    expect(
      computeDecision(approved, { signedOn: '2026-03-01', today: '2026-04-02' }),
    ).toMatchObject({ daysLeft: -2 });
  });

  it('a denial carries the reason and what became of the fee', () => {
    const denied = {
      ...queued,
      application: app({ paymentStatus: 'voided' }),
      consultation: consultation({ outcome: 'not_approved', outcomeReason: 'Not eligible' }),
    };
    const decision = computeDecision(denied, { signedOn: null, today: '2026-03-01' });
    expect(decision).toEqual({
      outcome: 'not_approved',
      reason: 'Not eligible',
      paymentStatus: 'voided',
      amountCents: 13700,
    });
  });

  it('no decision before the outcome', () => {
    expect(computeDecision(queued, { signedOn: null, today: '2026-03-01' })).toBeNull();
  });
});

describe('documents needing attention', () => {
  it('lists rejected documents with their reason and where to upload a new one', () => {
    const list = documentsNeedingAttention([
      { id: 'a', category: 'photo', status: 'rejected', reviewNote: 'Face not visible' },
      { id: 'b', category: 'medical_records', status: 'rejected', reviewNote: null },
      { id: 'c', category: 'government_id', status: 'approved', reviewNote: null },
    ]);
    expect(list).toEqual([
      {
        id: 'a',
        category: 'photo',
        name: 'Photograph',
        reason: 'Face not visible',
        required: true,
        to: '/patient/documents?category=photo',
      },
      {
        id: 'b',
        category: 'medical_records',
        name: 'Medical Records',
        reason: null,
        required: false,
        to: '/patient/documents?category=medical_records',
      },
    ]);
  });
});

describe('calendar days', () => {
  it('adds and counts days across month ends and leap years', () => {
    expect(addDays('2028-02-15', 30)).toBe('2028-03-16');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
  });
});
