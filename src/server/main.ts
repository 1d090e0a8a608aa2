import { buildApp } from './app.js';
import { type ControlSocket, claimControlSocket, DataDirBusy } from './backup/control-socket.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { firstAdminRefusal, setupInvitation } from './first-admin.js';
import { createDrain } from './lifecycle/drain.js';
import { linkCluster } from './realtime/cluster.js';
import { makePrivate, PRIVATE_UMASK } from './storage/private-dir.js';
import { startUpkeep } from './upkeep.js';

// Entry point: configuration, migrations, listen, graceful shutdown.

async function main() {
  // Everything the server writes under DATA_DIR is its own user's only (issue 10, defect 4).
  process.umask(PRIVATE_UMASK);
  const config = loadConfigOrExit();

  // The embedded database is one process's only: the control socket is the lock on it, and
  // how `npm run backup` asks this server for a dump (ADR 0018).
  let control: ControlSocket | null = null;
  if (!config.DATABASE_URL) {
    try {
      control = await claimControlSocket(config.DATA_DIR, 'server');
    } catch (err) {
      if (err instanceof DataDirBusy) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // After opening: a fresh PGlite cluster is copied in with 0666 modes; older files too.
  makePrivate(config.DATA_DIR);
  await runMigrations(database);
  // A production install without a master admin and without ADMIN_SETUP_TOKEN would hand the
  // clinic to whoever opened /admin/setup first: refused like a bad setting (issue 21, item 2).
  const refusal = await firstAdminRefusal(config, database.db);
  if (refusal) {
    console.error(`Invalid configuration:\n  ${refusal}`);
    process.exit(78);
  }
  if (control && database.dumpDataDir) control.serveDump(database.dumpDataDir);
  const app = await buildApp({ config, database });
  if (config.REDIS_URL) {
    const unlink = await linkCluster(app.ctx, config.REDIS_URL);
    app.addHook('onClose', unlink);
  }

  if (config.SEED_DEMO) {
    const { seedDemo } = await import('./demo/seed.js');
    await seedDemo(app, config.SEED_DEMO);
  }

  const purge = setInterval(() => app.ctx.sessions.purgeExpired().catch(() => {}), 10 * 60_000);
  purge.unref();

  let stopUpkeep = () => {};
  // Graceful drain (lifecycle/drain.ts): not-ready, sockets sent elsewhere, in-flight
  // requests finished, links closed, exit 0 within 25 s. A second signal joins the first.
  const drain = createDrain({
    app,
    closeDatabase: async () => {
      await database.close();
      await control?.close();
    },
    stopTimers: () => {
      clearInterval(purge);
      stopUpkeep();
      app.ctx.queueReminders.stop();
    },
  });
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Pending payments and orphaned blobs a crash left behind (issue 10): at start and on timers.
  stopUpkeep = startUpkeep(app.ctx, app.log);
  // Queued mail, including what was queued before a restart (issue 13); stopped by app.close().
  app.ctx.mail.start(app.log);
  const where = config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`;
  app.log.info(
    `serving on ${where} (${database.driver === 'pg' ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  // A fresh install says where to start (issue 21, item 16).
  const invitation = await setupInvitation(config, database.db);
  if (invitation) app.log.info(invitation);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
