import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import type { FeesResponse } from '../../../../shared/fees';
import type { FeeHistory, FeeScheduleInput } from '../../../../shared/schemas/fees';
import { feesQuery } from './fees';

// The Fee Schedule screen's calls (ruling 3: `financial`).

const HISTORY_KEY = '/api/admin/fees/history';

export const feeHistoryQuery = () =>
  queryOptions({
    queryKey: [HISTORY_KEY],
    queryFn: (context) => getJson<FeeHistory>(HISTORY_KEY, context),
  });

export function useFeeHistory() {
  return useQuery(feeHistoryQuery());
}

export function useSaveFeeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeScheduleInput) =>
      apiRequest<FeesResponse>('PUT', '/api/admin/fees', body),
    onSuccess: (fees) => {
      queryClient.setQueryData(feesQuery().queryKey, fees);
      return queryClient.invalidateQueries({ queryKey: [HISTORY_KEY] });
    },
  });
}
