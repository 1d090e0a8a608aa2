import { registerPatient } from '../patients.js';
import type { Endpoint } from './types.js';

// Patients in user management (issue 13): `users` and `documents` together (ruling 3).

const freshPatient = async (t: Parameters<NonNullable<Endpoint['prepare']>>[0]) =>
  (await registerPatient(t.app)).userId;

export const PATIENT_ACCOUNT_ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/admin/patient-accounts',
    access: 'patientAccounts',
    ok: 200,
    prepare: async () => ({ url: '/api/admin/patient-accounts?q=Jamie' }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/patient-accounts/:userId',
    access: 'patientAccounts',
    ok: 204,
    prepare: async (t) => ({ url: `/api/admin/patient-accounts/${await freshPatient(t)}` }),
  },
  ...(['password-reset', 'unlock'] as const).map(
    (action): Endpoint => ({
      method: 'POST',
      path: `/api/admin/patient-accounts/:userId/${action}`,
      access: 'patientAccounts',
      ok: 200,
      prepare: async (t) => ({
        url: `/api/admin/patient-accounts/${await freshPatient(t)}/${action}`,
      }),
    }),
  ),
];
