import { type ChildProcess, spawn } from 'node:child_process';
import { type ClientRequest, request as httpRequest } from 'node:http';
import path from 'node:path';

// The built server (`npm run build:server`) as a child process, for the fault suite: started
// in production mode, killed with SIGKILL, started again on the same data.

const ENTRY = path.resolve('dist/server/main.js');

export interface ServerProcess {
  url: string;
  port: number;
  output(): string;
  /** kill -9: no shutdown hook runs. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startServer(
  env: Record<string, string>,
  /** How long a start may take (a loaded machine needs longer for PGlite's first start). */
  startTimeoutMs = 90_000,
): Promise<ServerProcess> {
  // Below the ephemeral range, as in redis-server.ts: a restart on this port must find it free.
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  let out = '';
  const child = spawn(process.execPath, [ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const polls = Math.ceil(startTimeoutMs / 100);
  for (let i = 0; i < polls; i++) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
    if (i === polls - 1) {
      child.kill('SIGKILL'); // not left running behind a failed test
      throw new Error(`server did not start:\n${out}`);
    }
  }
  return {
    url,
    port,
    output: () => out,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** A browser-like HTTP client: keeps the session cookie. */
export class HttpClient {
  cookie = '';
  constructor(public base: string) {}

  async send(method: string, url: string, body?: unknown): Promise<Response> {
    const isForm = body instanceof FormData;
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    return res;
  }
  get(url: string) {
    return this.send('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.send('POST', url, body);
  }
}

/**
 * Starts a multipart upload and sends only its first `sentBytes` of file: the request stays
 * open, as an upload does when the server is killed under it. Resolves once the head is sent.
 */
export function startPartialUpload(
  base: string,
  cookie: string,
  file: Buffer,
  sentBytes: number,
): Promise<ClientRequest> {
  const boundary = `----fault${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ngovernment_id\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="cut.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = httpRequest(`${base}/api/patient/upload-document`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + file.length + tail.length,
    },
  });
  req.on('error', () => {}); // the server dies under it
  return new Promise((resolve) =>
    req.write(Buffer.concat([head, file.subarray(0, sentBytes)]), () => resolve(req)),
  );
}
