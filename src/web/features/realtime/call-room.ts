import { useSyncExternalStore } from 'react';

// Call room state (patient-side.md §4): a room announced for the signed-in patient is kept
// in session storage (ruling 12 allows these two flags) and enables Join Video Call; the
// call's end clears it.

const CALL_STARTED_KEY = 'call-started';
const ROOM_ID_KEY = 'room-id';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function read(): string | null {
  try {
    if (sessionStorage.getItem(CALL_STARTED_KEY) !== 'true') return null;
    return sessionStorage.getItem(ROOM_ID_KEY);
  } catch {
    return null;
  }
}

export function startCall(roomId: string): void {
  try {
    sessionStorage.setItem(CALL_STARTED_KEY, 'true');
    sessionStorage.setItem(ROOM_ID_KEY, roomId);
  } catch {
    // Storage can be unavailable (private mode quotas); the button then stays off.
  }
  notify();
}

/** Clears the flags; with a room id, only when it is that room's end. */
export function endCall(roomId?: string): void {
  if (roomId && read() !== roomId) return;
  try {
    sessionStorage.removeItem(CALL_STARTED_KEY);
    sessionStorage.removeItem(ROOM_ID_KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CALL_STARTED_KEY || event.key === ROOM_ID_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The active call room's id, or null. */
export function useActiveCallRoom(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Where Join Video Call goes (patient-side.md §2.10). */
export const videoCallPath = (roomId: string, firstName: string) =>
  `/video-call/${encodeURIComponent(roomId)}?role=patient&name=${encodeURIComponent(firstName)}`;
