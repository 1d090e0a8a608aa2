import { io, type Socket } from 'socket.io-client';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '../../shared/realtime';

// One socket.io connection per tab, opened while a patient page that needs live updates is
// on screen and closed shortly after the last one goes (a page change does not drop it).
// Options are the spec's real-time client defaults (patient-side.md §7, §9). Only pages that
// are loaded lazily import this module, so the landing page never carries socket.io.

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const RELEASE_GRACE_MS = 2000;
/** The server refused the handshake (a session that ended); try again later. */
const REFUSED_RETRY_MS = 5000;

let socket: AppSocket | null = null;
/** A connection attempt failed or an open connection dropped, until the next connect. */
let failed = false;
let users = 0;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const statusListeners = new Set<() => void>();

function notify(): void {
  for (const listener of statusListeners) listener();
}

function create(): AppSocket {
  const s: AppSocket = io({
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    withCredentials: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
  });
  s.on('connect', () => {
    failed = false;
    notify();
  });
  // A refused handshake, or a socket the server closed (the session ended or the user's
  // rights changed), is not retried by socket.io itself: a new connection carries the rights
  // the user holds now, or is refused once signed out.
  const retryLater = () => {
    if (s.active || users === 0) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (users > 0 && !s.connected) s.connect();
    }, REFUSED_RETRY_MS);
  };
  s.on('disconnect', (reason) => {
    failed = true;
    notify();
    if (reason === 'io server disconnect') retryLater();
  });
  s.on('connect_error', () => {
    failed = true;
    notify();
    retryLater();
  });
  return s;
}

/** Takes a reference on the shared socket; call the returned function to give it back. */
export function acquireSocket(): { socket: AppSocket; release: () => void } {
  clearTimeout(releaseTimer);
  users++;
  if (!socket) socket = create();
  else if (!socket.connected && !socket.active) socket.connect();
  notify();
  let released = false;
  return {
    socket,
    release: () => {
      if (released) return;
      released = true;
      users--;
      if (users > 0) return;
      releaseTimer = setTimeout(closeSocket, RELEASE_GRACE_MS);
    },
  };
}

/** Closes the connection (also on sign-out, so no socket outlives its session). */
export function closeSocket(): void {
  clearTimeout(releaseTimer);
  clearTimeout(retryTimer);
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  failed = false;
  notify();
}

export function subscribeConnection(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export type ConnectionState = 'connected' | 'connecting' | 'lost';

export function connectionState(): ConnectionState {
  if (socket?.connected) return 'connected';
  return socket && !failed ? 'connecting' : 'lost';
}
