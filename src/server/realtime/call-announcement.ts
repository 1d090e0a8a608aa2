import type { Socket } from 'socket.io';
import { CallAnnouncementSchema } from '../../shared/realtime.js';
import { isStaffRole } from '../../shared/roles.js';
import type { AppContext } from '../context.js';
import { announce } from '../modules/consultations/announce.js';
import { dataOf, roomForSocket } from './participants.js';

/**
 * `sendRoomID` and `call-ended` from a staff member (staff-and-video.md §7 Call-room
 * announcement; a doctor's hang-up sends call-ended). The announcement goes to the patient of
 * the consultation whose room it names, and only when the sender hosts that room: the email in
 * the payload is not trusted to pick the recipient.
 */
export function registerCallAnnouncements(socket: Socket, ctx: AppContext): void {
  const who = dataOf(socket);
  if (!isStaffRole(who.role)) return;
  for (const event of ['sendRoomID', 'call-ended'] as const)
    socket.on(event, async (payload: unknown) => {
      const parsed = CallAnnouncementSchema.safeParse(payload);
      if (!parsed.success) return;
      const room = await roomForSocket(ctx, socket, parsed.data.roomId).catch(() => null);
      if (!room?.isHost || !room.patientId || !room.applicationId) return;
      if (event === 'sendRoomID' && room.ended) return;
      await announce(
        ctx,
        room.patientId,
        event === 'sendRoomID' ? 'roomID-received' : 'call-ended',
        room.id,
        room.applicationId,
      ).catch(() => undefined);
    });
}
