import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { linkCluster } from './realtime/cluster.js';
import { makePrivate, PRIVATE_UMASK } from './storage/private-dir.js';
import { startUpkeep } from './upkeep.js';

// Entry point: configuration, migrations, listen, graceful shutdown.

async function main() {
  // Everything the server writes under DATA_DIR is its own user's only (issue 10, defect 4).
  process.umask(PRIVATE_UMASK);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // After opening: a fresh PGlite cluster is copied in with 0666 modes; older files too.
  makePrivate(config.DATA_DIR);
  await runMigrations(database);
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    stopUpkeep();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Pending payments and orphaned blobs a crash left behind (issue 10): at start and on timers.
  stopUpkeep = startUpkeep(app.ctx, app.log);
  // Queued mail, including what was queued before a restart (issue 13); stopped by app.close().
  app.ctx.mail.start(app.log);
  const where = config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`;
  app.log.info(
    `serving on ${where} (${database.driver === 'pg' ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
