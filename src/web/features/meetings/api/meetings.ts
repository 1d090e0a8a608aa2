import { useQuery } from '@tanstack/react-query';
import type { ApplicationType } from '../../../../shared/fees';

// GET /api/admin/meetings (staff-and-video.md §2 Meetings tab, §3 Meeting and Waiting patient;
// ruling 16): one meeting per doctor on duty; each lists the clinic-wide waiting patients and
// the patients admitted to it. Refetched every 30 s (§9).

export const MEETINGS_KEY = '/api/admin/meetings';
export const MEETINGS_REFETCH_MS = 30_000;

export type WaitingPatientStatus = 'waiting' | 'admitted' | 'in_consultation';

export interface WaitingPatient {
  /** The queue entry's id (the :patientId of the admit and reject paths). */
  id: string;
  displayName: string;
  patientName: string;
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: string | null;
  joinTime: string;
  status: WaitingPatientStatus;
  applicationId: string;
  applicationType: ApplicationType;
  meetingId: string;
  /** Milliseconds since the patient joined the queue. */
  waitingTime: number;
}

export interface Meeting {
  meetingId: string;
  topic: string;
  status: string;
  doctor: { id: string; name: string };
  waitingPatients: WaitingPatient[];
}

export function useMeetings(enabled = true) {
  return useQuery<Meeting[]>({
    queryKey: [MEETINGS_KEY],
    refetchInterval: MEETINGS_REFETCH_MS,
    enabled,
  });
}

/** Every patient once (a waiting patient is listed by each meeting), in queue order. */
export function clinicWaitingList(meetings: Meeting[]): WaitingPatient[] {
  const seen = new Map<string, WaitingPatient>();
  for (const meeting of meetings)
    for (const patient of meeting.waitingPatients)
      if (!seen.has(patient.id)) seen.set(patient.id, patient);
  return [...seen.values()].sort((a, b) => a.joinTime.localeCompare(b.joinTime));
}

export const activeMeetings = (meetings: Meeting[]) =>
  meetings.filter((m) => m.status === 'active');
