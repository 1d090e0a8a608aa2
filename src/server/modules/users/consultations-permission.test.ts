import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_LABELS, PERMISSIONS } from '../../../shared/roles.js';
import { MIGRATIONS_DIR } from '../../db/migrate.js';
import { users } from '../../db/schema/index.js';
import { createUser, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';

// Issue 21: the "consultations" permission guarded nothing. It is gone from the list (so from
// the admin screen's checkboxes and what the API accepts), and migration 0010 takes it out of
// the permissions stored on accounts, leaving every other box as it was.

let t: TestApp;
let master: { client: Client };
beforeAll(async () => {
  t = await createTestApp();
  master = await signedInAs(t.app, 'master_admin');
});
afterAll(() => t.close());

const stored = async (id: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.permissions;

describe('the consultations permission', () => {
  it('is not a permission any more', () => {
    expect(PERMISSIONS as readonly string[]).not.toContain('consultations');
    expect(Object.keys(PERMISSION_LABELS)).not.toContain('consultations');
  });

  it('is refused by the API with a 400, and nothing is written', async () => {
    const target = await createUser(t.app, 'admin_assistant', { permissions: ['documents'] });
    const res = await master.client.put(`/api/admin/users/${target.id}`, {
      permissions: ['documents', 'consultations'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('permissions.1');
    expect(await stored(target.id)).toEqual(['documents']);
  });

  it('migration 0010 removes it from stored permissions and keeps the rest', async () => {
    const ticked = await createUser(t.app, 'operations_admin', {
      permissions: ['meetings', 'consultations', 'documents'],
    });
    const only = await createUser(t.app, 'admin_assistant', { permissions: ['consultations'] });
    const defaults = await createUser(t.app, 'doctor_admin');
    const migration = readFileSync(
      path.join(MIGRATIONS_DIR, '0011_remove_consultations_permission.sql'),
      'utf8',
    );
    await t.app.ctx.db.execute(sql.raw(migration));
    expect(await stored(ticked.id)).toEqual(['meetings', 'documents']);
    expect(await stored(only.id)).toEqual([]);
    // An account on its role's defaults stays on them.
    expect(await stored(defaults.id)).toBeNull();
  });
});
