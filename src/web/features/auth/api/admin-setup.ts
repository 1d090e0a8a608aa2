import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MfaStep } from '../../../../shared/schemas/account';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { AdminSetupRequest } from '../../../../shared/schemas/users';

export function useAdminExists() {
  return useQuery<{ exists: boolean }>({ queryKey: ['/api/admin/exists'], staleTime: 0 });
}

export function useAdminSetupMutation() {
  return useMutation({
    mutationFn: (body: AdminSetupRequest) =>
      apiRequest<{ user: CurrentUser } | { mfa: MfaStep }>('POST', '/api/admin/setup', body),
  });
}
