// The patient's visit (issue 11: the journey is the server's): account → application →
// documents → consent and payment → queue → consultation → decision → recommendation
// delivered. One pure function computes it from the records; the server answers it from
// GET /api/patient/journey and every patient screen renders that answer, so no screen states a
// step the records do not support (the consultation is complete when it ended, not when the
// physician pressed Start).

import {
  CATEGORY_DEFINITIONS,
  type DocumentCategory,
  isRequiredDocument,
  QUEUE_REQUIRED_DOCUMENTS,
} from './documents.js';
import { msg } from './i18n/message-key.js';
import { documentNamesMessage, licenseFacts, stateApplicationFacts } from './journey-licence.js';
import { formatUsd } from './money.js';
import { isOwnKey } from './own-keys.js';
import type {
  Decision,
  DocumentNeedingAttention,
  Journey,
  JourneyAction,
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

export { uploadRouteFor };

export interface Facts {
  state: 'done' | 'todo' | 'attention' | 'blocked';
  status: string;
  action?: JourneyAction;
  /** Issue 24: the status by key (msg()), for the patient's pages; `status` stays English. */
  message?: string;
  /** The action's label by key (msg()). */
  actionMessage?: string;
}

function accountFacts(input: JourneyInput): Facts {
  return input.hasPatient
    ? {
        state: 'done',
        status: 'Your account is set up.',
        message: msg('dashboard.journey.account.done'),
      }
    : {
        state: 'todo',
        status: 'Finish registering with your Oklahoma address.',
        message: msg('dashboard.journey.account.todo'),
        action: { label: 'Complete registration', to: '/register' },
        actionMessage: msg('dashboard.journey.action.completeRegistration'),
      };
}

function applicationFacts(input: JourneyInput): Facts {
  const app = input.application;
  if (app && app.conditions > 0)
    return {
      state: 'done',
      status: `${app.conditions} qualifying condition${app.conditions === 1 ? '' : 's'} listed.`,
      message: msg('dashboard.journey.application.done', { count: app.conditions }),
    };
  return {
    state: 'todo',
    status: app
      ? 'List at least one qualifying condition for the physician.'
      : 'Tell us about your application and your qualifying conditions.',
    message: msg(
      app ? 'dashboard.journey.application.needCondition' : 'dashboard.journey.application.start',
    ),
    action: {
      label: app ? 'Continue your application' : 'Start your application',
      to: '/patient/intake',
    },
    actionMessage: msg(
      app
        ? 'dashboard.journey.action.continueApplication'
        : 'dashboard.journey.action.startApplication',
    ),
  };
}

function documentsFacts(input: JourneyInput): Facts {
  const byCategory = new Map(input.documents.map((d) => [d.category, d]));
  const rejected = QUEUE_REQUIRED_DOCUMENTS.find((c) => byCategory.get(c)?.status === 'rejected');
  if (rejected) {
    const note = byCategory.get(rejected)?.reviewNote;
    const document = documentNamesMessage([rejected]);
    return {
      state: 'attention',
      status: `${CATEGORY_DEFINITIONS[rejected].name} was not accepted${note ? `: ${note}` : '.'}`,
      message: note
        ? msg('dashboard.journey.documents.rejectedReason', { document, reason: note })
        : msg('dashboard.journey.documents.rejected', { document }),
      action: { label: 'Upload a new file', to: uploadRouteFor(rejected) },
      actionMessage: msg('dashboard.journey.action.uploadNew'),
    };
  }
  const missing = QUEUE_REQUIRED_DOCUMENTS.filter((c) => !byCategory.has(c));
  if (missing.length === 0) {
    const approved = QUEUE_REQUIRED_DOCUMENTS.every(
      (c) => byCategory.get(c)?.status === 'approved',
    );
    return {
      state: 'done',
      status: approved
        ? 'Your ID, proof of residency and photo are approved.'
        : 'Your ID, proof of residency and photo are uploaded.',
      message: msg(
        approved ? 'dashboard.journey.documents.approved' : 'dashboard.journey.documents.uploaded',
      ),
    };
  }
  return {
    state: 'todo',
    status: `Still needed: ${missing.map((c) => CATEGORY_DEFINITIONS[c].name).join(', ')}.`,
    message: msg('dashboard.journey.documents.missing', {
      documents: documentNamesMessage(missing),
    }),
    action: { label: 'Upload documents', to: uploadRouteFor(missing[0]!) },
    actionMessage: msg('dashboard.journey.action.uploadDocuments'),
  };
}

function paymentFacts(input: JourneyInput): Facts {
  const app = input.application;
  const ps = app?.paymentStatus ?? 'unpaid';
  if (ps === 'authorized')
    return {
      state: 'done',
      status: 'Your card is authorized; it is charged only if approved.',
      message: msg('dashboard.journey.payment.authorized'),
    };
  if (ps === 'captured')
    return { state: 'done', status: 'Paid.', message: msg('dashboard.journey.payment.captured') };
  // A released or refunded fee after the decision: the step happened, the money came back.
  if (input.consultation && ps === 'voided')
    return {
      state: 'done',
      status: 'Your card was not charged; the hold was released.',
      message: msg('dashboard.journey.payment.voided'),
    };
  if (input.consultation && ps === 'refunded')
    return {
      state: 'done',
      status: 'Your payment was refunded.',
      message: msg('dashboard.journey.payment.refunded'),
    };
  const givenBack = ps === 'voided' || ps === 'refunded';
  return {
    state: 'todo',
    status: givenBack
      ? 'Your earlier payment was given back; pay again to rejoin the queue.'
      : 'Agree to the consent and pay the fee; you are charged only if approved.',
    message: msg(
      givenBack ? 'dashboard.journey.payment.givenBack' : 'dashboard.journey.payment.todo',
    ),
    action: { label: 'Continue to payment', to: '/patient/intake' },
    actionMessage: msg('dashboard.journey.action.continuePayment'),
  };
}

function queueFacts(input: JourneyInput): Facts {
  const status = input.queue?.status;
  const view = { label: 'View queue status', to: '/patient/queue' };
  const viewMessage = msg('dashboard.journey.action.viewQueue');
  if (input.consultation || status === 'in_consultation' || status === 'completed')
    return {
      state: 'done',
      status: 'You were seen by a physician.',
      message: msg('dashboard.journey.queue.seen'),
    };
  if (status === 'waiting')
    return {
      state: 'todo',
      status: 'You are waiting for a physician.',
      message: msg('dashboard.journey.queue.waiting'),
      action: view,
      actionMessage: viewMessage,
    };
  if (status === 'admitted')
    return {
      state: 'todo',
      status: 'A physician admitted you; the call starts soon.',
      message: msg('dashboard.journey.queue.admitted'),
      action: view,
      actionMessage: viewMessage,
    };
  if (status === 'rejected') {
    const reason = input.queue?.removalReason;
    return {
      state: 'attention',
      status: `The clinic removed you from the queue${reason ? `: ${reason}` : '.'}`,
      message: reason
        ? msg('dashboard.journey.queue.removedReason', { reason })
        : msg('dashboard.journey.queue.removed'),
      // The hold was released with the removal: the way back is a new payment, then the queue.
      action: { label: 'Pay again to rejoin', to: '/patient/intake' },
      actionMessage: msg('dashboard.journey.action.payAgain'),
    };
  }
  return {
    state: 'todo',
    status:
      status === 'left' ? 'You left the queue.' : 'Join the queue to meet a licensed physician.',
    message: msg(
      status === 'left' ? 'dashboard.journey.queue.left' : 'dashboard.journey.queue.join',
    ),
    // The wizard's last step asks for the dispensary statement and joins.
    action: { label: 'Join the queue', to: '/patient/intake' },
    actionMessage: msg('dashboard.journey.action.joinQueue'),
  };
}

function consultationFacts(input: JourneyInput): Facts {
  const c = input.consultation;
  if (c?.endedAt)
    return {
      state: 'done',
      status: 'Your consultation has ended.',
      message: msg('dashboard.journey.consultation.ended'),
    };
  if (c)
    return {
      state: 'todo',
      status: 'Your consultation is in progress.',
      message: msg('dashboard.journey.consultation.inProgress'),
      // The queue page holds the call's Join button (only when there is a room to join).
      ...(c.hasRoom
        ? {
            action: { label: 'Join the video call', to: '/patient/queue' },
            actionMessage: msg('dashboard.journey.action.joinCall'),
          }
        : {}),
    };
  return {
    state: 'todo',
    status: 'A 15-20 minute video visit with a licensed physician.',
    message: msg('dashboard.journey.consultation.todo'),
  };
}

function decisionFacts(input: JourneyInput): Facts {
  const c = input.consultation;
  if (c?.outcome === 'approved')
    return {
      state: 'done',
      status: 'Approved.',
      message: msg('dashboard.journey.decision.approved'),
    };
  if (c?.outcome === 'not_approved')
    return {
      state: 'attention',
      // What the patient can do is on the dashboard's decision panel.
      status: `Not approved${c.outcomeReason ? `: ${c.outcomeReason}` : '.'}`,
      message: c.outcomeReason
        ? msg('dashboard.journey.decision.notApprovedReason', { reason: c.outcomeReason })
        : msg('dashboard.journey.decision.notApproved'),
    };
  return {
    state: 'todo',
    status: c?.endedAt
      ? 'Your physician is recording the decision.'
      : 'The physician decides at the end of the consultation.',
    message: msg(
      c?.endedAt ? 'dashboard.journey.decision.recording' : 'dashboard.journey.decision.atEnd',
    ),
  };
}

function deliveryFacts(input: JourneyInput): Facts {
  if (input.recommendationDocumentId)
    return {
      state: 'done',
      status: 'Your signed recommendation is ready to download.',
      message: msg('dashboard.journey.delivery.ready'),
    };
  if (input.consultation?.outcome === 'not_approved')
    return {
      state: 'blocked',
      status: 'No recommendation was issued for this application.',
      message: msg('dashboard.journey.delivery.none'),
    };
  const approved = input.consultation?.outcome === 'approved';
  return {
    state: 'todo',
    status: approved
      ? 'Your recommendation is being prepared.'
      : 'Your signed recommendation appears here once approved.',
    message: msg(
      approved ? 'dashboard.journey.delivery.preparing' : 'dashboard.journey.delivery.later',
    ),
  };
}

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

/** The money-back line after a denial; null when there is nothing to say. */
export function moneyBackLine(decision: {
  paymentStatus: string;
  amountCents: number;
}): string | null {
  if (decision.paymentStatus === 'voided')
    return `Your card was not charged; the hold of ${formatUsd(decision.amountCents)} was released.`;
  if (decision.paymentStatus === 'refunded')
    return `Your payment of ${formatUsd(decision.amountCents)} was refunded to your card.`;
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
