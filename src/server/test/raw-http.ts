import net from 'node:net';
import type { FastifyInstance } from 'fastify';

// Requests over a real socket, byte for byte: what a broken or hostile client sends (a body
// cut short, a wrong Content-Length, a connection dropped mid-upload) cannot be built with
// `inject` or fetch.

/** Starts listening on a free loopback port; answers the base URL. */
export async function listen(app: FastifyInstance): Promise<{ port: number; url: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { port, url: `http://127.0.0.1:${port}` };
}

export interface RawAnswer {
  status: number;
  body: string;
}

/** The head of a request; `headers` are written as given (Content-Length is not computed). */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number>,
): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`;
}

/** Sends the bytes as they are and reads the answer until the server closes. */
export function sendRaw(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket would let the server drop the answer.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
  });
}

/**
 * Sends the bytes, waits until `ready()` says the server has started on them (a condition,
 * polled; no fixed delay), then drops the connection without finishing the body.
 */
export async function sendThenDrop(
  port: number,
  bytes: string | Buffer,
  ready: () => boolean,
): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(bytes);
  await until(ready);
  socket.destroy();
}

/**
 * Resolves once `condition()` holds, checking on each turn of the event loop. The limit is
 * time, not turns: a cleanup waits on the file system's thread pool, which a loaded machine
 * (CI running suites side by side) serves late while the loop spins freely.
 */
export async function until(condition: () => boolean, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((r) => setImmediate(r));
  }
}

function parseAnswer(text: string): RawAnswer {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const split = text.indexOf('\r\n\r\n');
  const rest = split < 0 ? '' : text.slice(split + 4);
  return { status, body: /transfer-encoding: chunked/i.test(text) ? unchunk(rest) : rest };
}

function unchunk(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const eol = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, eol), 16);
    if (!size) break;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
  return out;
}
