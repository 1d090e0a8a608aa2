import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_STATUS_KEY, PATIENT_DOCUMENTS_KEY } from '@/features/documents/api/documents';
import { JOURNEY_KEY } from '@/features/patient/api/journey';
import { apiRequest } from '@/lib/api-client';
import type { RenewalStart } from '../../../../shared/renewal';
import { APPLICATIONS_KEY } from './applications';

/**
 * POST /api/applications/renewal (issue 22): opens a renewal prefilled from the last approved
 * application; the patient then checks it in the intake.
 */
export function useStartRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RenewalStart>('POST', `${APPLICATIONS_KEY}/renewal`),
    onSettled: () =>
      Promise.all(
        [APPLICATIONS_KEY, JOURNEY_KEY, PATIENT_DOCUMENTS_KEY, APPLICATION_STATUS_KEY].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
