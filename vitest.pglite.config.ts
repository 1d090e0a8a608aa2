import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:api:pglite`: the API tests again on the embedded PGlite (CI runs the whole
// API suite on PostgreSQL first). Not all of them: the SQL is the same on both, so what can
// differ is the driver — migrations, the single connection, transactions and row locks, the
// data directory, backup through the running server, stored files — plus one test file per
// module chosen to touch that module's queries. The whole suite on PGlite, `npm run test:api`
// without DATABASE_URL, is still there to run by hand. (Issue 21: CI within its budget.)
delete process.env.DATABASE_URL;

// Spread, not mergeConfig: that would add this list to the base's `src/**/*.test.ts`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      // The driver itself: client, migrations, the data directory, backup, start and stop.
      'src/server/db/migrate.test.ts',
      'src/server/main.test.ts',
      'src/server/demo/seed.test.ts',
      'src/server/backup/archive.test.ts',
      'src/server/storage/private-dir.test.ts',
      'src/server/storage/orphan-sweep.test.ts',
      'src/server/lifecycle/readiness.test.ts',
      'src/server/broken-bodies.test.ts',
      'src/server/late-upload-handler.test.ts',
      // Transactions and locks: two staff one admission, a hold and its capture, crash repair.
      'src/server/modules/queue/routes.test.ts',
      'src/server/modules/payments/hold-and-capture.test.ts',
      'src/server/modules/payments/reconcile.test.ts',
      'src/server/modules/consultations/lifecycle.test.ts',
      // One file a module, touching its queries.
      'src/server/modules/applications/drafts.test.ts',
      'src/server/modules/audit/trail.test.ts',
      'src/server/modules/auth/routes.test.ts',
      'src/server/modules/doctor/routes.test.ts',
      'src/server/modules/documents/routes.test.ts',
      'src/server/modules/fees/routes.test.ts',
      'src/server/modules/follow-up/follow-up.test.ts',
      'src/server/modules/health/routes.test.ts',
      'src/server/modules/mail/mailer.test.ts',
      'src/server/modules/operations/routes.test.ts',
      'src/server/modules/patients/routes.test.ts',
      'src/server/modules/payments/routes.test.ts',
      'src/server/modules/transcriptions/search.test.ts',
      'src/server/modules/users/routes.test.ts',
      'src/server/modules/video/routes.test.ts',
      'src/server/realtime/signalling.test.ts',
    ],
  },
});
