import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { PatientVisitsResponse } from '../../../../shared/schemas/visits';

/** GET /api/patient/visits: the patient's consultations, newest first (issue 21). */
export const VISITS_KEY = '/api/patient/visits';

export const useVisits = () =>
  useQuery({
    queryKey: [VISITS_KEY],
    queryFn: (context) => getJson<PatientVisitsResponse>(VISITS_KEY, context),
  });
