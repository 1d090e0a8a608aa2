import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/private-dir.js';

// The server's control socket (ADR 0018): a unix socket at DATA_DIR/control.sock. DATA_DIR is
// 0700, so only the server's own user can connect: file permissions are the authentication,
// and there is no new network surface or secret. It is also the lock on an embedded database:
// whoever listens on it (a server, or a restore) owns DATA_DIR/pglite, and binding a unix
// socket is atomic, so two processes can never both hold it. A socket file that nobody
// answers on is what a killed process left behind, and is removed.

export const CONTROL_SOCKET = 'control.sock';
// sun_path is 108 bytes on Linux, with the terminating NUL.
const MAX_SOCKET_PATH = 107;

export const socketPathFor = (dataDir: string) => path.resolve(dataDir, CONTROL_SOCKET);

/** Another live process holds DATA_DIR. */
export class DataDirBusy extends Error {}

export interface ControlSocket {
  /** From now on, GET /dump answers the embedded database's data directory as a tarball. */
  serveDump(dump: () => Promise<Blob>): void;
  close(): Promise<void>;
}

/** Answers whether something listens on the socket (a server or a restore). */
export function controlSocketAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: socketPathFor(dataDir), path: '/ping', timeout: 5_000 });
    req.on('response', (res) => {
      res.resume();
      resolve(true);
    });
    // ECONNREFUSED (stale file) or ENOENT (none): nobody is there. A timeout: someone is.
    req.on('timeout', () => {
      req.destroy();
      resolve(true);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === undefined));
    req.end();
  });
}

/** Listens on DATA_DIR/control.sock; throws DataDirBusy if a live process already does. */
export async function claimControlSocket(dataDir: string, holder: string): Promise<ControlSocket> {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const socketPath = socketPathFor(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH)
    throw new Error(`DATA_DIR is too long a path for its control socket (${socketPath})`);
  let dump: (() => Promise<Blob>) | null = null;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/ping') {
      res.end(holder);
      return;
    }
    if (req.method === 'GET' && req.url === '/dump' && dump) {
      dump().then(
        (blob) => {
          res.writeHead(200, { 'content-type': 'application/x-tar' });
          // A dump cut short ends the response with an error, so the backup fails, never
          // writing a truncated database into an archive.
          pipeline(
            Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream),
            res,
          ).catch(() => res.destroy());
        },
        () => {
          res.writeHead(500).end('the database could not be dumped');
        },
      );
      return;
    }
    // A server still starting (migrations) has the lock but no database to dump yet.
    if (req.url === '/dump' && !dump) res.writeHead(503).end(holder);
    else res.writeHead(404).end('not found');
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, socketPath);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw err;
      if (await controlSocketAnswers(dataDir))
        throw new DataDirBusy(
          `another process holds ${dataDir} (a running server or a restore): stop it first`,
        );
      rmSync(socketPath, { force: true }); // left by a process that was killed
    }
  }
  return {
    serveDump(fn) {
      dump = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, socketPath: string) {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.off('error', onError);
      // Like every file under DATA_DIR: the owner's only (a socket made under the umask is 0700).
      chmodSync(socketPath, PRIVATE_FILE_MODE);
      resolve();
    });
  });
}

/** The embedded database's data directory, from the running server, as a stream. */
export function requestDump(dataDir: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socketPathFor(dataDir), path: '/dump' });
    req.on('response', (res) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      if (res.statusCode === 503)
        return reject(
          new Error('the server is still starting (or a restore runs): try again once it serves'),
        );
      reject(new Error(`the server did not dump its database (HTTP ${res.statusCode})`));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? new Error(
              'the server is not running: with the embedded database (no DATABASE_URL) a backup is taken through the running server, so start the server first',
            )
          : err,
      ),
    );
    req.end();
  });
}
