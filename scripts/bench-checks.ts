/**
 * `npm run bench:checks` (issue 28): what the checks a money move runs under its wallet's lock (the tier limits, the
 * monitoring rules) cost as the wallet's month fills with moves: one user on a scratch database of the machine's
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test), 0 to 30,000 debits spread over the
 * last 20 days, each check run 40 times (the median round trip, with planning) and once under EXPLAIN ANALYZE (the
 * execution alone). A business wallet makes thousands of moves a month: a check that reads them one by one makes
 * every one of its moves slower, under the lock.
 */
import pg from 'pg';
import { ApiHost } from '../tests/load/support/api-host';
import { createScratchDatabase } from '../tests/load/support/pg-admin';
import { createUserWithIdentification } from '../tests/load/support/users';
import { outgoingLimitCheck } from '../src/server/tiers/limits';
import { monitoringCheck } from '../src/server/monitoring/rules';

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const db = await createScratchDatabase(server, 'checks');
try {
  const host = await ApiHost.start({ databaseUrl: db.url, env: {} });
  const user = await createUserWithIdentification(host.baseUrl, 'checks');
  await host.stop();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The scratch database is dropped with FORCE at the end: the closing connection's error is expected.
  client.on('error', () => undefined);
  let have = 0;
  for (const target of [0, 30, 300, 3000, 30000]) {
    if (target > have) {
      await client.query(
        `insert into wallet_operations (user_id, reference_number, kind, direction, amount_minor, status, counterparty, created_at, resolved_at)
         select $1, left('X' || g || '-' || md5(random()::text), 32), 'bank_withdrawal', 'Debit', 100, 'Successful', '{}'::jsonb,
                now() - (random() * interval '20 days'), now()
         from generate_series($2::int + 1, $3::int) g`,
        [user.userId, have, target],
      );
      have = target;
      await client.query('analyze wallet_operations');
    }
    for (const [name, check] of [
      ['tier limits (day and month)', outgoingLimitCheck(user.userId, 100)],
      ['monitoring rules', monitoringCheck(user.userId, 100, null, false)],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const started = process.hrtime.bigint();
        await client.query(check.text, check.values);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      const plan = await client.query(`explain (analyze, format json) ${check.text}`, check.values);
      const execution = (plan.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time'];
      console.log(
        `${String(target).padStart(6)} moves this month: ${name}: round trip p50 ${times[20]!.toFixed(3)} ms, ` +
          `execution ${execution.toFixed(3)} ms`,
      );
    }
  }
  await client.end();
} catch (error) {
  console.error('FAILED', (error as Error).message);
} finally {
  await db.drop();
}
