import { useQuery } from '@tanstack/react-query';
import type {
  DoctorConsultation,
  DoctorQueueEntry,
  DoctorStats,
} from '../../../../shared/schemas/operations';

// The Doctor Dashboard's reads (staff-and-video.md §2, §9: the queue is refetched every 10 s;
// ruling 9: real figures, the real application type, a real Completed Today).

export const DOCTOR_REFETCH_MS = 10_000;
export const DOCTOR_STATS_KEY = '/api/doctor/stats';
export const DOCTOR_QUEUE_KEY = '/api/doctor/queue';
export const doctorConsultationsKey = (scope: 'active' | 'today') =>
  `/api/doctor/consultations?scope=${scope}`;

export const useDoctorStats = () =>
  useQuery<DoctorStats>({ queryKey: [DOCTOR_STATS_KEY], refetchInterval: DOCTOR_REFETCH_MS });

export const useDoctorQueue = () =>
  useQuery<DoctorQueueEntry[]>({
    queryKey: [DOCTOR_QUEUE_KEY],
    refetchInterval: DOCTOR_REFETCH_MS,
  });

export const useDoctorConsultations = (scope: 'active' | 'today', enabled = true) =>
  useQuery<DoctorConsultation[]>({
    queryKey: [doctorConsultationsKey(scope)],
    refetchInterval: DOCTOR_REFETCH_MS,
    enabled,
  });
