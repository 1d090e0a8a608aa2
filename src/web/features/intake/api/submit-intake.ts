import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  APPLICATIONS_KEY,
  addMedicalCondition,
  removeMedicalCondition,
  submitApplication,
} from '@/features/applications/api/applications';
import { invalidateDocumentLists, uploadPatientDocument } from '@/features/documents/api/documents';
import { QUEUE_STATUS_KEY } from '@/features/queue/api/queue';
import { apiRequest } from '@/lib/api-client';
import { feeCovered } from '../../../../shared/payment-status';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
import type { IntakeOutput } from '../components/intake-schema';

export interface SubmitIntakeArgs {
  values: IntakeOutput;
  /** The schedule's total for the chosen type and fee (checked by the server while unpaid). */
  amount: string | undefined;
  proofFile: File | null;
}

const conditionKey = (c: { icdCode?: string | null; description: string }) =>
  `${c.icdCode ?? ''}|${c.description.trim().toLowerCase()}`;

/**
 * The form's submit (patient-side.md §4): the reduced-fee proof first (ruling 15), then the
 * application (the open one is filled in, ruling 14), each non-blank condition not already on
 * it, then the queue, only once the application is paid.
 */
async function submitIntake({ values, amount, proofFile }: SubmitIntakeArgs) {
  const { medicalConditions, ...form } = values;
  const reduced = form.hasReducedFee;
  if (reduced && form.reducedFeeReason && proofFile)
    await uploadPatientDocument({
      file: proofFile,
      category: 'reduced_fee_proof',
      applicationType: form.type,
    });

  const application = await submitApplication({
    ...form,
    reducedFeeReason: reduced ? form.reducedFeeReason : null,
    ...(amount ? { amount } : {}),
  });

  // The form is the list: rows removed from it leave the application, new rows join it.
  const wanted = new Set(medicalConditions.filter((c) => c.description.trim()).map(conditionKey));
  for (const existing of application.medicalConditions)
    if (!wanted.has(conditionKey(existing)))
      await removeMedicalCondition(application.id, existing.id);
  const present = new Set(application.medicalConditions.map(conditionKey));
  for (const condition of medicalConditions) {
    if (!condition.description.trim() || present.has(conditionKey(condition))) continue;
    await addMedicalCondition(application.id, condition);
    present.add(conditionKey(condition));
  }

  // Paid and not yet seen: a consultation that already happened moved the status on.
  let queue: QueueStatusView | null | undefined;
  if (feeCovered(application.paymentStatus) && application.status === 'payment_completed')
    queue = await apiRequest<QueueStatusView | null>('POST', '/api/queue/join', {
      applicationId: application.id,
    });
  return { application, queue } satisfies { application: ApplicationView; queue: unknown };
}

export function useSubmitIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIntake,
    onSuccess: ({ queue }) => {
      if (queue !== undefined) queryClient.setQueryData([QUEUE_STATUS_KEY], queue);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] }),
        invalidateDocumentLists(queryClient),
      ]),
  });
}
