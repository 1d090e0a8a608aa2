import type { Endpoint } from './types.js';

// Video sessions (ruling 3: "any staff member creates; anyone signed in joins by link").
// Listing and creating are staff endpoints; the rest are for anyone signed in or for patients,
// and are tested in modules/video/routes.test.ts.

export const VIDEO_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/video/sessions', access: 'staff', ok: 200 },
  {
    method: 'POST',
    path: '/api/video/sessions',
    access: 'staff',
    ok: 201,
    prepare: async () => ({ payload: { title: 'Matrix session', maxParticipants: 3 } }),
  },
];

/** Served video routes that are not staff endpoints (any signed-in user, or patients only). */
export const VIDEO_NOT_STAFF = [
  'POST /api/video/token',
  'GET /api/video/sessions/:id',
  'POST /api/doxy/generate-url',
];
