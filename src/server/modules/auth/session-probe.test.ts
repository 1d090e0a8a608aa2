import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PROBE_PATH } from '../../../shared/session-probe.js';
import { signedInAs, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// Issue 21: every signed-out page logged "401 Unauthorized" in the browser's console, from the
// web app asking GET /api/user who is signed in. The app asks a probe that answers 200
// {user: null} signed out; GET /api/user keeps its 401 (the spec's contract).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`GET ${SESSION_PROBE_PATH}`, () => {
  it('answers 200 {user: null} signed out, while GET /api/user answers 401', async () => {
    const client = new Client(t.app);
    const probe = await client.get(SESSION_PROBE_PATH);
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: null });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('answers {user: null} for an unknown or ended session', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: SESSION_PROBE_PATH,
      headers: { cookie: 'sid=nonsense' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ user: null });

    const patient = new Client(t.app);
    expect((await patient.post('/api/register', validRegistration())).statusCode).toBe(201);
    await patient.post('/api/logout');
    expect((await patient.get(SESSION_PROBE_PATH)).json()).toEqual({ user: null });
  });

  it('answers the signed-in user exactly as GET /api/user does', async () => {
    const patient = new Client(t.app);
    const registered = await patient.post('/api/register', validRegistration());
    const probe = await patient.get(SESSION_PROBE_PATH);
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: (await patient.get('/api/user')).json() });
    expect(probe.json().user.id).toBe(registered.json().user.id);
    expect(probe.body).not.toMatch(/argon2|passwordHash|password_hash/i);

    const staff = await signedInAs(t.app, 'doctor');
    const doctor = (await staff.client.get(SESSION_PROBE_PATH)).json();
    expect(doctor.user).toMatchObject({ id: staff.id, role: 'doctor' });
  });
});
