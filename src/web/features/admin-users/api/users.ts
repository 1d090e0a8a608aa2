import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type {
  AdminUser,
  CreateUserRequest,
  UpdateUserInput,
} from '../../../../shared/schemas/users';

export const USERS_KEY = '/api/admin/users';

export function useAdminUsers() {
  return useQuery<AdminUser[]>({ queryKey: [USERS_KEY] });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => apiRequest<AdminUser>('POST', USERS_KEY, body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, ...body }: UpdateUserInput & { userId: string }) =>
      apiRequest<AdminUser>('PUT', `${USERS_KEY}/${encodeURIComponent(userId)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<void>('DELETE', `${USERS_KEY}/${encodeURIComponent(userId)}`),
    onSuccess: invalidate,
  });
}

/** A master admin clears a staff member's second factor (issue 13): they enrol again. */
export function useResetMfa() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<AdminUser>('POST', `${USERS_KEY}/${encodeURIComponent(userId)}/mfa/reset`),
    onSuccess: invalidate,
  });
}
