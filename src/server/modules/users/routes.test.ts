import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  PERMISSIONS,
  ROLE_DEFAULT_PERMISSIONS,
  type Role,
  STAFF_ROLES,
} from '../../../shared/roles.js';
import { users } from '../../db/schema/index.js';
import {
  auditRows,
  countUsers,
  createUser,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// The clock stands still: cached sessions never refresh on their own, so a test of "the
// next request sees the change" proves the cache was dropped, not that it aged out.
const frozen = Date.now();
let t: TestApp;
let master: { client: Client; id: string };
let manager: { client: Client; id: string }; // an operations admin granted `users`

beforeAll(async () => {
  t = await createTestApp({ now: () => frozen });
  master = await signedInAs(t.app, 'master_admin');
  manager = await signedInAs(t.app, 'operations_admin', {
    permissions: [...ROLE_DEFAULT_PERMISSIONS.operations_admin, 'users'],
  });
});
afterAll(() => t.close());

const ADMIN_USER_KEYS = [
  'createdAt',
  'email',
  'emailVerified',
  'firstName',
  'id',
  'language',
  'languages',
  'lastName',
  'licenseNumber',
  'licensingBoard',
  'mfaEnrolled',
  'npi',
  'officeAddress',
  'ommaRegistrationExpiresOn',
  'ommaRegistrationNumber',
  'permissions',
  'queueReminders',
  'role',
].sort();

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('staff'),
  password: PASSWORD,
  firstName: 'Ava',
  lastName: 'Nguyen',
  ...overrides,
});

async function listIds(client: Client = master.client): Promise<string[]> {
  const res = await client.get('/api/admin/users');
  expect(res.statusCode).toBe(200);
  return res.json().map((u: { id: string }) => u.id);
}

