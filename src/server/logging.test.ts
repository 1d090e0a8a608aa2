import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog, SLOW_REQUEST_MS } from './logging.js';
import { validRegistration } from './test/fixtures.js';
import { Client, createTestApp, type TestApp } from './test/harness.js';

// Issue 10: the log never holds PHI, password hashes, tokens or query strings. The app runs
// at LOG_LEVEL=info; the log must first show the refused requests (method, path, status: a
// quick success is at debug since issue 23), then stay free of a planted marker, an argon2 prefix and a date of birth after hostile requests:
// NUL bytes, database errors (whose driver messages carry the query's values), bad multipart
// bodies and a query string carrying a token.

const MARKER = 'Qzxmarkerq';
const BIRTH = '1961-07-23';
const TOKEN = 'tok_plantedSecret0042';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => t.close());

const withPhi = (extra: Record<string, unknown> = {}) =>
  validRegistration({
    firstName: MARKER,
    lastName: `${MARKER}son`,
    email: `${MARKER.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    dateOfBirth: BIRTH,
    address: `12 ${MARKER} Street`,
    ...extra,
  });

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the log at info', () => {
  it('holds each refused request as method, path and status, and no quick success', async () => {
    const patient = new Client(t.app);
    expect((await patient.post('/api/register', withPhi())).statusCode).toBe(201);
    expect((await patient.get(`/api/user?token=${TOKEN}`)).statusCode).toBe(200);
    expect((await new Client(t.app).get(`/api/user?token=${TOKEN}`)).statusCode).toBe(401);
    const requests = logged().filter((l) => l.msg === 'request');
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/user', status: 401, level: 30 }),
    );
    expect(requests.filter((r) => Number(r.status) < 400)).toEqual([]);
    for (const r of requests) expect(r.ms).toEqual(expect.any(Number));
  });

  it('keeps no PHI, hash, token or query string after hostile requests', async () => {
    const client = new Client(t.app);
    // Control characters in fields, and a search with a token in its query string.
    await client.post('/api/register', withPhi({ firstName: `${MARKER}\u0000` }));
    await client.post('/api/login', { email: `${MARKER}\u0000@x.test`, password: MARKER });
    await client.get(`/api/admin/patients?search=${MARKER}&token=${TOKEN}`);
    await client.get(`/api/nowhere?token=${TOKEN}&dob=${BIRTH}`);
    // A multipart body cut short.
    await client.request({
      method: 'POST',
      url: `/api/patient/upload-document?token=${TOKEN}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n${MARKER}`,
    });
    // Database errors whose failed queries carry the new patient's values: first the
    // profile insert (name, date of birth, address), then the user insert (argon2 hash).
    for (const table of ['patient_profiles', 'users']) {
      await t.app.ctx.db.execute(
        sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT log_test_refuse CHECK (false) NOT VALID`),
      );
      const failed = await client.post('/api/register', withPhi());
      await t.app.ctx.db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT log_test_refuse`));
      expect(failed.statusCode).toBe(500);
    }

    const text = lines.join('');
    expect(logged().filter((l) => l.msg === 'request failed')).toHaveLength(2);
    expect(logged()).toContainEqual(
      expect.objectContaining({
        msg: 'request failed',
        err: { code: '23514', message: 'database error (constraint log_test_refuse)' },
      }),
    );
    for (const secret of [MARKER, MARKER.toLowerCase(), '$argon2', BIRTH, TOKEN, '?'])
      expect(text, secret).not.toContain(secret);
  });
});

describe('the request line', () => {
  /** What RequestLog writes for one answer, at the given level (pino's numbers: 20 debug, 30 info). */
  function lineFor(level: string, statusCode: number, elapsedTime: number) {
    const written: { level: string; line: Record<string, unknown> }[] = [];
    const levels = ['trace', 'debug', 'info', 'warn', 'error'];
    const log = Object.fromEntries(
      ['debug', 'info', 'error'].map((l) => [
        l,
        (line: Record<string, unknown>) => written.push({ level: l, line }),
      ]),
    );
    const reply = {
      statusCode,
      elapsedTime,
      log: { ...log, isLevelEnabled: (l: string) => levels.indexOf(l) >= levels.indexOf(level) },
    };
    new RequestLog().requestCompleted(
      null,
      { method: 'GET', url: '/api/queue/status?x=1' } as never,
      reply as never,
    );
    return written;
  }

  it('puts a quick success at debug: written at debug, not formatted at info', () => {
    expect(lineFor('debug', 200, 3)).toEqual([
      { level: 'debug', line: { method: 'GET', path: '/api/queue/status', status: 200, ms: 3 } },
    ]);
    expect(lineFor('info', 200, 3)).toEqual([]);
  });

  it('puts a slow success, a refusal and a failure at info', () => {
    expect(lineFor('info', 200, SLOW_REQUEST_MS + 1)).toEqual([
      expect.objectContaining({ level: 'info', line: expect.objectContaining({ status: 200 }) }),
    ]);
    expect(lineFor('info', 403, 2)).toEqual([
      expect.objectContaining({ level: 'info', line: expect.objectContaining({ status: 403 }) }),
    ]);
    expect(lineFor('info', 503, 2)).toEqual([
      expect.objectContaining({ level: 'info', line: expect.objectContaining({ status: 503 }) }),
    ]);
  });
});
