// Where the staff routes live. The patients' router does not know them until a path under one
// of these is opened (router.tsx discovers them then), so a patient's browser never loads the
// staff route table, its guards or its pages (issue 23). staff-routes.test.ts holds every
// staff route to these prefixes.
const STAFF_PREFIXES = ['/admin', '/doctor', '/video-sessions'] as const;

export const isStaffPath = (path: string): boolean =>
  STAFF_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
