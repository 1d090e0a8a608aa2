import { isApiError } from './api-client';

// Issue 13: a staff sign-in past its password but not its second factor gets 401 MFA_REQUIRED
// from every route but the MFA steps. Wherever that answer arrives, the app goes to /mfa.

export const MFA_PATH = '/mfa';

export const isMfaRequired = (error: unknown): boolean =>
  isApiError(error, 401) && error.body?.code === 'MFA_REQUIRED';

/** A hard navigation: the /mfa page starts clean, whatever screen asked. */
export function sendToMfa(): void {
  if (window.location.pathname !== MFA_PATH) window.location.assign(MFA_PATH);
}
