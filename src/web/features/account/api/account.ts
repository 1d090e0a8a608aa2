import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type {
  ChangePasswordRequest,
  ResetPasswordRequest,
} from '../../../../shared/schemas/account';

type Answer = { message: string };

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiRequest<Answer>('POST', '/api/auth/forgot-password', body),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<Answer>('POST', '/api/auth/reset-password', body),
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<Answer>('POST', '/api/auth/change-password', body),
  });
}
