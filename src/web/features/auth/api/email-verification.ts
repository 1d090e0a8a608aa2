import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CURRENT_USER_KEY } from './session';

interface MessageAnswer {
  message: string;
}

/** POST /api/auth/verify-email with the link's token; the session then reads Verified. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<MessageAnswer>('POST', '/api/auth/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_KEY] }),
  });
}

/** A new link for the signed-in account (at most one a minute; the server says how long). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<MessageAnswer>('POST', '/api/auth/verify-email/resend'),
  });
}
