// The patient `npm run bench:web` signs in as: registered, verified, intake complete, paid with
// the simulator's card and waiting in line, made through the started server's own API with the
// e2e journeys' helpers (e2e/support.ts), so the queue page has a place to show.
import {
  type ApiClient,
  type FilePart,
  mailLink,
  receivedMail,
  registerAndPay,
  type TestPatient,
} from '../../e2e/support';

/** A cookie the server set, as the browser is given it before a signed-in page's runs. */
export interface SessionCookie {
  name: string;
  value: string;
}

/**
 * The e2e helpers' API client over Node's fetch, keeping the cookies the server sets (the
 * session, from registration on) as a browser would.
 */
function cookieClient(origin: string) {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const client: ApiClient = {
    async post(url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (jar.size > 0)
        headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      let body: string | FormData | undefined;
      if (options.multipart) {
        body = new FormData();
        for (const [field, part] of Object.entries(options.multipart))
          if (typeof part === 'string') body.append(field, part);
          else body.append(field, fileBlob(part), part.name);
      } else if (options.data) {
        body = JSON.stringify(options.data);
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(new URL(url, origin), { method: 'POST', headers, body });
      keep(response);
      const text = await response.text();
      return {
        status: () => response.status,
        text: async () => text,
        json: async () => JSON.parse(text),
      };
    },
  };
  const cookies = (): SessionCookie[] => [...jar].map(([name, value]) => ({ name, value }));
  return { client, cookies };
}

const fileBlob = (part: FilePart) =>
  new Blob([new Uint8Array(part.buffer)], { type: part.mimeType });

/**
 * Registers a patient on the server at `origin`, follows the verification link the server
 * mailed into `mailDir`, completes the intake and pays: answers the session's cookies.
 */
export async function waitingPatient(origin: string, mailDir: string): Promise<SessionCookie[]> {
  const patient: TestPatient = {
    firstName: 'Bench',
    lastName: 'Patient',
    email: `bench-web-${Date.now().toString(36)}@example.test`,
    password: 'lantern-orchid-basalt-42',
  };
  const { client, cookies } = cookieClient(origin);
  await registerAndPay(client, patient);
  // receivedMail reads the mailbox the journeys' configs name; here, the bench server's.
  process.env.E2E_MAIL_DIR = mailDir;
  const mail = await receivedMail(patient.email, 'Confirm your email address', 60_000);
  const token = new URL(mailLink(mail, '/verify-email')).searchParams.get('token');
  const verified = await client.post('/api/auth/verify-email', { data: { token } });
  if (verified.status() >= 300)
    throw new Error(`verifying the bench patient's email: ${await verified.text()}`);
  return cookies();
}
