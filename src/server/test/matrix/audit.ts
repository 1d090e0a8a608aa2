import type { Endpoint } from './types.js';

/** The audit trail (issue 13): master roles only. */
export const AUDIT_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/audit', access: 'auditTrail', ok: 200 },
  { method: 'GET', path: '/api/admin/audit/actors', access: 'auditTrail', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/audit/patients',
    access: 'auditTrail',
    ok: 200,
    prepare: async () => ({ url: '/api/admin/audit/patients?q=Collins' }),
  },
  {
    method: 'GET',
    path: '/api/admin/audit/export.csv',
    access: 'auditTrail',
    ok: 200,
    // A narrow export: the matrix's whole trail is more than a page.
    prepare: async () => ({ url: '/api/admin/audit/export.csv?action=audit.exported' }),
  },
];
