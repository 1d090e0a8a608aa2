import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { auditRows, countUsers, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// A doctor's OMMA physician registration (SB 1066, issue 12) on the users API: number and
// expiry recorded together, validated, listed, shown to the doctor and audited when changed.

let t: TestApp;
let master: { client: Client; id: string };
beforeAll(async () => {
  t = await createTestApp();
  master = await signedInAs(t.app, 'master_admin');
});
afterAll(() => t.close());

const newDoctor = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('doctor'),
  password: PASSWORD,
  firstName: 'Grace',
  lastName: 'Whitfield',
  role: 'doctor',
  licenseNumber: 'OK-24817',
  npi: '1467523980',
  ...overrides,
});

const listed = async (id: string) =>
  (await master.client.get('/api/admin/users')).json().find((u: { id: string }) => u.id === id);

async function userRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /api/admin/users with an OMMA registration', () => {
  it('stores it trimmed, lists it and audits it with the new account', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newDoctor({
        ommaRegistrationNumber: '  PHY-OK-2231 ',
        ommaRegistrationExpiresOn: '2027-03-31',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const registration = {
      ommaRegistrationNumber: 'PHY-OK-2231',
      ommaRegistrationExpiresOn: '2027-03-31',
    };
    expect(res.json()).toMatchObject(registration);
    expect(await listed(res.json().id)).toMatchObject(registration);
    const [created] = await auditRows(t.app, { targetId: res.json().id });
    expect(created).toMatchObject({
      action: 'user.create',
      actorId: master.id,
      details: { role: 'doctor', ...registration },
    });
  });

  it('creates a doctor without one (the clinic may register later)', async () => {
    const res = await master.client.post('/api/admin/users', newDoctor());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      ommaRegistrationNumber: null,
      ommaRegistrationExpiresOn: null,
    });
  });

  it('keeps a registration off a non-doctor account', async () => {
    const res = await master.client.post('/api/admin/users', {
      ...newDoctor({ role: 'admin_assistant', licenseNumber: '', npi: '' }),
      ommaRegistrationNumber: 'PHY-OK-2231',
      ommaRegistrationExpiresOn: '2027-03-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await userRow(res.json().id)).toMatchObject({
      ommaRegistrationNumber: null,
      ommaRegistrationExpiresOn: null,
    });
  });

  it.each([
    [
      { ommaRegistrationNumber: 'PHY-OK-2231' },
      'ommaRegistrationExpiresOn',
      'Enter the expiry date of the OMMA registration with its number',
    ],
    [
      { ommaRegistrationExpiresOn: '2027-03-31' },
      'ommaRegistrationNumber',
      'Enter the OMMA registration number with its expiry date',
    ],
    [
      { ommaRegistrationNumber: 'PH', ommaRegistrationExpiresOn: '2027-03-31' },
      'ommaRegistrationNumber',
      'Enter a valid OMMA registration number (3 to 30 letters, digits or dashes)',
    ],
    [
      { ommaRegistrationNumber: 'PHY OK 2231', ommaRegistrationExpiresOn: '2027-03-31' },
      'ommaRegistrationNumber',
      'Enter a valid OMMA registration number (3 to 30 letters, digits or dashes)',
    ],
    [
      { ommaRegistrationNumber: 'PHY-OK-2231', ommaRegistrationExpiresOn: '2027-02-30' },
      'ommaRegistrationExpiresOn',
      'Enter the OMMA registration expiry as a date (YYYY-MM-DD)',
    ],
    [
      { ommaRegistrationNumber: 'PHY-OK-2231', ommaRegistrationExpiresOn: '03/31/2027' },
      'ommaRegistrationExpiresOn',
      'Enter the OMMA registration expiry as a date (YYYY-MM-DD)',
    ],
  ])('refuses %o with 400 naming the field and writes nothing', async (omma, path, message) => {
    const before = await countUsers(t.app);
    const res = await master.client.post('/api/admin/users', newDoctor(omma));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await countUsers(t.app)).toBe(before);
  });
});

