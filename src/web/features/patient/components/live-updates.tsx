import { usePatientRealtime } from '@/features/realtime/use-patient-realtime';

/**
 * The patient's live updates (the queue socket) as a component, so a page can load it after
 * its first render: socket.io-client and the event schemas stay off the page's critical path.
 */
export function PatientLiveUpdates({ email }: { email: string | undefined }) {
  usePatientRealtime(email);
  return null;
}
