import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/features/auth/api/session';
import { apiRequest } from '@/lib/api-client';
import type { QueueReminders } from '../../../../shared/schemas/account';

/** PUT /api/patient/notifications; the session's user (which carries it) is read again. */
export function useQueueRemindersSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QueueReminders) =>
      apiRequest<QueueReminders>('PUT', '/api/patient/notifications', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_KEY] }),
  });
}
