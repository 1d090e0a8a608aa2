import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LoginAnswer } from '../../../../shared/schemas/account';
import type {
  AuthRegisterRequest,
  CurrentUser,
  LoginRequest,
  RegisterRequest,
} from '../../../../shared/schemas/auth';

interface UserEnvelope {
  user: CurrentUser;
  message?: string;
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<LoginAnswer>('POST', '/api/login', body),
  });
}

/** Full patient registration (/register). */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiRequest<UserEnvelope>('POST', '/api/register', body),
  });
}

/** The /auth screen's short create-account form. */
export function useAuthRegisterMutation() {
  return useMutation({
    mutationFn: (body: AuthRegisterRequest) =>
      apiRequest<UserEnvelope>('POST', '/api/auth/register', body),
  });
}
