import { feeCovered } from './payment-status.js';

// The patient journey (patient-side.md §4 Patient journey, §9 Journey estimates): five steps,
// each completed, current or pending, computed from real data (ruling 9). Progress is the
// share of completed steps.

export type JourneyStepKey = 'registration' | 'payment' | 'consultation' | 'approval' | 'delivery';
export type JourneyStepState = 'completed' | 'current' | 'pending';

export interface JourneyStep {
  key: JourneyStepKey;
  title: string;
  /** How long the step usually takes (§9). */
  estimate: string;
  state: JourneyStepState;
}

export interface Journey {
  steps: JourneyStep[];
  completed: number;
  /** completed / 5, as a whole percent. */
  percent: number;
}

/** What the journey is computed from; every field may be missing while data loads. */
export interface JourneyInput {
  /** The signed-in user has a patient profile. */
  hasPatient: boolean;
  /** The latest application (GET /api/applications, first item), if any. */
  application?: {
    paymentStatus: string;
    status: string;
    approvedAt?: string | null;
  } | null;
  /** The patient's queue entry status (GET /api/queue/status), if any. */
  queueStatus?: string | null;
}

export const JOURNEY_STEPS: readonly Omit<JourneyStep, 'state'>[] = [
  { key: 'registration', title: 'Registration', estimate: '2 min' },
  { key: 'payment', title: 'Payment', estimate: '1-2 min' },
  { key: 'consultation', title: 'Consultation', estimate: '15-20 min' },
  { key: 'approval', title: 'License Approval', estimate: '1-2 business days' },
  { key: 'delivery', title: 'Document Delivery', estimate: 'Immediate' },
];

/** Application statuses that come only after the consultation took place (ruling 6). */
const AFTER_CONSULTATION = ['in_review', 'documents_collected', 'approved', 'rejected'];

export function computeJourney(input: JourneyInput): Journey {
  const app = input.application ?? null;
  const patient = input.hasPatient;
  const paid = app !== null && feeCovered(app.paymentStatus);
  const consulted =
    input.queueStatus === 'completed' || (app !== null && AFTER_CONSULTATION.includes(app.status));
  const approved = app !== null && (app.status === 'approved' || !!app.approvedAt);

  const state = (done: boolean, current: boolean): JourneyStepState =>
    done ? 'completed' : current ? 'current' : 'pending';
  const states: Record<JourneyStepKey, JourneyStepState> = {
    registration: state(patient, !patient),
    payment: state(paid, patient),
    consultation: state(consulted, paid),
    approval: state(approved, consulted),
    delivery: state(approved, false),
  };

  const steps = JOURNEY_STEPS.map((s) => ({ ...s, state: states[s.key] }));
  const completed = steps.filter((s) => s.state === 'completed').length;
  return { steps, completed, percent: Math.round((completed / steps.length) * 100) };
}
