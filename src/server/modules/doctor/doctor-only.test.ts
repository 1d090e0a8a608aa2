import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../shared/roles.js';
import { auditLog } from '../../db/schema/index.js';
import { signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { DOCTOR_ONLY_ENDPOINTS } from '../../test/matrix/operations.js';

// The Doctor Dashboard's calls are for the doctor role only (staff-and-video.md §2; ruling 3:
// signed out → 401, anyone else → 403). No ACCESS rule is doctor-only, so the permission
// matrix lists these as not staff and this table checks every role, including an admin whose
// stored boxes hold every permission.

let t: TestApp;
const clients = new Map<string, Client>();

const principals: { label: string; role: Role | null; permissions?: string[] }[] = [
  { label: 'signed out', role: null },
  ...ROLES.map((role) => ({ label: role, role })),
  {
    label: 'doctor_admin granted every box',
    role: 'doctor_admin',
    permissions: ['meetings', 'waiting', 'analytics', 'financial', 'documents'],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const p of principals)
    if (p.role)
      clients.set(
        p.label,
        (await signedInAs(t.app, p.role, { permissions: p.permissions ?? null })).client,
      );
});
afterAll(() => t.close());

const auditCount = async () =>
  (await t.app.ctx.db.select({ id: auditLog.id }).from(auditLog)).length;

describe.each(DOCTOR_ONLY_ENDPOINTS)('$method $path', (endpoint) => {
  it.each(principals)('as $label', async ({ label, role }) => {
    const before = await auditCount();
    const res = await (clients.get(label) ?? new Client(t.app)).request({
      method: endpoint.method,
      url: endpoint.path,
    });
    if (!role) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    } else if (role !== 'doctor') {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have access to this', code: 'FORBIDDEN' });
    } else {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expect(await auditCount()).toBe(before); // a refused call reads and writes nothing
  });
});
