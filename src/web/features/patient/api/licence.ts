import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type {
  License,
  PatientAppliedBodySchema,
  PatientLicenseBodySchema,
  PatientStateApplication,
} from '../../../../shared/schemas/state-application';
import { JOURNEY_KEY } from './journey';

// Issue 22, the patient's side past the recommendation. Each change reads the journey again:
// its steps, its state application and its licence are the server's.

/** POST /api/patient/state-application: "I have applied" at OMMA (patient_submits). */
export function useRecordApplied() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof PatientAppliedBodySchema>) =>
      apiRequest<PatientStateApplication>('POST', '/api/patient/state-application', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] }),
  });
}

/** PUT /api/patient/license: the patient's own OMMA licence (for the renewal reminders). */
export function useSaveLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof PatientLicenseBodySchema>) =>
      apiRequest<License>('PUT', '/api/patient/license', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] }),
  });
}
