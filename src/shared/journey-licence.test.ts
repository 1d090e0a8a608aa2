import { describe, expect, it } from 'vitest';
import { computeJourney, type JourneyInput } from './journey.js';
import { documentsStillNeeded, longDate } from './journey-licence.js';
import type { PatientStateApplication } from './schemas/state-application.js';

// The journey past the recommendation (issue 22): the State application and Licence steps in
// the words of each mode and status, and never asking a patient to pay a fee they paid.

const approved: JourneyInput = {
  hasPatient: true,
  application: { status: 'approved', paymentStatus: 'captured', amountCents: 13730, conditions: 1 },
  documents: ['government_id', 'proof_of_residency', 'photo'].map((category, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    category,
    status: 'approved',
    reviewNote: null,
  })),
  queue: { status: 'completed' },
  consultation: { endedAt: '2026-03-01T15:00:00Z', outcome: 'approved', outcomeReason: null },
  recommendationDocumentId: '00000000-0000-4000-8000-0000000000aa',
  today: '2026-03-05',
};
const sa = (over: Partial<PatientStateApplication> = {}): PatientStateApplication => ({
  mode: 'clinic_submits',
  status: 'preparing',
  ommaApplicationNumber: null,
  submittedOn: null,
  submitBy: '2026-03-31',
  ...over,
});
const journeyWith = (over: Partial<JourneyInput>) => computeJourney({ ...approved, ...over });
const step = (over: Partial<JourneyInput>, key: 'state_application' | 'license') =>
  journeyWith(over).steps.find((s) => s.key === key)!;
