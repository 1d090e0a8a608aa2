import { STAFF_IDLE_MS } from '../../../../shared/session-timing';
import type { SignInNotice } from '../sign-in-notice';

// What the sign-in page says after the staff idle guard signed someone out (issue 13).

export const IDLE_SIGN_OUT_NOTICE = `You were signed out after ${STAFF_IDLE_MS / 60_000} minutes without activity`;

/** The router state the guard hands to /login. */
export const IDLE_SIGN_OUT_STATE: SignInNotice = { notice: IDLE_SIGN_OUT_NOTICE, staff: true };
