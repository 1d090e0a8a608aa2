import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest, isApiError } from '@/lib/api-client';
import { randomId } from '@/lib/random-id';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
import type { PaymentRequest } from '../../../../shared/schemas/payment';
import { APPLICATIONS_KEY } from '../../applications/api/applications';
import { QUEUE_STATUS_KEY } from '../../queue/api/queue';

export interface PaymentResult {
  application: ApplicationView;
  payment: {
    id: string;
    status: string;
    amount: string;
    cardBrand: string | null;
    cardLast4: string | null;
  };
  queue: QueueStatusView | null;
  alreadyPaid?: boolean;
}

/**
 * POST /api/process-payment with an `Idempotency-Key` (ADR 0005): one key per attempt,
 * reused when the same attempt is retried after the answer was lost (a network error), a new
 * one once the server has answered with a failure. On success the applications and the
 * queue status are refreshed (patient-side.md §7).
 */
export function useProcessPayment() {
  const queryClient = useQueryClient();
  const attemptKey = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: PaymentRequest) => {
      attemptKey.current ??= randomId();
      return apiRequest<PaymentResult>('POST', '/api/process-payment', body, {
        'Idempotency-Key': attemptKey.current,
      });
    },
    onSuccess: (result) => {
      attemptKey.current = null;
      queryClient.setQueryData([QUEUE_STATUS_KEY], result.queue);
      void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
    },
    onError: (error) => {
      if (isApiError(error)) attemptKey.current = null;
    },
  });
}
