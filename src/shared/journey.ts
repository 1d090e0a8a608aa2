// The patient's visit (issue 11: the journey is the server's): account → application →
// documents → consent and payment → queue → consultation → decision → recommendation
// delivered. One pure function computes it from the records; the server answers it from
// GET /api/patient/journey and every patient screen renders that answer, so no screen states a
// step the records do not support (the consultation is complete when it ended, not when the
// physician pressed Start).

import { CATEGORY_DEFINITIONS, type DocumentCategory, isRequiredDocument } from './documents.js';
import { licenseFacts, stateApplicationFacts } from './journey-licence.js';
import {
  accountFacts,
  applicationFacts,
  consultationFacts,
  decisionFacts,
  deliveryFacts,
  documentsFacts,
  type Facts,
  paymentFacts,
  queueFacts,
} from './journey-steps.js';
import { isOwnKey } from './own-keys.js';
import type {
  Decision,
  DocumentNeedingAttention,
  Journey,
  JourneyStep,
  JourneyStepKey,
  JourneyStepState,
} from './schemas/journey.js';
import type { License, PatientStateApplication } from './schemas/state-application.js';
import type { StateApplicationMode } from './state-application.js';
import { uploadRouteFor } from './upload-route.js';

export type { Journey, JourneyStep, JourneyStepKey, JourneyStepState } from './schemas/journey.js';

/** OMMA needs the physician recommendation dated within this many days of the license application. */
export const RECOMMENDATION_VALID_DAYS = 30;

/** The records the journey is computed from (the latest application and what hangs off it). */
export interface JourneyInput {
  /** The signed-in user has a patient profile. */
  hasPatient: boolean;
  application: {
    status: string;
    /** 'unpaid' | 'authorized' | 'captured' | 'voided' | 'refunded' */
    paymentStatus: string;
    amountCents: number;
    conditions: number;
  } | null;
  /** The patient's current document of each category (replaced files left out). */
  documents: { id: string; category: string; status: string; reviewNote: string | null }[];
  /** The latest queue entry of the application. */
  queue: { status: string; removalReason?: string | null } | null;
  /** The latest consultation of the application. */
  consultation: {
    /** The consultation has a video room (Start Video Call opened one). */
    hasRoom?: boolean;
    endedAt: string | null;
    outcome: string | null;
    outcomeReason: string | null;
  } | null;
  /** The signed recommendation document, once delivered. */
  recommendationDocumentId: string | null;
  /**
   * Issue 22, past the recommendation. Who applies to OMMA: the state application's mode, else
   * the one fixed on the application at payment, else the fee schedule's (default
   * clinic_submits).
   */
  stateApplicationMode?: StateApplicationMode;
  /** The application's OMMA application, its status as of the clinic's today. */
  stateApplication?: PatientStateApplication | null;
  /** The patient's current OMMA licence. */
  license?: License | null;
  /** The clinic's today (ISO date): a licence past its expiry needs attention. */
  today?: string;
}

const TITLES: Record<JourneyStepKey, string> = {
  account: 'Account',
  application: 'Application',
  documents: 'Documents',
  payment: 'Consent and payment',
  queue: 'Consultation queue',
  consultation: 'Video consultation',
  decision: 'Physician decision',
  delivery: 'Recommendation delivered',
  state_application: 'State application',
  license: 'Licence',
};

const STEP_ORDER = Object.keys(TITLES) as JourneyStepKey[];
/** The steps before the queue: once the patient is queued, one still missing needs attention. */
const INTAKE_STEPS: readonly JourneyStepKey[] = ['account', 'application', 'documents', 'payment'];

export type { Facts } from './journey-steps.js';
export { uploadRouteFor };

const FACTS: Record<JourneyStepKey, (input: JourneyInput) => Facts> = {
  account: accountFacts,
  application: applicationFacts,
  documents: documentsFacts,
  payment: paymentFacts,
  queue: queueFacts,
  consultation: consultationFacts,
  decision: decisionFacts,
  delivery: deliveryFacts,
  state_application: stateApplicationFacts,
  license: licenseFacts,
};

