import { useEffect, useSyncExternalStore } from 'react';
import {
  acquireSocket,
  type ConnectionState,
  connectionState,
  subscribeConnection,
} from '@/lib/socket';
import { useStaffLiveUpdates } from '../../realtime/use-staff-live-updates';

/**
 * Keeps the doctor's live connection open while a doctor page is on screen. Being connected is
 * what puts the doctor on duty: their meeting opens and wait estimates count them (ruling 16).
 * The shared client reconnects after 1 s, backing off to 5 s (§9).
 */
export function useDoctorPresence(enabled = true): ConnectionState {
  useEffect(() => {
    if (!enabled) return;
    const { release } = acquireSocket();
    return release;
  }, [enabled]);
  useStaffLiveUpdates(enabled);
  return useSyncExternalStore(subscribeConnection, connectionState, () => 'connecting');
}
