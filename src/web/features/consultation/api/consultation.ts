import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type {
  ConsultationNotesRequest,
  ConsultationNotesResponseSchema,
} from '../../../../shared/schemas/consultation-room';
import type { PatientRecord, StaffPatient } from '../../../../shared/schemas/staff-documents';
import { invalidateLifecycle } from '../../meetings/api/lifecycle';

// The Doctor Consultation Interface's and the room's reads, the notes and the outcome call (staff-and-video.md §2;
// ruling 3: a doctor reads only the patient being seen; the outcome is for doctors and
// doctor admins).

type ConsultationNotesResponse = z.infer<typeof ConsultationNotesResponseSchema>;

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
      identityVerified,
      homebound,
    }: {
      consultationId: string;
      approved: boolean;
      reason?: string;
      /** The physician checked the patient's identity against ID and photo (SB 1066). */
      identityVerified?: boolean;
      /** Certified homebound: asked only when the application names a caregiver (issue 22). */
      homebound?: boolean;
    }) =>
      apiRequest<OutcomeAnswer>(
        'POST',
        `/api/admin/consultations/${encodeURIComponent(consultationId)}/outcome`,
        {
          approved,
          ...(reason ? { reason } : {}),
          ...(approved ? { identityVerified } : {}),
          ...(approved && homebound !== undefined ? { homebound } : {}),
        },
      ),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}

/** PUT …/notes: the physician's notes, saved as they type (issue 12). */
export const saveConsultationNotes = (consultationId: string, notes: string) =>
  apiRequest<ConsultationNotesResponse>('PUT', notesPath(consultationId), {
    notes,
  } satisfies ConsultationNotesRequest);

const notesPath = (consultationId: string) =>
  `/api/admin/consultations/${encodeURIComponent(consultationId)}/notes`;

/** The same save as a bare request that may outlive the page (keepalive, on pagehide). */
export const notesRequest = (consultationId: string, notes: string, init: RequestInit) =>
  fetch(notesPath(consultationId), {
    ...init,
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ notes } satisfies ConsultationNotesRequest),
  });
