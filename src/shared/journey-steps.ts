// The facts of each step of a patient's visit up to the recommendation's delivery: its state,
// its English status for staff and tests, the same by key (msg()) for the patient's pages, and
// the action it asks for. journey.ts orders them into the journey; journey-licence.ts has the
// steps after the delivery.

import { CATEGORY_DEFINITIONS, QUEUE_REQUIRED_DOCUMENTS } from './documents.js';
import { msg } from './i18n/message-key.js';
import type { JourneyInput } from './journey.js';
import { documentNamesMessage } from './journey-licence.js';
import type { JourneyAction } from './schemas/journey.js';
import { uploadRouteFor } from './upload-route.js';

export interface Facts {
  state: 'done' | 'todo' | 'attention' | 'blocked';
  status: string;
  action?: JourneyAction;
  /** Issue 24: the status by key (msg()), for the patient's pages; `status` stays English. */
  message?: string;
  /** The action's label by key (msg()). */
  actionMessage?: string;
}

export function accountFacts(input: JourneyInput): Facts {
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

export function applicationFacts(input: JourneyInput): Facts {
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

export function documentsFacts(input: JourneyInput): Facts {
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

export function paymentFacts(input: JourneyInput): Facts {
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

export function queueFacts(input: JourneyInput): Facts {
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

export function consultationFacts(input: JourneyInput): Facts {
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

export function decisionFacts(input: JourneyInput): Facts {
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

export function deliveryFacts(input: JourneyInput): Facts {
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
