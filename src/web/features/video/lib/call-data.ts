// What the call room keeps in session storage (ruling 12: call flags only, no PHI): the room
// a patient has been in, so the dashboard offers 'Return to call' rather than 'Join Video
// Call' while the call is still on (a dropped connection, a closed tab). The staff call data
// of staff-and-video.md §2, from which the hang-up built call-ended, is gone with that
// call-ended (issue 11): only the server's end of the consultation says the call is over.

const JOINED_ROOM_KEY = 'video-call-joined';

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
