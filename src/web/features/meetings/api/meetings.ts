import { useQuery } from '@tanstack/react-query';
import type { ApplicationType } from '../../../../shared/fees';
import type { Language } from '../../../../shared/i18n/languages';

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
  /** The patient's language (issue 24). */
  language: Language;
  /**
   * Waiting room only, on a Spanish speaker's row: whether a doctor who consults in Spanish is
   * connected now (issue 24). Absent on an English speaker's row and on the meetings' rows.
   */
  spanishPhysicianOnDuty?: boolean;
  joinTime: string;
  status: WaitingPatientStatus;
  applicationId: string;
  applicationType: ApplicationType;
  /** The meeting the patient is admitted to; null on the waiting-room list until admitted. */
  meetingId: string | null;
  /** Milliseconds since the patient joined the queue. */
  waitingTime: number;
}

export interface Meeting {
  meetingId: string;
  topic: string;
  status: string;
  /** `languages`: the languages the doctor consults in (issue 24). */
  doctor: { id: string; name: string; languages: Language[] };
  waitingPatients: WaitingPatient[];
}

export function useMeetings(enabled = true) {
  return useQuery<Meeting[]>({
    queryKey: [MEETINGS_KEY],
    refetchInterval: MEETINGS_REFETCH_MS,
    enabled,
  });
}

export const WAITING_ROOM_KEY = '/api/admin/waiting-room';

/**
 * GET /api/admin/waiting-room: the clinic-wide line (waiting, admitted, in a call), in queue
 * order, whether or not a doctor is on duty (issue 12: the page shows the real line).
 */
export function useWaitingRoom() {
  return useQuery<{ patients: WaitingPatient[] }>({
    queryKey: [WAITING_ROOM_KEY],
    refetchInterval: MEETINGS_REFETCH_MS,
  });
}

export const activeMeetings = (meetings: Meeting[]) =>
  meetings.filter((m) => m.status === 'active');
