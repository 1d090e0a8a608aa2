import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MFA_PATH } from '@/lib/mfa-redirect';
import type { MfaSetupAnswer, MfaStep } from '../../../../shared/schemas/account';
import type { CurrentUser } from '../../../../shared/schemas/auth';

// The second-factor steps of a staff sign-in (issue 13).

/** Which step the /mfa page opens on; kept for a reload (no secret, no PHI). */
const STEP_KEY = 'mfa-step';

export function rememberMfaStep(step: MfaStep): void {
  sessionStorage.setItem(STEP_KEY, step);
}

export function rememberedMfaStep(): MfaStep {
  return sessionStorage.getItem(STEP_KEY) === 'enrol' ? 'enrol' : 'required';
}

export function forgetMfaStep(): void {
  sessionStorage.removeItem(STEP_KEY);
}

/** Staff whose sign-in answered {mfa}: on to the second step (a hard navigation, like home). */
export function goToMfa(step: MfaStep): void {
  rememberMfaStep(step);
  window.location.assign(MFA_PATH);
}

export function useMfaSetup() {
  return useMutation({
    mutationFn: () => apiRequest<MfaSetupAnswer>('POST', '/api/auth/mfa/setup'),
  });
}

export function useMfaVerify() {
  return useMutation({
    mutationFn: (body: { code: string }) =>
      apiRequest<{ user: CurrentUser; recoveryCodes: string[] }>(
        'POST',
        '/api/auth/mfa/verify',
        body,
      ),
  });
}

export function useMfaChallenge() {
  return useMutation({
    mutationFn: (body: { code: string }) =>
      apiRequest<{ user: CurrentUser }>('POST', '/api/auth/mfa/challenge', body),
  });
}
