import { useConnectionState, usePatientRealtime } from '@/features/realtime/use-patient-realtime';
import { ConnectionIndicator } from './connection-indicator';

/**
 * The queue page's live updates and the indicator that shows them, in a component of their own
 * so the page loads it after its first render: socket.io-client and the event schemas stay off
 * the page's critical path (issue 23). Until then the page shows the "Connecting" indicator.
 */
export function LiveConnection({ email }: { email: string | undefined }) {
  usePatientRealtime(email);
  return <ConnectionIndicator state={useConnectionState()} />;
}
