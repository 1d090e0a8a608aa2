import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, STAFF_ROLES } from '../shared/roles.js';
import { auditLog, sessions, users } from './db/schema/index.js';
import { createUser, PASSWORD } from './test/fixtures.js';
import { Client, createTestApp, type TestApp } from './test/harness.js';
import { apiRoutes, MFA_STEPS } from './test/matrix/api-routes.js';
import { listeningApp, Peer, type PeerEnv } from './test/socket-peer.js';

// Issue 13: a staff password without its second factor reaches nothing but the second
// factor. Every API route the app serves is called with a pending session of every staff role,
// at both stages (enrolling, or enrolled and owing a code), and answers 401 MFA_REQUIRED,
// changing nothing; only the MFA steps, sign-in (start again) and sign-out (cancel) are open.

const OPEN_TO_PENDING = [...MFA_STEPS, 'POST /api/login', 'POST /api/logout'];
const MFA_REQUIRED = { message: 'Finish two-step sign-in to continue', code: 'MFA_REQUIRED' };

interface PendingPrincipal {
  label: string;
  role: Role;
  stage: 'enrol' | 'required';
  client?: Client;
}

const principals: PendingPrincipal[] = STAFF_ROLES.flatMap((role) => [
  { label: `${role} enrolling`, role, stage: 'enrol' as const },
  { label: `${role} owing a code`, role, stage: 'required' as const },
]);

let t: TestApp;
let routes: string[];
beforeAll(async () => {
  t = await createTestApp({ config: { STAFF_MFA: 'required' } });
  routes = apiRoutes(t.app.printRoutes({ commonPrefix: false }));
  for (const p of principals) {
    const { email } = await createUser(t.app, p.role);
    p.client = new Client(t.app);
    if (p.stage === 'required') {
      // Enrol once (a full session), then sign in again: the new pending session owes a code.
      await p.client.post('/api/login', { email, password: PASSWORD });
      const { secret } = (await p.client.post('/api/auth/mfa/setup')).json();
      const done = await p.client.post('/api/auth/mfa/verify', {
        code: await generate({ secret }),
      });
      expect(done.statusCode).toBe(200);
    }
    const res = await p.client.post('/api/login', { email, password: PASSWORD });
    expect(res.json()).toEqual({ mfa: p.stage });
  }
});
afterAll(() => t.close());

/** What a refused call must leave as it was: accounts, sessions and the audit trail. */
const snapshot = async () => ({
  users: await t.app.ctx.db.select().from(users).orderBy(asc(users.id)),
  sessions: (await t.app.ctx.db.select().from(sessions)).length,
  audit: (await t.app.ctx.db.select().from(auditLog)).length,
});

describe('every API route with a pending staff session', () => {
  it('lists the routes (the listing was read)', () => {
    expect(routes).toContain('GET /api/health');
    expect(routes).toEqual(expect.arrayContaining(OPEN_TO_PENDING));
    expect(routes.length).toBeGreaterThan(80);
  });

  it.each(principals)('answers $label 401 MFA_REQUIRED except the MFA steps', async (p) => {
    const before = await snapshot();
    const refused: string[] = [];
    for (const route of routes) {
      if (OPEN_TO_PENDING.includes(route)) continue;
      const [method, path] = route.split(' ') as [string, string];
      // Any id will do: the refusal comes before the route reads its parameters or body.
      const url = path.replace(/:[A-Za-z]+/g, randomUUID());
      const res = await p.client!.request({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode === 401 && res.json().code === 'MFA_REQUIRED') {
        expect(res.json()).toEqual(MFA_REQUIRED);
        refused.push(route);
      }
    }
    expect(refused).toEqual(routes.filter((r) => !OPEN_TO_PENDING.includes(r)));
    expect(await snapshot()).toEqual(before);
  });
});

describe('sockets with a pending staff session', () => {
  let env: PeerEnv;
  beforeAll(async () => {
    env = await listeningApp(t);
  });
  afterAll(() => {
    for (const s of env?.sockets ?? []) s.close();
  });

  it('are refused at the handshake', async () => {
    const p = principals.find((x) => x.role === 'doctor' && x.stage === 'required')!;
    await expect(new Peer(p.client!, env).connected()).rejects.toThrow('Unauthorized');
  });
});