describe('PUT /api/admin/users/:userId with an OMMA registration', () => {
  async function doctorWithout() {
    const res = await master.client.post('/api/admin/users', newDoctor());
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it('records, renews and clears it; each change audited from → to; the doctor sees it', async () => {
    const doctorEmail = uniqueEmail('doctor');
    const created = await master.client.post('/api/admin/users', newDoctor({ email: doctorEmail }));
    const id = created.json().id as string;
    const url = `/api/admin/users/${id}`;

    const recorded = await master.client.put(url, {
      ommaRegistrationNumber: 'PHY-OK-5120',
      ommaRegistrationExpiresOn: '2026-12-31',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      ommaRegistrationNumber: 'PHY-OK-5120',
      ommaRegistrationExpiresOn: '2026-12-31',
      licenseNumber: 'OK-24817', // untouched
    });
    const renewed = await master.client.put(url, {
      ommaRegistrationNumber: 'PHY-OK-5120',
      ommaRegistrationExpiresOn: '2027-12-31',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await listed(id)).toMatchObject({ ommaRegistrationExpiresOn: '2027-12-31' });

    // The doctor reads their own registration on the current user.
    const doctor = new Client(t.app);
    expect(
      (await doctor.post('/api/login', { email: doctorEmail, password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await doctor.get('/api/user')).json()).toMatchObject({
      ommaRegistrationNumber: 'PHY-OK-5120',
      ommaRegistrationExpiresOn: '2027-12-31',
    });

    // A change of something else keeps the registration.
    expect((await master.client.put(url, { npi: '1234567893' })).json()).toMatchObject({
      ommaRegistrationNumber: 'PHY-OK-5120',
    });
    const cleared = await master.client.put(url, {
      ommaRegistrationNumber: '',
      ommaRegistrationExpiresOn: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await userRow(id)).toMatchObject({
      ommaRegistrationNumber: null,
      ommaRegistrationExpiresOn: null,
    });

    const changes = (await auditRows(t.app, { targetId: id }))
      .filter((r) => r.action === 'user.update_omma_registration')
      .map((r) => r.details);
    expect(changes).toEqual([
      {
        from: { ommaRegistrationNumber: null, ommaRegistrationExpiresOn: null },
        to: { ommaRegistrationNumber: 'PHY-OK-5120', ommaRegistrationExpiresOn: '2026-12-31' },
      },
      {
        from: { ommaRegistrationNumber: 'PHY-OK-5120', ommaRegistrationExpiresOn: '2026-12-31' },
        to: { ommaRegistrationNumber: 'PHY-OK-5120', ommaRegistrationExpiresOn: '2027-12-31' },
      },
      {
        from: { ommaRegistrationNumber: 'PHY-OK-5120', ommaRegistrationExpiresOn: '2027-12-31' },
        to: { ommaRegistrationNumber: null, ommaRegistrationExpiresOn: null },
      },
    ]);
  });

  it.each([
    [
      { ommaRegistrationExpiresOn: '2027-03-31' },
      'ommaRegistrationNumber',
      'Enter the OMMA registration number with its expiry date',
    ],
    [
      { ommaRegistrationNumber: 'PHY-OK-2231', ommaRegistrationExpiresOn: null },
      'ommaRegistrationExpiresOn',
      'Enter the expiry date of the OMMA registration with its number',
    ],
    [
      { ommaRegistrationNumber: 'PHY-OK-2231', ommaRegistrationExpiresOn: 'soon' },
      'ommaRegistrationExpiresOn',
      'Enter the OMMA registration expiry as a date (YYYY-MM-DD)',
    ],
  ])('refuses %o with 400 naming the field and changes nothing', async (omma, path, message) => {
    const id = await doctorWithout();
    const res = await master.client.put(`/api/admin/users/${id}`, omma);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await userRow(id)).toMatchObject({
      ommaRegistrationNumber: null,
      ommaRegistrationExpiresOn: null,
    });
  });

  it('refuses a registration for a non-doctor and drops it when a doctor changes role', async () => {
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const refused = await master.client.put(`/api/admin/users/${assistant.id}`, {
      ommaRegistrationNumber: 'PHY-OK-2231',
      ommaRegistrationExpiresOn: '2027-03-31',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only doctors carry an OMMA registration');

    const doctor = await signedInAs(t.app, 'doctor');
    const moved = await master.client.put(`/api/admin/users/${doctor.id}`, {
      role: 'operations_admin',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      ommaRegistrationNumber: null,
      ommaRegistrationExpiresOn: null,
    });
  });
});
