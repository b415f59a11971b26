/**
 * `npm run bench:reference`: GET /api/Country/GetAllCountries through the real API host (tests/load/support/api-host)
 * on 127.0.0.1, with 16 clients for a few seconds, on the embedded database (PGlite) and on PostgreSQL; plain
 * requests (200 with the list) and, when the answer has an ETag, revalidations (If-None-Match: 304).
 *
 * Environment (all optional):
 *   BENCH_DATABASE_URL  PostgreSQL server (default postgres://root@127.0.0.1:5432/test); a bench_reference_*
 *                       database is created and dropped
 *   BENCH_DATABASES     which to run: pglite,postgres (default both)
 *   BENCH_CLIENTS       concurrent clients (default 16)
 *   BENCH_DURATION_S    seconds of each timed run (default 5), after a 1 s warm-up
 */
import { apiPaths } from '../src/contract/paths';
import { ApiHost } from '../tests/load/support/api-host';
import { createScratchDatabase } from '../tests/load/support/pg-admin';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const kinds = (env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const clients = Number(env.BENCH_CLIENTS ?? 16);
const durationS = Number(env.BENCH_DURATION_S ?? 5);

/** Requests a second of `clients` loops asking `url` for `seconds` (each waits for its answer before the next). */
const rate = async (url: string, headers: Record<string, string>, seconds: number): Promise<number> => {
  const end = Date.now() + seconds * 1000;
  let answered = 0;
  const loop = async () => {
    while (Date.now() < end) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200 && response.status !== 304)
        throw new Error(`${url} answered ${response.status}`);
      answered += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, loop));
  return answered / ((performance.now() - started) / 1000);
};

const measure = async (kind: string) => {
  const scratch = kind === 'postgres' ? await createScratchDatabase(serverUrl, 'bench_reference') : null;
  const host = await ApiHost.start({ databaseUrl: scratch?.url ?? '' });
  try {
    const url = `${host.baseUrl}${apiPaths.countries}`;
    await rate(url, {}, 1);
    const plain = await rate(url, {}, durationS);
    const etag = (await fetch(url)).headers.get('etag');
    const revalidated = etag ? await rate(url, { 'if-none-match': etag }, durationS) : null;
    return { kind, plain, revalidated };
  } finally {
    await host.stop();
    await scratch?.drop();
  }
};

const main = async () => {
  console.log(`GetAllCountries, ${clients} clients, ${durationS} s each, 127.0.0.1`);
  for (const kind of kinds) {
    const { plain, revalidated } = await measure(kind);
    console.log(
      `${kind.padEnd(8)} 200: ${Math.round(plain)} requests/s` +
        (revalidated === null
          ? '  (no ETag)'
          : `  304 (If-None-Match): ${Math.round(revalidated)} requests/s`),
    );
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
