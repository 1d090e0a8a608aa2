import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSING_BOARDS } from '../../../shared/omma.js';
import { users } from '../../db/schema/index.js';
import { auditRows, countUsers, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// The physician's office address and licensing board on the users API (issue 22): printed on
// the recommendation beside the licence, NPI and OMMA registration; doctors only, validated,
// listed, shown to the doctor and audited when changed.

let t: TestApp;
let master: { client: Client; id: string };
beforeAll(async () => {
  t = await createTestApp();
  master = await signedInAs(t.app, 'master_admin');
});
afterAll(() => t.close());

const OFFICE = '4801 N Classen Blvd, Suite 200, Oklahoma City, OK 73118';
const [MD_BOARD, DO_BOARD] = LICENSING_BOARDS;

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

describe('POST /api/admin/users', () => {
  it('stores a doctor’s office address (trimmed) and licensing board and lists them', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newDoctor({ officeAddress: `  ${OFFICE} `, licensingBoard: MD_BOARD }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const office = { officeAddress: OFFICE, licensingBoard: MD_BOARD };
    expect(res.json()).toMatchObject(office);
    expect(await listed(res.json().id)).toMatchObject(office);
  });

  it('creates a doctor without them (the console warns until the address is in)', async () => {
    const res = await master.client.post('/api/admin/users', newDoctor());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ officeAddress: null, licensingBoard: null });
  });

  it('keeps them off a non-doctor account', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newDoctor({
        role: 'admin_assistant',
        licenseNumber: '',
        npi: '',
        officeAddress: OFFICE,
        licensingBoard: MD_BOARD,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await userRow(res.json().id)).toMatchObject({
      officeAddress: null,
      licensingBoard: null,
    });
  });

  it.each([
    [
      { officeAddress: 'OKC' },
      'officeAddress',
      'Enter the office address: street, city, state and ZIP',
    ],
    [
      { officeAddress: 'x'.repeat(301) },
      'officeAddress',
      'Keep the office address under 300 characters',
    ],
    [
      { licensingBoard: 'Texas Medical Board' },
      'licensingBoard',
      `The licensing board is one of: ${LICENSING_BOARDS.join('; ')}`,
    ],
  ])('refuses %o with 400 naming the field and writes nothing', async (body, path, message) => {
    const before = await countUsers(t.app);
    const res = await master.client.post('/api/admin/users', newDoctor(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await countUsers(t.app)).toBe(before);
  });
});

describe('PUT /api/admin/users/:userId', () => {
  it('records, changes and clears them; each change audited; the doctor sees them', async () => {
    const email = uniqueEmail('doctor');
    const id = (await master.client.post('/api/admin/users', newDoctor({ email }))).json().id;
    const url = `/api/admin/users/${id}`;
    const recorded = await master.client.put(url, {
      officeAddress: OFFICE,
      licensingBoard: MD_BOARD,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ officeAddress: OFFICE, licensingBoard: MD_BOARD });
    // One field changes, the other stays.
    const board = await master.client.put(url, { licensingBoard: DO_BOARD });
    expect(board.json()).toMatchObject({ officeAddress: OFFICE, licensingBoard: DO_BOARD });
    // Something else changes: both stay.
    expect((await master.client.put(url, { npi: '1234567893' })).json()).toMatchObject({
      officeAddress: OFFICE,
      licensingBoard: DO_BOARD,
    });

    const doctor = new Client(t.app);
    expect((await doctor.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await doctor.get('/api/user')).json()).toMatchObject({
      officeAddress: OFFICE,
      licensingBoard: DO_BOARD,
    });

    const cleared = await master.client.put(url, { officeAddress: '', licensingBoard: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await userRow(id)).toMatchObject({ officeAddress: null, licensingBoard: null });

    const changes = (await auditRows(t.app, { targetId: id }))
      .filter((r) => r.action === 'user.update_office')
      .map((r) => r.details);
    expect(changes).toEqual([
      {
        from: { officeAddress: null, licensingBoard: null },
        to: { officeAddress: OFFICE, licensingBoard: MD_BOARD },
      },
      {
        from: { officeAddress: OFFICE, licensingBoard: MD_BOARD },
        to: { officeAddress: OFFICE, licensingBoard: DO_BOARD },
      },
      {
        from: { officeAddress: OFFICE, licensingBoard: DO_BOARD },
        to: { officeAddress: null, licensingBoard: null },
      },
    ]);
  });

  it('refuses a bad address with 400 naming it and changes nothing', async () => {
    const id = (
      await master.client.post('/api/admin/users', newDoctor({ officeAddress: OFFICE }))
    ).json().id;
    const res = await master.client.put(`/api/admin/users/${id}`, { officeAddress: 'OK' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'officeAddress',
      message: 'Enter the office address: street, city, state and ZIP',
    });
    expect(await userRow(id)).toMatchObject({ officeAddress: OFFICE });
  });

  it('refuses them for a non-doctor and drops them when a doctor changes role', async () => {
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const refused = await master.client.put(`/api/admin/users/${assistant.id}`, {
      officeAddress: OFFICE,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only doctors carry an office address and licensing board');

    const id = (
      await master.client.post(
        '/api/admin/users',
        newDoctor({ officeAddress: OFFICE, licensingBoard: MD_BOARD }),
      )
    ).json().id;
    const moved = await master.client.put(`/api/admin/users/${id}`, { role: 'operations_admin' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ officeAddress: null, licensingBoard: null });
  });
});
