import type { CallAnnouncement } from '../../../../shared/realtime';

// What the call room keeps in session storage (ruling 12: call flags only, no PHI):
// - the staff member's call data for the consultation they host, from which the hang-up's
//   call-ended is built (staff-and-video.md §2: "reports call end on the realtime channel,
//   clears stored call data"); the server picks the patient by the room, so no email is kept;
// - the room a patient has been in, so the dashboard offers 'Return to call' rather than
//   'Join Video Call' while the call is still on (a dropped connection, a closed tab).

const CALL_DATA_KEY = 'video-call-data';
const JOINED_ROOM_KEY = 'video-call-joined';

export type StoredCallData = Pick<
  CallAnnouncement,
  'roomId' | 'sessionId' | 'applicationId' | 'callerRole'
>;

export function saveCallData(data: StoredCallData): void {
  try {
    sessionStorage.setItem(CALL_DATA_KEY, JSON.stringify(data));
  } catch {
    // Storage unavailable: the hang-up builds the call data from the room instead.
  }
}

export function readCallData(roomId: string): StoredCallData | null {
  try {
    const raw = sessionStorage.getItem(CALL_DATA_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredCallData;
    return value && value.roomId === roomId ? value : null;
  } catch {
    return null;
  }
}

export function clearCallData(): void {
  try {
    sessionStorage.removeItem(CALL_DATA_KEY);
  } catch {
    // Nothing stored.
  }
}

export function markCallJoined(roomId: string): void {
  try {
    sessionStorage.setItem(JOINED_ROOM_KEY, roomId);
  } catch {
    // The dashboard then says 'Join Video Call', which goes to the same room.
  }
}

/** Has this tab been in that room (and so may return to it)? */
export function hasJoinedCall(roomId: string | null): boolean {
  if (!roomId) return false;
  try {
    return sessionStorage.getItem(JOINED_ROOM_KEY) === roomId;
  } catch {
    return false;
  }
}