export function computeJourney(input: JourneyInput): Journey {
  const facts = STEP_ORDER.map((key) => ({ key, ...FACTS[key](input) }));
  // Once queued or seen, the patient is past the intake: the current step is the first open
  // one from the queue on, and an intake step still open (an older application, a document
  // rejected after joining) needs attention rather than being "current".
  const queued =
    !!input.consultation || ['waiting', 'admitted'].includes(input.queue?.status ?? '');
  let currentIndex = facts.findIndex(
    (f, i) => f.state === 'todo' && (!queued || !INTAKE_STEPS.includes(STEP_ORDER[i]!)),
  );
  // Past an intake step, a step needing attention (a removal from the queue, a denial) stops
  // the visit there: nothing after it is current until the patient acts on it.
  const stop = facts.findIndex(
    (f) => !INTAKE_STEPS.includes(f.key) && (f.state === 'attention' || f.state === 'blocked'),
  );
  if (stop !== -1 && stop < currentIndex) currentIndex = -1;
  const steps: JourneyStep[] = facts.map((f, i) => {
    let state: JourneyStepState;
    if (f.state === 'done') state = 'completed';
    else if (f.state === 'attention' || f.state === 'blocked') state = f.state;
    else if (i === currentIndex) state = 'current';
    else if (queued && INTAKE_STEPS.includes(f.key)) state = 'attention';
    else state = 'pending';
    const acts = state === 'current' || state === 'attention';
    return {
      key: f.key,
      title: TITLES[f.key],
      status: f.status,
      state,
      action: acts ? (f.action ?? null) : null,
      ...(f.message ? { statusMessage: f.message } : {}),
      ...(acts && f.action && f.actionMessage ? { actionMessage: f.actionMessage } : {}),
    };
  });
  const completed = steps.filter((s) => s.state === 'completed').length;
  const current =
    steps.find((s) => s.state === 'current')?.key ??
    steps.find((s) => s.state === 'attention')?.key ??
    null;
  return {
    steps,
    completed,
    percent: Math.round((completed / steps.length) * 100),
    current,
  };
}

/** Whole days from one ISO date to another (calendar days, no time zone in play). */
export function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * What the physician decided, in the terms the patient acts on: the approval's state deadline
 * (signed date + 30 days, days left from the clinic's today) or the denial's reason and fee.
 */
export function computeDecision(
  input: JourneyInput,
  dates: { signedOn: string | null; today: string },
): Decision | null {
  const c = input.consultation;
  if (c?.outcome === 'approved' && dates.signedOn) {
    const expiresOn = addDays(dates.signedOn, RECOMMENDATION_VALID_DAYS);
    return {
      outcome: 'approved',
      signedOn: dates.signedOn,
      expiresOn,
      daysLeft: daysBetween(dates.today, expiresOn),
      documentId: input.recommendationDocumentId,
    };
  }
  if (c?.outcome === 'not_approved')
    return {
      outcome: 'not_approved',
      reason: c.outcomeReason,
      paymentStatus: input.application?.paymentStatus ?? 'unpaid',
      amountCents: input.application?.amountCents ?? 0,
    };
  return null;
}

/** Current documents the clinic rejected: each is flagged with its reason and an upload action. */
export function documentsNeedingAttention(
  documents: JourneyInput['documents'],
): DocumentNeedingAttention[] {
  return documents
    .filter((d) => d.status === 'rejected' && isOwnKey(CATEGORY_DEFINITIONS, d.category))
    .map((d) => {
      const category = d.category as DocumentCategory;
      return {
        id: d.id,
        category,
        name: CATEGORY_DEFINITIONS[category].name,
        reason: d.reviewNote,
        required: isRequiredDocument(category),
        to: uploadRouteFor(category),
      };
    });
}
