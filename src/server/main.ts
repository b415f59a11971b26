import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase, withStartupLock } from './db/migrate';
import { seedReferenceData } from './seed/seed';

/** What a host may take to stop after SIGTERM before it exits anyway (orchestrators kill at 10 s or later). */
const SHUTDOWN_GRACE_MS = 9_000;

/** `npm run serve`: configuration, database (migrated and seeded), then the API host and the app on one port. */
const main = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  // Hosts starting together on one database take turns: the first migrates and seeds, the others find it done.
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
  });
  const app = await buildApp({ config, database });

  let closing = false;
  /**
   * SIGTERM: stop accepting (app.close closes the listening socket; new requests on kept-alive connections get a
   * 503), finish the requests in flight and this host's claimed jobs (a job claimed meanwhile is released), close
   * the database and the LISTEN connection (onClose hooks), and exit. Whatever is still running after
   * SHUTDOWN_GRACE_MS is cut: the process exits 1 within 10 s, and another host takes the jobs once their lease ends.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      console.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await Promise.all([app.jobs.stop(), app.wallet.worker.stop(), app.close()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // After listen: the sandbox's callbacks and the provider polling run in the background until shutdown.
  app.wallet.worker.start();
  await app.jobs.start();
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  const url = `http://${shownHost}:${port}`;
  console.log(
    `Cedi Wallet is running on ${url} (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}/pglite` : 'PostgreSQL'})`,
  );
};

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
