/**
 * The API host of `npm run bench:session`: the real app (config, database migrated and seeded, every plugin and
 * hook) plus one bare route beside ValidateToken, with the same body and answer schemas but no work: the ceiling
 * ValidateToken is compared with. Never part of the served app.
 */
import { envelopeResponses } from '../src/contract/envelope';
import { validateTokenRequestSchema, validateTokenResponseSchema } from '../src/contract/user';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase, withStartupLock } from '../src/server/db/migrate';
import { ok } from '../src/server/envelope';
import { seedReferenceData } from '../src/server/seed/seed';

const BENCH_BARE_PATH = process.env.BENCH_BARE_PATH ?? '/api/Bench/Bare';

const main = async () => {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
  });
  const app = await buildApp({ config, database });
  app.post(
    BENCH_BARE_PATH,
    {
      config: { public: true },
      schema: {
        body: validateTokenRequestSchema,
        response: envelopeResponses(200, validateTokenResponseSchema),
      },
    },
    async () => ok({ valid: true as const }),
  );
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  await app.listen({ port: config.PORT, host: config.HOST });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
