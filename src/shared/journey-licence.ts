// The journey past the recommendation (issue 22): the OMMA application and the licence, in the
// words of the mode the visit was paid under. In `clinic_submits` the patient paid the state fee
// with the visit and the clinic applies for them, so no line here asks them to pay it; in
// `patient_submits` the patient applies at OMMA's portal and pays the state fee there.

import { CATEGORY_DEFINITIONS } from './documents.js';
import { type MessageKey, msg } from './i18n/message-key.js';
import type { Facts, JourneyInput } from './journey.js';
import type { PatientStateApplication } from './schemas/state-application.js';
import { DEFAULT_STATE_APPLICATION_MODE, daysBetween } from './state-application.js';
import { uploadRouteFor } from './upload-route.js';

const calendarFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** A calendar date as the patient reads it ("March 31, 2026"), never moved by a time zone. */
export const longDate = (iso: string) => calendarFormat.format(new Date(`${iso}T00:00:00Z`));

const PORTAL = "OMMA's patient portal";
/** Where the dashboard keeps the "I have applied" form and the licence form. */
export const STATE_APPLICATION_ANCHOR = '/patient/dashboard#state-application';
export const LICENSE_ANCHOR = '/patient/dashboard#licence';
const NEW_APPLICATION = { label: 'Start a new application', to: '/patient/intake' };
const NEW_APPLICATION_MESSAGE = msg('dashboard.journey.action.newApplication');

/** The documents OMMA asked for that the patient has not uploaded again yet. */
export function documentsStillNeeded(sa: PatientStateApplication) {
  const received = new Set(sa.documentsReceived ?? []);
  return (sa.documentsNeeded ?? []).filter((c) => !received.has(c));
}

/**
 * Documents named by key for a status line's value: the patient's pages show each name in
 * their language and join them (src/web/features/patient/journey-text.ts).
 */
export const documentNamesMessage = (categories: readonly string[]) =>
  categories.map((c) => msg(`documents.category.${c}.name` as MessageKey)).join('|');

const names = (categories: readonly string[]) =>
  categories.map((c) => CATEGORY_DEFINITIONS[c as keyof typeof CATEGORY_DEFINITIONS].name);

function rejectedFacts(sa: PatientStateApplication): Facts {
  const byDate = sa.resubmitBy ?? sa.submitBy;
  const by = longDate(byDate);
  const still = documentsStillNeeded(sa);
  if (sa.mode === 'patient_submits')
    return {
      state: 'attention',
      status: `OMMA returned your application: correct it at ${PORTAL} by ${by}.`,
      message: msg('dashboard.journey.state.returnedPortal', { by: byDate }),
    };
  if (still.length > 0)
    return {
      state: 'attention',
      status: `OMMA needs: ${names(still).join(', ')} — upload by ${by}.`,
      message: msg('dashboard.journey.state.returnedNeeds', {
        documents: documentNamesMessage(still),
        by: byDate,
      }),
      action: { label: `Upload ${names(still)[0]}`, to: uploadRouteFor(still[0]!) },
      actionMessage: msg('dashboard.journey.action.uploadDocument', {
        document: documentNamesMessage([still[0]!]),
      }),
    };
  // Nothing for the patient to send (or all of it sent): the clinic corrects and resubmits.
  return {
    state: 'todo',
    status: `OMMA returned your application; we correct it and send it again by ${by}.`,
    message: msg('dashboard.journey.state.returnedClinic', { by: byDate }),
  };
}

function lapsedFacts(sa: PatientStateApplication): Facts {
  if (sa.resubmitBy)
    return {
      state: 'attention',
      status: `The 30 days to correct your OMMA application ended on ${longDate(sa.resubmitBy)}. A new recommendation is needed to apply again.`,
      message: msg('dashboard.journey.state.lapsedCorrection', { date: sa.resubmitBy }),
      action: NEW_APPLICATION,
      actionMessage: NEW_APPLICATION_MESSAGE,
    };
  if (sa.mode === 'clinic_submits')
    // The clinic did not submit in time: the state fee it held goes back to the patient.
    return {
      state: 'attention',
      status: `We did not submit your OMMA application by ${longDate(sa.submitBy)}, the last day for this recommendation. The clinic refunds the state fee you paid; contact the clinic about a new recommendation.`,
      message: msg('dashboard.journey.state.lapsedClinic', { date: sa.submitBy }),
    };
  return {
    state: 'attention',
    status: `The 30 days to apply at OMMA with this recommendation ended on ${longDate(sa.submitBy)}. A new recommendation is needed to apply.`,
    message: msg('dashboard.journey.state.lapsedPatient', { date: sa.submitBy }),
    action: NEW_APPLICATION,
    actionMessage: NEW_APPLICATION_MESSAGE,
  };
}

const numbered = (sa: PatientStateApplication) =>
  sa.ommaApplicationNumber ? ` (application ${sa.ommaApplicationNumber})` : '';

