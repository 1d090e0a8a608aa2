import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { PatientJourneyResponse } from '../../../../shared/schemas/journey';

/** GET /api/patient/journey: the visit's steps as the server computes them (issue 11). */
export const JOURNEY_KEY = '/api/patient/journey';

export const journeyQuery = () =>
  queryOptions({
    queryKey: [JOURNEY_KEY],
    queryFn: (context) => getJson<PatientJourneyResponse>(JOURNEY_KEY, context),
    // Read again on each screen that shows it: a payment or an intake step taken elsewhere
    // moves it on, and the socket events cover the clinic's changes while a screen is open.
    refetchOnMount: 'always',
  });

export function useJourney() {
  return useQuery(journeyQuery());
}
