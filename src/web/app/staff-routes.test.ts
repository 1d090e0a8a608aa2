import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONSOLE_AREAS, STAFF_ACCOUNT_PATH } from './staff-nav';
import { isStaffPath } from './staff-paths';
import { staffRoutes } from './staff-routes';

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

// The router discovers the staff routes only on a path isStaffPath accepts (router.tsx): a staff
// route outside those prefixes would never be found.
describe('the staff routes', () => {
  it('all live under the staff prefixes', () => {
    const all = paths(staffRoutes);
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((path) => !isStaffPath(path))).toEqual([]);
    for (const area of Object.values(CONSOLE_AREAS)) expect(all).toContain(area.path);
    expect(all).toContain(STAFF_ACCOUNT_PATH);
    expect(all).toContain('/doctor/video-consultation');
  });

  it('are told from patient and public paths', () => {
    for (const path of ['/admin', '/admin/users', '/doctor/dashboard', '/video-sessions'])
      expect(isStaffPath(path)).toBe(true);
    for (const path of ['/', '/patient/dashboard', '/video-call/abc', '/administrator', '/login'])
      expect(isStaffPath(path)).toBe(false);
  });
});
