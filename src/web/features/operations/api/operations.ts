import { useQuery } from '@tanstack/react-query';
import type { PostConsultationTask } from '../../../../shared/schemas/follow-up';
import type {
  AdminQueueStatus,
  Analytics,
  BillingVerification,
} from '../../../../shared/schemas/operations';

// Operations figures (staff-and-video.md §2 Automated Operations Dashboard and Production
// Operations Center, §9 polling; ruling 3: `analytics`, revenue needs `financial`).

export const QUEUE_STATUS_KEY = '/api/admin/queue-status';
export const QUEUE_REFETCH_MS = 30_000;
export const QUEUE_REFETCH_HIGH_MS = 10_000;
export const BILLING_REFETCH_MS = 60_000;
export const TASKS_REFETCH_MS = 45_000;

export const useQueueStatus = (highFrequency = false) =>
  useQuery<AdminQueueStatus>({
    queryKey: [QUEUE_STATUS_KEY],
    refetchInterval: highFrequency ? QUEUE_REFETCH_HIGH_MS : QUEUE_REFETCH_MS,
  });

export const useBilling = (days: number, enabled: boolean) =>
  useQuery<BillingVerification>({
    queryKey: [`/api/admin/billing-verification?days=${days}`],
    refetchInterval: BILLING_REFETCH_MS,
    enabled,
    placeholderData: (previous) => previous,
  });

export const useAnalytics = (days: number) =>
  useQuery<Analytics>({
    queryKey: [`/api/admin/analytics?days=${days}`],
    placeholderData: (previous) => previous,
  });

export const usePostConsultationTasks = (enabled: boolean) =>
  useQuery<PostConsultationTask[]>({
    queryKey: ['/api/admin/post-consultation-tasks'],
    refetchInterval: TASKS_REFETCH_MS,
    enabled,
  });
