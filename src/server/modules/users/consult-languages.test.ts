import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { countUsers, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';

// Issue 24: physicians (doctors and doctor admins) carry the languages they consult in:
// `languages` on POST and PUT /api/admin/users, English (["en"]) unless told otherwise, read
// back by GET /api/admin/users. Any other role is refused the field with a 400, and a refused
// request writes nothing.

let t: TestApp;
let master: { client: Client; id: string };

beforeAll(async () => {
  t = await createTestApp();
  master = await signedInAs(t.app, 'master_admin');
});
afterAll(() => t.close());

const doctorBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('physician'),
  password: PASSWORD,
  firstName: 'Lucía',
  lastName: 'Ortega',
  role: 'doctor',
  licenseNumber: 'OK-55555',
  npi: '1234567890',
  ...overrides,
});

const storedLanguages = async (id: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]?.languages;

async function listed(id: string) {
  const res = await master.client.get('/api/admin/users');
  expect(res.statusCode).toBe(200);
  return res.json().find((u: { id: string }) => u.id === id);
}

async function create(body: Record<string, unknown>) {
  const res = await master.client.post('/api/admin/users', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; languages: string[] | null };
}

const INVALID: [unknown, string][] = [
  [[], 'Choose at least one language the physician consults in'],
  [['fr'], 'Consulting languages are en (English) and es (Spanish)'],
  [['EN'], 'Consulting languages are en (English) and es (Spanish)'],
  [['es', 'es'], 'List each consulting language once'],
  ['es', 'Consulting languages are a list: ["en"], ["es"] or ["en", "es"]'],
  [null, 'Consulting languages are a list: ["en"], ["es"] or ["en", "es"]'],
];

describe('POST /api/admin/users with languages', () => {
  it('a physician consults in English unless told otherwise', async () => {
    const doctor = await create(doctorBody());
    expect(doctor.languages).toEqual(['en']);
    expect(await storedLanguages(doctor.id)).toEqual(['en']);
    expect((await listed(doctor.id)).languages).toEqual(['en']);
  });

  it('stores the languages given for a doctor and a doctor admin, and lists them', async () => {
    const doctor = await create(doctorBody({ languages: ['en', 'es'] }));
    expect(doctor.languages).toEqual(['en', 'es']);
    expect((await listed(doctor.id)).languages).toEqual(['en', 'es']);

    const lead = await create({
      email: uniqueEmail('lead'),
      password: PASSWORD,
      firstName: 'Marta',
      lastName: 'Ruiz',
      role: 'doctor_admin',
      languages: ['es'],
    });
    expect(lead.languages).toEqual(['es']);
    expect(await storedLanguages(lead.id)).toEqual(['es']);
    expect((await listed(lead.id)).languages).toEqual(['es']);
  });

  it('refuses an invalid list with a 400 naming the field, creating nobody', async () => {
    const before = await countUsers(t.app);
    for (const [languages, message] of INVALID) {
      const res = await master.client.post('/api/admin/users', doctorBody({ languages }));
      expect(res.statusCode, JSON.stringify(languages)).toBe(400);
      expect(res.json(), JSON.stringify(languages)).toMatchObject({
        code: 'VALIDATION',
        issues: expect.arrayContaining([
          expect.objectContaining({ path: expect.stringMatching(/^languages/), message }),
        ]),
      });
    }
    expect(await countUsers(t.app)).toBe(before);
  });

  it('refuses languages for a role that does not consult', async () => {
    const before = await countUsers(t.app);
    for (const role of ['admin', 'master_admin', 'admin_assistant', 'operations_admin']) {
      const res = await master.client.post('/api/admin/users', {
        email: uniqueEmail(role),
        password: PASSWORD,
        firstName: 'Sam',
        lastName: 'Lee',
        role,
        languages: ['en'],
      });
      expect(res.statusCode, role).toBe(400);
      expect(res.json()).toMatchObject({
        issues: [
          {
            path: 'languages',
            message: 'Only physicians (doctors and doctor admins) have consulting languages',
          },
        ],
      });
    }
    expect(await countUsers(t.app)).toBe(before);
    // Without the field, the account is made and holds none.
    const admin = await create({
      email: uniqueEmail('admin'),
      password: PASSWORD,
      firstName: 'Sam',
      lastName: 'Lee',
      role: 'admin',
    });
    expect(admin.languages).toBeNull();
    expect(await storedLanguages(admin.id)).toBeNull();
  });
});

describe('PUT /api/admin/users/:id with languages', () => {
  it('changes a physician’s languages; GET reads them back', async () => {
    const doctor = await create(doctorBody());
    const res = await master.client.put(`/api/admin/users/${doctor.id}`, { languages: ['es'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().languages).toEqual(['es']);
    expect((await listed(doctor.id)).languages).toEqual(['es']);
    // Another change keeps them.
    const npi = await master.client.put(`/api/admin/users/${doctor.id}`, { npi: '0987654321' });
    expect(npi.json().languages).toEqual(['es']);
    expect(await storedLanguages(doctor.id)).toEqual(['es']);
  });

  it('refuses an invalid list with a 400 and changes nothing', async () => {
    const doctor = await create(doctorBody({ languages: ['en', 'es'] }));
    for (const [languages, message] of INVALID) {
      const res = await master.client.put(`/api/admin/users/${doctor.id}`, {
        languages,
        npi: '1111111111',
      });
      expect(res.statusCode, JSON.stringify(languages)).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: expect.stringMatching(/^languages/), message }),
        ]),
      );
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, doctor.id));
    expect(row).toMatchObject({ languages: ['en', 'es'], npi: '1234567890' });
  });

  it('refuses languages for a role that does not consult, changing nothing', async () => {
    const admin = await create({
      email: uniqueEmail('assistant'),
      password: PASSWORD,
      firstName: 'Sam',
      lastName: 'Lee',
      role: 'admin_assistant',
    });
    // With a role change in the same request: neither is written.
    const res = await master.client.put(`/api/admin/users/${admin.id}`, {
      languages: ['es'],
      role: 'operations_admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Only physicians (doctors and doctor admins) have consulting languages',
      issues: [{ path: 'languages' }],
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ languages: null, role: 'admin_assistant' });
    // A doctor moved to another role in the same request is refused too.
    const doctor = await create(doctorBody({ languages: ['es'] }));
    const demoted = await master.client.put(`/api/admin/users/${doctor.id}`, {
      role: 'operations_admin',
      languages: ['es'],
    });
    expect(demoted.statusCode).toBe(400);
    expect(await storedLanguages(doctor.id)).toEqual(['es']);
  });

  it('a role change: leaving the physicians drops them, joining gives English', async () => {
    const doctor = await create(doctorBody({ languages: ['es'] }));
    const toAdmin = await master.client.put(`/api/admin/users/${doctor.id}`, { role: 'admin' });
    expect(toAdmin.statusCode, toAdmin.body).toBe(200);
    expect(toAdmin.json().languages).toBeNull();
    expect(await storedLanguages(doctor.id)).toBeNull();

    const toLead = await master.client.put(`/api/admin/users/${doctor.id}`, {
      role: 'doctor_admin',
    });
    expect(toLead.json().languages).toEqual(['en']);
    const withSpanish = await master.client.put(`/api/admin/users/${doctor.id}`, {
      role: 'doctor_admin',
      languages: ['en', 'es'],
    });
    expect(withSpanish.statusCode, withSpanish.body).toBe(200);
    expect((await listed(doctor.id)).languages).toEqual(['en', 'es']);
  });
});
