import { buildApp } from './app';
import { ConfigError, readConfig, type LoadedConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase, withStartupLock } from './db/migrate';
import { isLoopbackHost, listensOnLoopbackOnly } from './loopback';
import { seedReferenceData } from './seed/seed';
import { installGracefulShutdown } from './shutdown';

/** `npm run serve`: configuration, database (migrated and seeded), then the API host and the app on one port. */
const main = async (): Promise<void> => {
  let loaded: LoadedConfig;
  try {
    loaded = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, development } = loaded;
  if (development) {
    const where = development.file
      ? `${development.created ? 'made' : 'kept'} in ${development.file} (readable by you only)`
      : 'random for this run (NODE_ENV=test)';
    console.warn(
      `Development secrets ${development.names.join(', ')} ${where}: they serve this machine only; ` +
        'to serve others, set NODE_ENV=production with real ones.',
    );
  } else if (!process.env.NODE_ENV?.trim() && !isLoopbackHost(config.HOST)) {
    console.warn(`NODE_ENV is not set on HOST=${config.HOST}: development mode; set NODE_ENV=production.`);
  }

  const database = await openDatabase(config);
  // Hosts starting together on one database take turns: the first migrates and seeds, the others find it done.
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
  });
  const app = await buildApp({ config, database });

  installGracefulShutdown(app, database);

  await app.listen({ port: config.PORT, host: config.HOST });
  // After listen: the sandbox's callbacks and the provider polling run in the background until shutdown.
  app.wallet.worker.start();
  await app.jobs.start();
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  const url = `http://${shownHost}:${port}`;
  if (!config.METRICS_TOKEN && !listensOnLoopbackOnly(app.addresses())) {
    console.warn('GET /metrics answers 401: this host listens beyond loopback and METRICS_TOKEN is not set.');
  }
  console.log(
    `Cedi Wallet is running on ${url} (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}/pglite` : 'PostgreSQL'})`,
  );
};

main().catch((error: unknown) => {
  // Drizzle's 'Failed query' names the statement; PostgreSQL's own reason is its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error('The server could not start:', error instanceof Error ? `${error.message}${cause}` : error);
  process.exit(1);
});
