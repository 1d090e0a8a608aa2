import { apiRequest } from '@/lib/api-client';
import { meetingPath, startVideoCall } from './lifecycle';
import type { WaitingPatient } from './meetings';
import { useStartCall } from './use-start-call';

/**
 * Start Video Call from a meeting: admit first when the patient is still waiting, then start
 * and go into the room. The admission goes through the meeting so the patient is assigned to
 * its doctor (ruling 16); the server's start call admits on its own only for a doctor.
 */
export const useStartFromMeeting = () =>
  useStartCall(async ({ patient, meetingId }: { patient: WaitingPatient; meetingId: string }) => {
    if (patient.status === 'waiting')
      await apiRequest('POST', meetingPath(meetingId, 'admit', patient.id));
    return startVideoCall(patient.id);
  });
