import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PatientRecord, StaffPatient } from '../../../../shared/schemas/staff-documents';
import { invalidateLifecycle } from '../../meetings/api/lifecycle';

// The Doctor Consultation Interface's reads and its outcome call (staff-and-video.md §2;
// ruling 3: a doctor reads only the patient being seen; the outcome is for doctors and
// doctor admins).

export const patientRecordKey = (patientId: string) =>
  `/api/admin/patients/${encodeURIComponent(patientId)}/record`;

export const usePatientRecord = (patientId: string | null, enabled: boolean) =>
  useQuery<PatientRecord>({
    queryKey: [patientRecordKey(patientId ?? '')],
    enabled: enabled && !!patientId,
  });

/**
 * The patient behind an application, for staff who came from a meeting (its waiting patients
 * carry the application, not the patient id): the patients list names each one's latest
 * application.
 */
export function usePatientForApplication(applicationId: string | null, enabled: boolean) {
  return useQuery<StaffPatient[], Error, string | null>({
    queryKey: ['/api/admin/patients'],
    enabled: enabled && !!applicationId,
    select: (patients) =>
      patients.find((p) => p.latestApplication?.id === applicationId)?.id ?? null,
  });
}

export interface OutcomeAnswer {
  message: string;
  applicationStatus: string;
  approvedAt: string | null;
  documentId: string | null;
}

export function useRecordOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      consultationId,
      approved,
      reason,
    }: {
      consultationId: string;
      approved: boolean;
      reason?: string;
    }) =>
      apiRequest<OutcomeAnswer>(
        'POST',
        `/api/admin/consultations/${encodeURIComponent(consultationId)}/outcome`,
        { approved, ...(reason ? { reason } : {}) },
      ),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