export function stateApplicationFacts(input: JourneyInput): Facts {
  const sa = input.stateApplication;
  const outcome = input.consultation?.outcome;
  if (!sa) {
    if (outcome === 'not_approved')
      return {
        state: 'blocked',
        status: 'No state application for this visit.',
        message: msg('dashboard.journey.state.none'),
      };
    if (outcome === 'approved')
      // Approved before the clinic tracked state applications, past their 30 days.
      return {
        state: 'todo',
        status: `Apply for your licence at ${PORTAL} with your recommendation.`,
        message: msg('dashboard.journey.state.applyUntracked'),
      };
    const clinicMode =
      (input.stateApplicationMode ?? DEFAULT_STATE_APPLICATION_MODE) === 'clinic_submits';
    return {
      state: 'todo',
      status: clinicMode
        ? 'Once you are approved, we prepare and submit your OMMA licence application for you and pay OMMA the state fee included in your payment.'
        : `Once you are approved, you apply at ${PORTAL} and pay the state fee to OMMA there.`,
      message: msg(
        clinicMode ? 'dashboard.journey.state.laterClinic' : 'dashboard.journey.state.laterPatient',
      ),
    };
  }
  const clinic = sa.mode === 'clinic_submits';
  switch (sa.status) {
    case 'preparing':
      return clinic
        ? {
            state: 'todo',
            status: `We are preparing your OMMA application — we submit it by ${longDate(sa.submitBy)}.`,
            message: msg('dashboard.journey.state.preparingClinic', { date: sa.submitBy }),
          }
        : {
            state: 'todo',
            status: `Apply at ${PORTAL} by ${longDate(sa.submitBy)} and pay the state fee there.`,
            message: msg('dashboard.journey.state.preparingPatient', { date: sa.submitBy }),
            action: { label: 'I have applied', to: STATE_APPLICATION_ANCHOR },
            actionMessage: msg('dashboard.journey.action.applied'),
          };
    case 'submitted':
      return {
        state: 'done',
        status: sa.submittedOn
          ? `${clinic ? 'Submitted to OMMA' : 'You applied at OMMA'} on ${longDate(sa.submittedOn)}${numbered(sa)}.`
          : 'Submitted to OMMA.',
        message: !sa.submittedOn
          ? msg('dashboard.journey.state.submitted')
          : sa.ommaApplicationNumber
            ? msg('dashboard.journey.state.submittedOnNumber', {
                who: clinic ? 'clinic' : 'patient',
                date: sa.submittedOn,
                number: sa.ommaApplicationNumber,
              })
            : msg('dashboard.journey.state.submittedOn', {
                who: clinic ? 'clinic' : 'patient',
                date: sa.submittedOn,
              }),
      };
    case 'approved':
      return {
        state: 'done',
        status: `OMMA approved your application${numbered(sa)}.`,
        message: sa.ommaApplicationNumber
          ? msg('dashboard.journey.state.approvedNumber', { number: sa.ommaApplicationNumber })
          : msg('dashboard.journey.state.approved'),
      };
    case 'rejected':
      return rejectedFacts(sa);
    case 'lapsed':
      return lapsedFacts(sa);
  }
}

export function licenseFacts(input: JourneyInput): Facts {
  const license = input.license;
  if (license) {
    const expires = longDate(license.expiresOn);
    if (input.today && daysBetween(input.today, license.expiresOn) < 0)
      return {
        state: 'attention',
        status: `Your licence ${license.licenseNumber} expired on ${expires}. Renewing needs a new recommendation.`,
        message: msg('dashboard.journey.licence.expired', {
          number: license.licenseNumber,
          date: license.expiresOn,
        }),
      };
    return {
      state: 'done',
      status: `Licence ${license.licenseNumber} — expires ${expires}.`,
      message: msg('dashboard.journey.licence.valid', {
        number: license.licenseNumber,
        date: license.expiresOn,
      }),
    };
  }
  const sa = input.stateApplication;
  if (input.consultation?.outcome === 'not_approved' || sa?.status === 'lapsed')
    return {
      state: 'blocked',
      status: 'No licence application is open for this visit.',
      message: msg('dashboard.journey.licence.none'),
    };
  if (sa?.status === 'submitted')
    return sa.mode === 'clinic_submits'
      ? {
          state: 'todo',
          status:
            'OMMA is reviewing your application. We let you know when your licence is issued.',
          message: msg('dashboard.journey.licence.reviewingClinic'),
        }
      : {
          state: 'todo',
          status: 'OMMA is reviewing your application. Enter your licence here when it arrives.',
          message: msg('dashboard.journey.licence.reviewingPatient'),
          action: { label: 'Enter your licence', to: LICENSE_ANCHOR },
          actionMessage: msg('dashboard.journey.action.enterLicence'),
        };
  return {
    state: 'todo',
    status: 'Your licence number and expiry appear here once OMMA issues your licence.',
    message: msg('dashboard.journey.licence.later'),
  };
}
