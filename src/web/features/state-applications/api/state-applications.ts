import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import { CONSOLE_COUNTS_PATH } from '../../../../shared/schemas/console-counts';
import type {
  StateApplicationDetail,
  StateApplicationList,
} from '../../../../shared/schemas/state-application';

// The State Applications desk's calls (issue 22; ACCESS.stateApplications, the refund
// ACCESS.stateFeeRefund). Every write answers the application as it now stands.

export const STATE_APPLICATIONS_PATH = '/api/admin/state-applications';
export const stateApplicationPath = (id: string) => `${STATE_APPLICATIONS_PATH}/${id}`;
/** The packet PDF (built by the packet module): the documents OMMA's form asks for. */
export const packetPath = (id: string) => `${stateApplicationPath(id)}/packet`;

export const stateApplicationsQuery = () =>
  queryOptions({
    queryKey: [STATE_APPLICATIONS_PATH],
    queryFn: (context) => getJson<StateApplicationList>(STATE_APPLICATIONS_PATH, context),
  });

export const stateApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: [stateApplicationPath(id)],
    queryFn: (context) => getJson<StateApplicationDetail>(stateApplicationPath(id), context),
  });

export const useStateApplications = () => useQuery(stateApplicationsQuery());
export const useStateApplication = (id: string | null) =>
  useQuery({ ...stateApplicationQuery(id ?? ''), enabled: id !== null });

export type DeskStep = 'checklist' | 'submitted' | 'decision' | 'card-mailed' | 'refund-state-fee';

/** One desk step on one application; the list and the console's counts follow. */
export function useDeskStep(id: string, step: DeskStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<StateApplicationDetail>(
        step === 'checklist' ? 'PUT' : 'POST',
        `${stateApplicationPath(id)}/${step}`,
        body,
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(stateApplicationQuery(id).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: [STATE_APPLICATIONS_PATH], exact: true });
      void queryClient.invalidateQueries({ queryKey: [CONSOLE_COUNTS_PATH] });
    },
  });
}
