import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import type { QueueStatusView } from '../../shared/queue.js';
import { CallAnnouncementSchema } from '../../shared/realtime.js';
import { isStaffRole } from '../../shared/roles.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema/index.js';
import { announce } from '../modules/consultations/announce.js';
import { dataOf, roomForSocket } from './participants.js';

/**
 * `sendRoomID` from a staff member (staff-and-video.md §7 Call-room announcement): the
 * announcement goes to the patient of the consultation whose room it names, and only when the
 * sender hosts that room: the email in the payload is not trusted to pick the recipient.
 * A staff `call-ended` is no longer heard (issue 11): a hang-up only leaves the room, and only
 * the server's end of the consultation tells the patient the call is over.
 */
export function registerCallAnnouncements(socket: Socket, ctx: AppContext): void {
  const who = dataOf(socket);
  if (!isStaffRole(who.role)) return;
  socket.on('sendRoomID', async (payload: unknown) => {
    const parsed = CallAnnouncementSchema.safeParse(payload);
    if (!parsed.success) return;
    const room = await roomForSocket(ctx, socket, parsed.data.roomId).catch(() => null);
    if (!room?.isHost || !room.patientId || !room.applicationId || room.ended) return;
    await announce(ctx, room.patientId, 'roomID-received', room.id, room.applicationId).catch(
      () => undefined,
    );
  });
}

/**
 * A patient's page that connects while their consultation is in progress hears its call again
 * (issue 11): a reload, a second tab or another device can join. Only this socket, which is
 * the patient's own, hears it.
 */
export async function replayCallAnnouncement(
  socket: Socket,
  ctx: AppContext,
  status: QueueStatusView | null,
): Promise<void> {
  if (!status?.roomId) return;
  const [row] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, dataOf(socket).userId));
  if (!row) return;
  socket.emit('roomID-received', {
    roomId: status.roomId,
    email: row.email,
    applicationId: status.applicationId,
  });
}
