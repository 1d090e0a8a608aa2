import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { ApplicationType, FeesResponse } from '../../../../shared/fees';

// The fee schedule comes from the server (ruling 4: the operator can change it); the pages
// show the numbers once they arrive and never invent them. Tiny, so the landing loads it too.
export const feesQuery = () =>
  queryOptions({
    queryKey: ['/api/fees'],
    queryFn: (context) => getJson<FeesResponse>('/api/fees', context),
  });

export function useFees() {
  return useQuery(feesQuery());
}

export type FeeLine = FeesResponse[ApplicationType]['standard'];

export function feeLine(
  fees: FeesResponse | undefined,
  type: ApplicationType,
  reduced: boolean,
): FeeLine | undefined {
  return fees?.[type]?.[reduced ? 'reduced' : 'standard'];
}
