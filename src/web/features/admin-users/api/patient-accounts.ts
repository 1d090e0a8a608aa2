import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import type { PatientSearchAnswer } from '../../../../shared/schemas/patient-accounts';

export const PATIENT_ACCOUNTS_KEY = '/api/admin/patient-accounts';

export interface PatientCriteria {
  q?: string;
  dob?: string;
  page: number;
}

/** Searches only when asked: each page shown is an audited read of those patients. */
export function usePatientSearch(criteria: PatientCriteria | null) {
  return useQuery<PatientSearchAnswer>({
    queryKey: [PATIENT_ACCOUNTS_KEY, criteria],
    queryFn: () => {
      const params = new URLSearchParams();
      if (criteria?.q) params.set('q', criteria.q);
      if (criteria?.dob) params.set('dob', criteria.dob);
      params.set('page', String(criteria?.page ?? 1));
      return getJson(`${PATIENT_ACCOUNTS_KEY}?${params}`);
    },
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
}

export type PatientAction = 'password-reset' | 'unlock' | 'deactivate';

/** One mutation per action; the list is read again afterwards (status, lock, gone). */
export function usePatientAction(action: PatientAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string): Promise<{ message?: string }> => {
      const base = `${PATIENT_ACCOUNTS_KEY}/${encodeURIComponent(userId)}`;
      if (action !== 'deactivate') return apiRequest('POST', `${base}/${action}`);
      await apiRequest<void>('DELETE', base);
      return {};
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PATIENT_ACCOUNTS_KEY] }),
  });
}