const PAY_AGAIN = /pay (the|OMMA the) state('s)? (license |licence )?fee(?! (to OMMA )?there)/i;

describe('the state application step, clinic_submits', () => {
  it('preparing: we prepare it and submit it by the date; it is the current step', () => {
    const j = journeyWith({ stateApplication: sa() });
    expect(j.current).toBe('state_application');
    expect(j.steps.find((s) => s.key === 'state_application')).toMatchObject({
      title: 'State application',
      state: 'current',
      status: 'We are preparing your OMMA application — we submit it by March 31, 2026.',
      action: null,
    });
    expect(j.steps.find((s) => s.key === 'license')!.state).toBe('pending');
  });

  it('submitted: done with the date and the number; the licence is awaited', () => {
    const over = {
      stateApplication: sa({
        status: 'submitted',
        submittedOn: '2026-03-04',
        ommaApplicationNumber: 'OMMA-77',
      }),
    };
    expect(step(over, 'state_application')).toMatchObject({
      state: 'completed',
      status: 'Submitted to OMMA on March 4, 2026 (application OMMA-77).',
    });
    expect(step(over, 'license')).toMatchObject({
      state: 'current',
      status: 'OMMA is reviewing your application. We let you know when your licence is issued.',
      action: null,
    });
  });

  it('rejected: names the documents still needed, the date, and uploads the first', () => {
    const rejected = sa({
      status: 'rejected',
      reason: 'The photo shows glasses',
      documentsNeeded: ['photo', 'proof_of_residency'],
      documentsReceived: [],
      resubmitBy: '2026-04-20',
    });
    expect(step({ stateApplication: rejected }, 'state_application')).toMatchObject({
      state: 'attention',
      status: 'OMMA needs: Photograph, Proof of Oklahoma Residency — upload by April 20, 2026.',
      action: { label: 'Upload Photograph', to: '/patient/documents?category=photo' },
    });
    // One sent: only the other is still asked for.
    const half = { ...rejected, documentsReceived: ['photo' as const] };
    expect(documentsStillNeeded(half)).toEqual(['proof_of_residency']);
    expect(step({ stateApplication: half }, 'state_application')).toMatchObject({
      status: 'OMMA needs: Proof of Oklahoma Residency — upload by April 20, 2026.',
      action: { to: '/patient/documents?category=proof_of_residency' },
    });
    // Nothing for the patient to send: the clinic corrects it.
    expect(
      step({ stateApplication: { ...rejected, documentsNeeded: [] } }, 'state_application'),
    ).toMatchObject({
      state: 'current',
      status: 'OMMA returned your application; we correct it and send it again by April 20, 2026.',
    });
  });

  it('lapsed unsubmitted: the clinic missed it and refunds the state fee; no licence', () => {
    const over = { stateApplication: sa({ status: 'lapsed' }), today: '2026-04-02' };
    const s = step(over, 'state_application');
    expect(s.state).toBe('attention');
    expect(s.status).toBe(
      'We did not submit your OMMA application by March 31, 2026, the last day for this recommendation. The clinic refunds the state fee you paid; contact the clinic about a new recommendation.',
    );
    expect(step(over, 'license').state).toBe('blocked');
  });

  it('lapsed after a rejection: the correction window ended; a new application is the way on', () => {
    const s = step(
      {
        stateApplication: sa({ status: 'lapsed', resubmitBy: '2026-04-20', documentsNeeded: [] }),
      },
      'state_application',
    );
    expect(s).toMatchObject({
      state: 'attention',
      status:
        'The 30 days to correct your OMMA application ended on April 20, 2026. A new recommendation is needed to apply again.',
      action: { label: 'Start a new application', to: '/patient/intake' },
    });
  });

  it('approved with the licence: every step complete, the licence number and expiry', () => {
    const j = journeyWith({
      stateApplication: sa({ status: 'approved', ommaApplicationNumber: 'OMMA-77' }),
      license: { licenseNumber: 'PAAA-1234-ZZZZ', issuedOn: '2026-03-20', expiresOn: '2028-03-20' },
    });
    expect(j.percent).toBe(100);
    expect(j.current).toBeNull();
    expect(j.steps.find((s) => s.key === 'license')!.status).toBe(
      'Licence PAAA-1234-ZZZZ — expires March 20, 2028.',
    );
  });
});

describe('the state application step, patient_submits', () => {
  const mine = (over: Partial<PatientStateApplication> = {}) =>
    sa({ mode: 'patient_submits', ...over });

  it('preparing: apply at the portal by the date and pay the state fee there; "I have applied"', () => {
    expect(step({ stateApplication: mine() }, 'state_application')).toMatchObject({
      state: 'current',
      status: "Apply at OMMA's patient portal by March 31, 2026 and pay the state fee there.",
      action: { label: 'I have applied', to: '/patient/dashboard#state-application' },
    });
  });

  it('submitted: the patient applied; they may enter the licence when it arrives', () => {
    const over = { stateApplication: mine({ status: 'submitted', submittedOn: '2026-03-03' }) };
    expect(step(over, 'state_application')).toMatchObject({
      state: 'completed',
      status: 'You applied at OMMA on March 3, 2026.',
    });
    expect(step(over, 'license')).toMatchObject({
      state: 'current',
      action: { label: 'Enter your licence', to: '/patient/dashboard#licence' },
    });
  });

  it('lapsed: the 30 days to apply ended; a new recommendation is needed', () => {
    expect(
      step({ stateApplication: mine({ status: 'lapsed' }) }, 'state_application'),
    ).toMatchObject({
      state: 'attention',
      status:
        'The 30 days to apply at OMMA with this recommendation ended on March 31, 2026. A new recommendation is needed to apply.',
    });
  });
});

describe('before the approval and without a state application', () => {
  const before: Partial<JourneyInput> = {
    consultation: null,
    queue: { status: 'waiting' },
    recommendationDocumentId: null,
  };

  it('says who applies in each mode', () => {
    expect(
      step({ ...before, stateApplicationMode: 'clinic_submits' }, 'state_application'),
    ).toMatchObject({
      state: 'pending',
      status:
        'Once you are approved, we prepare and submit your OMMA licence application for you and pay OMMA the state fee included in your payment.',
    });
    expect(
      step({ ...before, stateApplicationMode: 'patient_submits' }, 'state_application').status,
    ).toBe(
      "Once you are approved, you apply at OMMA's patient portal and pay the state fee to OMMA there.",
    );
  });

  it('a denial blocks both steps', () => {
    const denied = {
      consultation: {
        endedAt: '2026-03-01T15:00:00Z',
        outcome: 'not_approved',
        outcomeReason: null,
      },
      recommendationDocumentId: null,
    };
    expect(step(denied, 'state_application').state).toBe('blocked');
    expect(step(denied, 'license').state).toBe('blocked');
  });

  it('an approval from before state applications asks to apply, without a fee', () => {
    expect(step({}, 'state_application')).toMatchObject({
      state: 'current',
      status: "Apply for your licence at OMMA's patient portal with your recommendation.",
    });
  });
});

describe('the licence', () => {
  const license = { licenseNumber: 'PAAA-1', issuedOn: null, expiresOn: '2026-03-04' };

  it('past its expiry it needs attention', () => {
    expect(step({ license, today: '2026-03-05' }, 'license')).toMatchObject({
      state: 'attention',
      status: 'Your licence PAAA-1 expired on March 4, 2026. Renewing needs a new recommendation.',
    });
    expect(step({ license, today: '2026-03-04' }, 'license').state).toBe('completed');
  });
});

it('no line of either mode, at any status, asks to pay a fee the patient already paid', () => {
  for (const mode of ['clinic_submits', 'patient_submits'] as const)
    for (const status of ['preparing', 'submitted', 'approved', 'rejected', 'lapsed'] as const) {
      const j = journeyWith({ stateApplication: sa({ mode, status, resubmitBy: '2026-04-20' }) });
      for (const s of j.steps)
        if (mode === 'clinic_submits') expect(s.status).not.toMatch(/pay .*state fee/i);
        else expect(s.status).not.toMatch(PAY_AGAIN);
    }
});

it('dates read as the patient writes them, whatever the zone', () => {
  expect(longDate('2026-12-31')).toBe('December 31, 2026');
});
