// Kept apart from schemas/video.ts (zod) so pages that only link to a call stay zod-free.

/**
 * The consultation room (staff-and-video.md §2, as issue 21 changes it): `?role=` only. The
 * display name comes from the session: a name in the address is PHI in history and logs.
 */
export const videoRoomPath = (roomId: string, role: 'doctor' | 'patient') =>
  `/video-call/${encodeURIComponent(roomId)}?role=${role}`;
