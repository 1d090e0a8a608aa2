import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

// Stopping a node without a word lost (issue 14): on SIGTERM the node says not-ready at once,
// sends its sockets elsewhere, lets what is in flight finish (bounded), closes its links and
// exits 0, all well inside the 25 s a deploy or systemd waits before killing it.

/** In-flight requests and uploads get this long once the node stops accepting. */
export const REQUEST_GRACE_MS = 18_000;
/** Past this the process exits whatever is left (1: the drain did not finish). */
export const FORCE_EXIT_MS = 24_000;

export interface DrainParts {
  app: FastifyInstance & { ctx: AppContext };
  /** Closed after the app: the database (the app's onClose hooks close Redis and mail). */
  closeDatabase: () => Promise<void>;
  /** Timers the process runs beside the app (session purge, upkeep). */
  stopTimers: () => void;
  exit?: (code: number) => void;
  requestGraceMs?: number;
  forceExitMs?: number;
}

/**
 * Tells each socket on this node that the server restarts, then closes its transport. Not
 * `disconnect()`: a server-side disconnect stops the client's automatic reconnection, while
 * a closed transport makes it reconnect (through the proxy, to a node still serving).
 */
export function sendSocketsElsewhere(ctx: AppContext): number {
  const sockets = ctx.realtime.io?.of('/').sockets;
  if (!sockets) return 0;
  for (const socket of sockets.values()) {
    socket.emit('server-restarting');
    // The notice is flushed first: the engine closes once its write buffer has drained.
    socket.conn.close();
  }
  return sockets.size;
}

const sleep = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/** One drain for the process: the first call runs it, later calls get the same promise. */
export function createDrain(parts: DrainParts): (signal: string) => Promise<void> {
  const { app } = parts;
  const exit = parts.exit ?? ((code: number) => process.exit(code));
  const log: FastifyBaseLogger = app.log;
  let running: Promise<void> | null = null;

  const run = async (signal: string) => {
    const force = setTimeout(() => {
      log.error('drain did not finish in time; exiting');
      exit(1);
    }, parts.forceExitMs ?? FORCE_EXIT_MS);
    force.unref();
    // Ready answers 503 from here on, and socket.io refuses new handshakes.
    app.ctx.lifecycle.draining = true;
    log.info({ signal }, 'shutting down: draining');
    parts.stopTimers();
    const sockets = sendSocketsElsewhere(app.ctx);
    // app.close() stops listening, answers 503 to new requests on open connections, closes
    // idle ones and waits for requests in flight; then its onClose hooks stop the mail worker,
    // socket.io and the Redis links.
    const closed = app.close().then(() => 'closed' as const);
    const outcome = await Promise.race([closed, sleep(parts.requestGraceMs ?? REQUEST_GRACE_MS)]);
    if (outcome === 'timeout') {
      log.warn('requests still in flight after the grace period; closing their connections');
      app.server.closeAllConnections();
      await Promise.race([closed, sleep(2000)]);
    }
    await parts.closeDatabase();
    log.info({ sockets }, 'drained');
    clearTimeout(force);
    exit(0);
  };

  return (signal: string) => {
    if (running) {
      log.info({ signal }, 'already draining');
      return running;
    }
    running = run(signal).catch((err: unknown) => {
      log.error({ err }, 'shutdown failed');
      exit(1);
    });
    return running;
  };
}
