import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/features/auth/api/session';
import { apiRequest } from '@/lib/api-client';
import type { PatientProfile, ProfileUpdateRequest } from '../../../../shared/schemas/auth';

/** PUT /api/patients/profile; the session's user is read again afterwards. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      apiRequest<PatientProfile>('PUT', '/api/patients/profile', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_KEY] }),
  });
}