async function userRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /api/admin/users', () => {
  it('creates an administrative assistant by default, who can then sign in', async () => {
    const body = newStaff({ email: uniqueEmail('Ava').toUpperCase() });
    const res = await master.client.post('/api/admin/users', body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual(ADMIN_USER_KEYS);
    expect(created).toMatchObject({
      email: body.email.toLowerCase(),
      firstName: 'Ava',
      lastName: 'Nguyen',
      role: 'admin_assistant',
      permissions: effectivePermissions('admin_assistant', null),
      licenseNumber: null,
      npi: null,
    });
    expect(await listIds()).toContain(created.id);

    const login = await new Client(t.app).post('/api/login', {
      email: body.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin_assistant');

    const [row] = await auditRows(t.app, { targetId: created.id });
    expect(row).toMatchObject({
      action: 'user.create',
      actorId: master.id,
      actorRole: 'master_admin',
      targetType: 'user',
      targetId: created.id,
      ip: '127.0.0.1',
      outcome: 'success',
      details: { role: 'admin_assistant' },
    });
  });

  it('creates each staff role a master admin asks for', async () => {
    for (const role of STAFF_ROLES) {
      const extra = role === 'doctor' ? { licenseNumber: 'OK-1', npi: '1467523980' } : {};
      const res = await master.client.post('/api/admin/users', newStaff({ role, ...extra }));
      expect(res.statusCode, role).toBe(201);
      expect(res.json().role).toBe(role);
    }
  });

  it('refuses a doctor without license number or NPI and writes nothing', async () => {
    const before = await countUsers(t.app);
    const none = await master.client.post('/api/admin/users', newStaff({ role: 'doctor' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'License number is required for doctors',
      code: 'VALIDATION',
    });
    expect(none.json().issues).toEqual([
      { path: 'licenseNumber', message: 'License number is required for doctors' },
      { path: 'npi', message: 'NPI is required for doctors' },
    ]);
    const noNpi = await master.client.post(
      '/api/admin/users',
      newStaff({ role: 'doctor', licenseNumber: 'OK-55', npi: '' }),
    );
    expect(noNpi.statusCode).toBe(400);
    expect(noNpi.json().message).toBe('NPI is required for doctors');
    expect(await countUsers(t.app)).toBe(before);
  });

  it('stores a doctor’s license number and NPI and lists them', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newStaff({ role: 'doctor', licenseNumber: 'OK-98765', npi: '1467523980' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'doctor',
      permissions: [],
      licenseNumber: 'OK-98765',
      npi: '1467523980',
    });
    const listed = (await master.client.get('/api/admin/users'))
      .json()
      .find((u: { id: string }) => u.id === res.json().id);
    expect(listed).toMatchObject({ licenseNumber: 'OK-98765', npi: '1467523980' });
  });

  it.each([
    [{ email: 'nope' }, 'email', 'Valid email is required'],
    [{ password: 'seven77' }, 'password', 'Password must be at least 8 characters'],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', 'Last name is required'],
    [{ role: 'patient' }, 'role', 'Choose a staff role'],
    [
      { role: 'doctor', licenseNumber: 'x', npi: '1467523980' },
      'licenseNumber',
      'Enter a valid Oklahoma license number',
    ],
    [{ role: 'doctor', licenseNumber: 'OK-1', npi: '12345' }, 'npi', 'NPI must be 10 digits'],
  ])('refuses %o with 400 and writes nothing', async (overrides, path, message) => {
    const before = await countUsers(t.app);
    const res = await master.client.post('/api/admin/users', newStaff(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await countUsers(t.app)).toBe(before);
  });

  it('refuses an unknown permission', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newStaff({ role: 'operations_admin', permissions: ['root'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('permissions.0');
  });

  it('answers 409 for a taken email, a patient’s included, and writes nothing', async () => {
    const staff = await createUser(t.app, 'admin_assistant');
    const patient = new Client(t.app);
    const patientEmail = uniqueEmail('pt');
    await patient.post('/api/register', validRegistration({ email: patientEmail }));
    const before = await countUsers(t.app);
    for (const email of [staff.email.toUpperCase(), patientEmail]) {
      const res = await master.client.post('/api/admin/users', newStaff({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'An account with this email already exists',
        code: 'CONFLICT',
      });
    }
    expect(await countUsers(t.app)).toBe(before);
  });

  it('gives the address of a deleted account to a new one', async () => {
    const gone = await createUser(t.app, 'admin_assistant');
    expect((await master.client.delete(`/api/admin/users/${gone.id}`)).statusCode).toBe(204);
    const res = await master.client.post('/api/admin/users', newStaff({ email: gone.email }));
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(gone.id);
  });

  it('lets a master admin set a new user’s permissions', async () => {
    const res = await master.client.post(
      '/api/admin/users',
      newStaff({ role: 'operations_admin', permissions: ['financial', 'meetings'] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().permissions).toEqual(['meetings', 'financial']); // matrix order
  });
});

describe('GET /api/admin/users', () => {
  it('lists active staff only, without secrets', async () => {
    const patient = new Client(t.app);
    const reg = await patient.post('/api/register', validRegistration());
    const gone = await createUser(t.app, 'doctor_admin');
    const kept = await createUser(t.app, 'doctor_admin');
    await master.client.delete(`/api/admin/users/${gone.id}`);

    const res = await master.client.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/argon2|password/i);
    const list: { id: string; role: Role; createdAt: string }[] = res.json();
    const ids = list.map((u) => u.id);
    expect(ids).toContain(master.id);
    expect(ids).toContain(manager.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(reg.json().user.id);
    expect(list.every((u) => (STAFF_ROLES as readonly string[]).includes(u.role))).toBe(true);
    for (const u of list) expect(Object.keys(u).sort()).toEqual(ADMIN_USER_KEYS);
    const created = list.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it('is open to a user granted `users`', async () => {
    expect(await listIds(manager.client)).toContain(master.id);
  });
});

describe('PUT /api/admin/users/:userId', () => {
  it('changes the role, resets permissions to the new role’s and audits it', async () => {
    const target = await createUser(t.app, 'operations_admin', { permissions: ['meetings'] });
    const res = await master.client.put(`/api/admin/users/${target.id}`, { role: 'doctor_admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.id,
      role: 'doctor_admin',
      permissions: effectivePermissions('doctor_admin', null),
    });
    expect((await userRow(target.id)).permissions).toBeNull();

    const rows = await auditRows(t.app, { targetId: target.id });
    expect(rows.map((r) => r.action)).toEqual(['user.update_role']);
    expect(rows[0]).toMatchObject({
      actorId: master.id,
      actorRole: 'master_admin',
      ip: '127.0.0.1',
      outcome: 'success',
      details: { from: 'operations_admin', to: 'doctor_admin' },
    });
  });

  it('lets a master admin change permissions, audited', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const res = await master.client.put(`/api/admin/users/${target.id}`, {
      permissions: ['documents', 'analytics'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual(['documents', 'analytics']);
    expect((await userRow(target.id)).permissions).toEqual(['documents', 'analytics']);
    const rows = await auditRows(t.app, { targetId: target.id });
    expect(rows.map((r) => r.action)).toEqual(['user.update_permissions']);
    expect(rows[0]).toMatchObject({
      actorId: master.id,
      ip: '127.0.0.1',
      outcome: 'success',
      details: { permissions: ['documents', 'analytics'] },
    });
  });

  it('applies a new role and new permissions to the user’s very next request', async () => {
    const target = await signedInAs(t.app, 'admin_assistant');
    expect((await target.client.get('/api/admin/users')).statusCode).toBe(403);

    await master.client.put(`/api/admin/users/${target.id}`, { role: 'operations_admin' });
    const me = (await target.client.get('/api/user')).json();
    expect(me.role).toBe('operations_admin');
    expect(me.permissions).toEqual(effectivePermissions('operations_admin', null));

    await master.client.put(`/api/admin/users/${target.id}`, { permissions: ['users'] });
    expect((await target.client.get('/api/user')).json().permissions).toEqual(['users']);
    expect((await target.client.get('/api/admin/users')).statusCode).toBe(200);

    await master.client.put(`/api/admin/users/${target.id}`, { permissions: [] });
    expect((await target.client.get('/api/admin/users')).statusCode).toBe(403);
  });

  it('lets only a master admin change permissions', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const res = await manager.client.put(`/api/admin/users/${target.id}`, {
      permissions: ['users'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only a master admin can change permissions');
    expect((await userRow(target.id)).permissions).toBeNull();
    const created = await manager.client.post(
      '/api/admin/users',
      newStaff({ role: 'operations_admin', permissions: ['users'] }),
    );
    expect(created.statusCode).toBe(403);
  });

  it('refuses permissions for a doctor or a master admin (400)', async () => {
    const doctor = await createUser(t.app, 'doctor');
    const res = await master.client.put(`/api/admin/users/${doctor.id}`, {
      permissions: ['documents'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A doctor's access is set by the role and cannot be changed");
    expect((await userRow(doctor.id)).permissions).toBeNull();

    const admin = await createUser(t.app, 'admin');
    const boxes = await master.client.put(`/api/admin/users/${admin.id}`, {
      permissions: ['meetings'],
    });
    expect(boxes.statusCode).toBe(400);
    expect(boxes.json().message).toBe('A master admin always holds every permission');
  });

  it('makes a doctor only with a license number and NPI, and lists them', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const bare = await master.client.put(`/api/admin/users/${target.id}`, { role: 'doctor' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: 'License number is required for doctors',
      issues: [
        { path: 'licenseNumber', message: 'License number is required for doctors' },
        { path: 'npi', message: 'NPI is required for doctors' },
      ],
    });
    const noNpi = await master.client.put(`/api/admin/users/${target.id}`, {
      role: 'doctor',
      licenseNumber: 'OK-4242',
    });
    expect(noNpi.statusCode).toBe(400);
    expect(noNpi.json().message).toBe('NPI is required for doctors');
    expect((await userRow(target.id)).role).toBe('admin_assistant');

    const res = await master.client.put(`/api/admin/users/${target.id}`, {
      role: 'doctor',
      licenseNumber: 'OK-4242',
      npi: '1467523980',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'doctor',
      permissions: [],
      licenseNumber: 'OK-4242',
      npi: '1467523980',
    });
    const listed = (await master.client.get('/api/admin/users'))
      .json()
      .find((u: { id: string }) => u.id === target.id);
    expect(listed).toMatchObject({ licenseNumber: 'OK-4242', npi: '1467523980' });

    // Leaving the doctor role drops the physician's credentials.
    const back = await master.client.put(`/api/admin/users/${target.id}`, {
      role: 'admin_assistant',
    });
    expect(back.json()).toMatchObject({ licenseNumber: null, npi: null });
  });

  it('refuses a license number for a non-doctor', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const res = await master.client.put(`/api/admin/users/${target.id}`, {
      licenseNumber: 'OK-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only doctors carry a license number and NPI');
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ role: 'patient' }, 'Choose a staff role'],
    [{ permissions: ['root'] }, undefined],
  ])('refuses %o with 400', async (body, message) => {
    const target = await createUser(t.app, 'admin_assistant');
    const res = await master.client.put(`/api/admin/users/${target.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    if (message) expect(res.json().message).toBe(message);
    expect(await userRow(target.id)).toMatchObject({ role: 'admin_assistant', permissions: null });
  });

  it('lets a user granted `users` manage other staff, but not master roles', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const ok = await manager.client.put(`/api/admin/users/${target.id}`, { role: 'doctor_admin' });
    expect(ok.statusCode).toBe(200);

    for (const role of ['master_admin', 'admin']) {
      const grant = await manager.client.put(`/api/admin/users/${target.id}`, { role });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().message).toBe('Only a master admin can grant a master admin role');
      const create = await manager.client.post('/api/admin/users', newStaff({ role }));
      expect(create.statusCode).toBe(403);
    }
    expect((await userRow(target.id)).role).toBe('doctor_admin');

    const other = await createUser(t.app, 'admin');
    const demote = await manager.client.put(`/api/admin/users/${other.id}`, {
      role: 'admin_assistant',
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('Only a master admin can change a master admin');
    expect((await userRow(other.id)).role).toBe('admin');
  });

  it('refuses a user granted `users` any change to their own role or permissions', async () => {
    const before = await userRow(manager.id);
    const attempts: [Record<string, unknown>, string][] = [
      [{ role: 'doctor_admin' }, 'You cannot change your own role'],
      [{ role: 'admin_assistant' }, 'You cannot change your own role'],
      [
        { role: 'doctor', licenseNumber: 'OK-1234', npi: '1234567893' },
        'You cannot change your own role',
      ],
      [{ role: 'admin' }, 'Only a master admin can grant a master admin role'],
      [{ role: 'master_admin' }, 'Only a master admin can grant a master admin role'],
      [{ permissions: [...PERMISSIONS] }, 'Only a master admin can change permissions'],
    ];
    for (const [body, message] of attempts)
      for (const id of [manager.id, manager.id.toUpperCase()]) {
        const res = await manager.client.put(`/api/admin/users/${id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(res.json()).toEqual({ message, code: 'FORBIDDEN' });
      }
    expect(await userRow(manager.id)).toEqual(before);
    const audit = await auditRows(t.app, { targetId: manager.id });
    expect(audit.filter((r) => r.action.startsWith('user.update'))).toEqual([]);
    // Saving the profile form unchanged is not a change of role.
    const same = await manager.client.put(`/api/admin/users/${manager.id}`, {
      role: 'operations_admin',
    });
    expect(same.statusCode).toBe(200);
    expect((await manager.client.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('lets a master admin grant and remove master roles while another remains', async () => {
    const target = await createUser(t.app, 'admin_assistant');
    const up = await master.client.put(`/api/admin/users/${target.id}`, { role: 'admin' });
    expect(up.statusCode).toBe(200);
    expect(up.json().permissions).toEqual([...PERMISSIONS]);
    const down = await master.client.put(`/api/admin/users/${target.id}`, {
      role: 'admin_assistant',
    });
    expect(down.statusCode).toBe(200);
  });

  it('answers 404 for an unknown, deleted or patient id and 400 for a malformed one', async () => {
    const gone = await createUser(t.app, 'admin_assistant');
    await master.client.delete(`/api/admin/users/${gone.id}`);
    const patient = await createUser(t.app, 'patient');
    for (const id of [randomUUID(), gone.id, patient.id]) {
      const res = await master.client.put(`/api/admin/users/${id}`, { role: 'admin_assistant' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
    expect((await userRow(patient.id)).role).toBe('patient');
    const bad = await master.client.put('/api/admin/users/not-a-uuid', { role: 'admin_assistant' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});

describe('DELETE /api/admin/users/:userId', () => {
  it('deactivates the account: gone from the list, signed out at once, no sign-in', async () => {
    const target = await signedInAs(t.app, 'doctor_admin');
    const phone = new Client(t.app);
    await phone.post('/api/login', { email: target.email, password: PASSWORD });
    expect((await target.client.get('/api/user')).statusCode).toBe(200);

    const res = await master.client.delete(`/api/admin/users/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await listIds()).not.toContain(target.id);
    expect((await target.client.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    const login = await new Client(t.app).post('/api/login', {
      email: target.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);

    // Deactivated, not erased: the row and the audit trail keep the id.
    expect((await userRow(target.id)).deactivatedAt).toBeInstanceOf(Date);
    const rows = await auditRows(t.app, { targetId: target.id });
    expect(rows.find((r) => r.action === 'user.delete')).toMatchObject({
      actorId: master.id,
      actorRole: 'master_admin',
      targetType: 'user',
      ip: '127.0.0.1',
      outcome: 'success',
    });
    expect(rows.some((r) => r.action === 'auth.login' && r.actorId === target.id)).toBe(true);

    const again = await master.client.delete(`/api/admin/users/${target.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to let anyone delete themselves, however the id is written', async () => {
    for (const actor of [master, manager]) {
      for (const id of [actor.id, actor.id.toUpperCase()]) {
        const res = await actor.client.delete(`/api/admin/users/${id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You cannot delete your own account');
      }
      expect((await userRow(actor.id)).deactivatedAt).toBeNull();
      expect((await actor.client.get('/api/user')).statusCode).toBe(200);
    }
  });

  it('signs out a user deleted through an upper-case id at once', async () => {
    const target = await signedInAs(t.app, 'admin_assistant');
    expect((await target.client.get('/api/user')).statusCode).toBe(200);
    const res = await master.client.delete(`/api/admin/users/${target.id.toUpperCase()}`);
    expect(res.statusCode).toBe(204);
    expect((await target.client.get('/api/user')).statusCode).toBe(401);
  });

  it('lets a user granted `users` delete staff but not a master admin', async () => {
    const staff = await createUser(t.app, 'admin_assistant');
    expect((await manager.client.delete(`/api/admin/users/${staff.id}`)).statusCode).toBe(204);
    for (const role of ['master_admin', 'admin'] as const) {
      const boss = await createUser(t.app, role);
      const res = await manager.client.delete(`/api/admin/users/${boss.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only a master admin can delete a master admin');
      expect((await userRow(boss.id)).deactivatedAt).toBeNull();
    }
  });

  it('lets a master admin delete another master admin', async () => {
    const other = await createUser(t.app, 'master_admin');
    expect((await master.client.delete(`/api/admin/users/${other.id}`)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown or patient id and 400 for a malformed one', async () => {
    const patient = await createUser(t.app, 'patient');
    for (const id of [randomUUID(), patient.id]) {
      const res = await master.client.delete(`/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    expect((await userRow(patient.id)).deactivatedAt).toBeNull();
    expect((await master.client.delete('/api/admin/users/12345')).statusCode).toBe(400);
  });
});
