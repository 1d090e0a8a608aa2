import { toast } from '@/components/ui/use-toast';
import { useBypassPayment } from '@/features/applications/api/applications';
import { useAuth } from '@/features/auth/api/session';
import { feeLine, useFees } from '@/features/fees/api/fees';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { ApplicationType } from '../../../../shared/fees';
import type { ApplicationView } from '../../../../shared/schemas/application';

/**
 * Development Bypass / Simulate Payment Complete (patient-side.md §2.6, §6, §8; ruling 10).
 * The checks and messages are the spec's; the server refuses the call in production and its
 * message is shown.
 */
export function useDevBypass(onDone: (application: ApplicationView) => void) {
  const { user } = useAuth();
  const fees = useFees();
  const bypass = useBypassPayment();

  const run = (type: ApplicationType) => {
    const fail = (description: string) =>
      toast({ title: 'Error', description, variant: 'destructive' });
    if (!user) return fail('Please log in first.');
    if (!user.patient) return fail('Patient profile not found. Please complete registration.');
    const amount = feeLine(fees.data, type, false)?.total;
    if (!amount) return fail('Failed to create application. Please try again.');
    // mutateAsync: handled even if the button unmounts when the data refreshes.
    bypass
      .mutateAsync({ type, amount })
      .then(onDone, (error: unknown) =>
        fail(
          error instanceof ApiError
            ? errorMessage(error, 'Failed to create application. Please try again.')
            : 'Failed to process bypass. Please try again.',
        ),
      );
  };

  return { run, pending: bypass.isPending };
}
