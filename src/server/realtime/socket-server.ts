import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '../../shared/realtime.js';
import { isStaffRole } from '../../shared/roles.js';
import { publicUrlOrigin } from '../config.js';
import type { AppContext } from '../context.js';
import { hashToken } from '../modules/auth/session-store.js';
import { SESSION_COOKIE } from '../plugins/auth.js';
import { registerCallAnnouncements, replayCallAnnouncement } from './call-announcement.js';
import { type IoServer, roleRoom, sessionRoom, userRoom } from './hub.js';
import { createRoomTools } from './room/room-tools.js';
import { SWEEP_EVERY_MS, sweepSessions } from './session-sweep.js';
import { registerSignalling } from './signalling.js';

// socket.io on the app's own HTTP server (DESIGN.md toolchain notes). A connection is
// accepted only from our own origin with a live session cookie; it joins its user's room. What an
// open socket does for its session (a patient's keeps it alive, ruling 17; a staff member's only
// in a live call, issue 13) is session-sweep.ts's once-a-minute pass.

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** An Origin that is not a URL ("null" from a sandboxed page) is refused, not thrown. */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Disconnect reasons that mean the page went away (closed, navigated, lost its network). */
const CLIENT_CLOSED = new Set([
  'transport close',
  'transport error',
  'client namespace disconnect',
  'ping timeout',
]);

export function attachSocketServer(app: FastifyInstance, ctx: AppContext): IoServer {
  const publicOrigin = publicUrlOrigin(ctx.config);
  const io: IoServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      // A draining node takes no new connection: the client retries, through the proxy, elsewhere.
      if (ctx.lifecycle.draining) return callback('Server restarting', false);
      const ok = !origin || origin === publicOrigin || sameHost(origin, req.headers.host);
      callback(ok ? null : 'Cross-origin connection refused', ok);
    },
  });

  io.use(async (socket, next) => {
    try {
      const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
      // A connection (or a reconnection) is not something the user did (issue 13).
      const session = token ? await ctx.sessions.resolve(token, { background: true }) : null;
      // A sign-in still waiting for its second factor opens no socket (issue 13).
      if (!session || session.mfaStage) return next(new Error('Unauthorized'));
      socket.data.userId = session.user.id;
      socket.data.role = session.user.role;
      socket.data.tokenHash = hashToken(token!);
      socket.data.patientId = session.user.patient?.id ?? null;
      socket.data.permissions = session.user.permissions;
      socket.data.userName = `${session.user.firstName} ${session.user.lastName}`.trim();
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  // Distinct doctors, on every node (one doctor with two tabs is one doctor on duty).
  ctx.queue.countLiveDoctors = async () => (await ctx.realtime.liveUserIds('doctor')).length;

  const roomTools = createRoomTools(ctx, io);

  io.on('connection', async (socket) => {
    const { userId, role, tokenHash, patientId } = socket.data as {
      userId: string;
      role: string;
      tokenHash: string;
      patientId: string | null;
    };
    socket.on('disconnect', (reason) => {
      // A patient's page closing is their last activity: written now, because the sweep writes
      // an open page's at most every five minutes (issue 23), and another node judging the
      // session must not sign them out early. Not when the server closed it (shutdown, sign-out).
      if (!isStaffRole(role) && CLIENT_CLOSED.has(reason))
        void ctx.sessions.touch(tokenHash).catch(() => undefined);
      if (role === 'doctor') {
        ctx.queue.doctorPresenceChanged();
        ctx.queueReminders.doctorDisconnected();
      }
    });
    registerSignalling(socket, ctx, io, roomTools.hooks);
    roomTools.register(socket);
    registerCallAnnouncements(socket, ctx);
    await socket.join([userRoom(userId), roleRoom(role), sessionRoom(tokenHash)]);
    // Counted once in the doctors' room. The first doctor on duty: the waiting patients are
    // told by email (issue 13).
    if (role === 'doctor') ctx.queue.doctorPresenceChanged();
    if (role === 'doctor')
      void ctx.queueReminders.doctorConnected(userId, socket.id).catch((err: unknown) => {
        app.log.error({ err }, 'queue reminders failed');
      });
    if (patientId) {
      const status = await ctx.queue.statusFor(patientId);
      socket.emit('queue-update', { status });
      await replayCallAnnouncement(socket, ctx, status).catch(() => undefined);
    }
  });

  // Sockets follow the session: signing out, deactivation and a change of rights close them.
  ctx.sessions.ended = (what) => ctx.realtime.disconnect(what);

  const sweep = setInterval(() => void sweepSessions(ctx).catch(() => undefined), SWEEP_EVERY_MS);
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return io;
}
