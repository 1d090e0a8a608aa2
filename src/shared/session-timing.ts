// Automatic logoff (issue 13, HIPAA 164.312(a)(2)(iii)): one definition for the server's
// session store and the web app's warning dialog.

/** Staff sessions end after this long without user activity. */
export const STAFF_IDLE_MS = 15 * 60_000;
/** Patients' sessions (kept alive while they wait in the queue or sit in a call, ruling 17). */
export const PATIENT_IDLE_MS = 30 * 60_000;
/** The warning dialog ("Stay signed in") shows this long before a staff session ends. */
export const IDLE_WARNING_MS = 2 * 60_000;

/**
 * The web app marks requests nobody clicked for (polling, refetch on focus) with this header,
 * so they do not count as activity and an unattended staff screen signs out.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';
