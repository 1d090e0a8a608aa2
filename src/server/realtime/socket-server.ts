import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '../../shared/realtime.js';
import type { AppContext } from '../context.js';
import { hashToken } from '../modules/auth/session-store.js';
import { SESSION_COOKIE } from '../plugins/auth.js';
import { type IoServer, userRoom } from './hub.js';

// socket.io on the app's own HTTP server (DESIGN.md toolchain notes). A connection is
// accepted only from our own origin with a live session cookie; it joins its user's room and
// keeps the session alive while open (ruling 17).

const KEEPALIVE_MS = 60_000;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function attachSocketServer(app: FastifyInstance, ctx: AppContext): IoServer {
  const publicOrigin = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).origin : null;
  const io: IoServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const ok =
        !origin || origin === publicOrigin || (host !== undefined && new URL(origin).host === host);
      callback(ok ? null : 'Cross-origin connection refused', ok);
    },
  });

  io.use(async (socket, next) => {
    try {
      const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
      const session = token ? await ctx.sessions.resolve(token) : null;
      if (!session) return next(new Error('Unauthorized'));
      socket.data.userId = session.user.id;
      socket.data.role = session.user.role;
      socket.data.tokenHash = hashToken(token!);
      socket.data.patientId = session.user.patient?.id ?? null;
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  const countDoctors = () => {
    let n = 0;
    const seen = new Set<string>();
    for (const s of io.sockets.sockets.values())
      if (s.data.role === 'doctor' && !seen.has(s.data.userId)) {
        seen.add(s.data.userId);
        n++;
      }
    ctx.queue.setLiveDoctors(n);
  };

  io.on('connection', async (socket) => {
    const { userId, role, tokenHash, patientId } = socket.data as {
      userId: string;
      role: string;
      tokenHash: string;
      patientId: string | null;
    };
    await socket.join(userRoom(userId));
    const keepAlive = setInterval(
      () => void ctx.sessions.touch(tokenHash).catch(() => {}),
      KEEPALIVE_MS,
    );
    if (role === 'doctor') countDoctors();
    socket.on('disconnect', () => {
      clearInterval(keepAlive);
      if (role === 'doctor') countDoctors();
    });
    if (patientId) socket.emit('queue-update', { status: await ctx.queue.statusFor(patientId) });
  });

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return io;
}
