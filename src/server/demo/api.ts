import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { findActiveUserByEmail } from '../modules/users/queries.js';

// The demo clinic is made through the product's own API, in process (Fastify's inject): every
// registration, payment, review and decision passes the same validation, permission checks,
// transactions and audit rows as one made in the browser. Nothing goes over the network.

export type DemoApp = FastifyInstance & { ctx: AppContext };

export class DemoSeedError extends Error {}

/** One signed-in person: keeps the session cookie, comes from one address. */
export class DemoClient {
  private cookie: string | null = null;

  /**
   * `address` is where the requests say they come from: each demo patient has their own (from
   * TEST-NET-3, 203.0.113.0/24, never routed), so the per-address limits count them apart.
   */
  constructor(
    private readonly app: DemoApp,
    private readonly address = '127.0.0.1',
  ) {}

  /** Sends a request and answers the JSON body; anything but 2xx stops the seed, named. */
  async call<T = unknown>(method: InjectOptions['method'], url: string, payload?: unknown) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: this.cookie ? { cookie: this.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    const set = res.cookies.find((c) => c.name === 'sid');
    if (set) this.cookie = set.value ? `sid=${set.value}` : null;
    if (res.statusCode >= 300)
      throw new DemoSeedError(
        `demo seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`,
      );
    return (res.body ? res.json() : null) as T;
  }

  get = <T = unknown>(url: string) => this.call<T>('GET', url);
  post = <T = unknown>(url: string, body?: unknown) => this.call<T>('POST', url, body ?? {});
  put = <T = unknown>(url: string, body?: unknown) => this.call<T>('PUT', url, body ?? {});
  patch = <T = unknown>(url: string, body?: unknown) => this.call<T>('PATCH', url, body ?? {});

  async signIn(email: string, password: string): Promise<this> {
    const answer = await this.post<{ mfa?: string }>('/api/login', { email, password });
    if (answer?.mfa) {
      // Staff with STAFF_MFA required (issue 13): the seed has no authenticator, so it cancels
      // the pending sign-in and acts through a session of its own; the person who first signs
      // in to the demo enrols the account.
      await this.post('/api/logout');
      const user = await findActiveUserByEmail(this.app.ctx.db, email);
      if (!user) throw new DemoSeedError(`demo seed: no account ${email}`);
      this.cookie = `sid=${await this.app.ctx.sessions.create(user.id, {})}`;
    }
    return this;
  }

  /** Ends the session, so the seed leaves no signed-in sessions behind. */
  async signOut(): Promise<void> {
    if (this.cookie) await this.post('/api/logout');
  }
}

/** A multipart body as the browser's FormData sends an upload. */
export function uploadForm(
  file: { bytes: Buffer; name: string },
  fields: Record<string, string>,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('document', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}
