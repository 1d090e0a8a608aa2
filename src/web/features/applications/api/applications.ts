import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOURNEY_KEY } from '@/features/patient/api/journey';
import { apiRequest, getJson } from '@/lib/api-client';
import { CLOSED_STATUSES } from '../../../../shared/application-status';
import type { ApplicationType } from '../../../../shared/fees';
import { feeCovered } from '../../../../shared/payment-status';
import type {
  ApplicationFormRequest,
  ApplicationView,
  MedicalConditionInput,
} from '../../../../shared/schemas/application';

export const APPLICATIONS_KEY = '/api/applications';

/** The patient's applications, newest first: the first is the latest (patient-side.md §7). */
export const applicationsQuery = () =>
  queryOptions({
    queryKey: [APPLICATIONS_KEY],
    queryFn: (context) => getJson<ApplicationView[]>(APPLICATIONS_KEY, context),
  });

export function useApplications() {
  return useQuery(applicationsQuery());
}

export const latestApplication = (apps: ApplicationView[] | undefined) => apps?.[0] ?? null;

/** The one application that is neither approved nor rejected (ruling 14). */
export const openApplication = (apps: ApplicationView[] | undefined) =>
  apps?.find((a) => !CLOSED_STATUSES.includes(a.status)) ?? null;

/** The fee is held or taken (issue 11: authorized at payment, captured on approval). */
export const isPaid = (app: ApplicationView | null | undefined) =>
  !!app && feeCovered(app.paymentStatus);

export const submitApplication = (body: ApplicationFormRequest) =>
  apiRequest<ApplicationView>('POST', APPLICATIONS_KEY, body);

export const addMedicalCondition = (applicationId: string, condition: MedicalConditionInput) =>
  apiRequest<{ id: string; icdCode: string | null; description: string }>(
    'POST',
    `${APPLICATIONS_KEY}/${applicationId}/medical-conditions`,
    { icdCode: condition.icdCode || null, description: condition.description },
  );

export const removeMedicalCondition = (applicationId: string, conditionId: string) =>
  apiRequest<null>(
    'DELETE',
    `${APPLICATIONS_KEY}/${applicationId}/medical-conditions/${conditionId}`,
  );

/**
 * Development Bypass and Simulate Payment Complete (ruling 10): marks the open application
 * paid and queues the patient. The server refuses it in production (403).
 */
export function useBypassPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { type: ApplicationType; amount: string }) =>
      apiRequest<ApplicationView>('POST', APPLICATIONS_KEY, {
        type: args.type,
        amount: args.amount,
        hasReducedFee: false,
        paymentStatus: 'paid',
        paymentId: 'dev-bypass',
        status: 'payment_completed',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['/api/queue/status'] }),
        // The dashboard's journey is the server's: read it again to show the payment done.
        queryClient.invalidateQueries({ queryKey: [JOURNEY_KEY] }),
      ]),
  });
}
