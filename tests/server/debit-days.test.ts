/**
 * What a wallet sent out each day (wallet_debit_days and its adjustments, kept by the triggers of migration 0026,
 * read by the tier limits under the wallet lock: issue 28) always equals the sum of its debits that have not failed
 * by UTC day, whatever happens to its operations: generated sequences of debits and credits of any status and day,
 * resolved, failed, held and released, rejected; and the migration's backfill gives the same totals from the
 * operations alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/migrate';
import { queryRows } from '../../src/server/db/sql';
import { signedInUser } from '../support/server-helpers';
import { DEBIT_DAYS_AGAINST_OPERATIONS } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let userIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  userIds = [(await signedInUser(t.app)).userId, (await signedInUser(t.app)).userId];
});
afterAll(async () => t?.close());

const statuses = ['pending', 'review', 'Successful', 'Failed'] as const;
type Status = (typeof statuses)[number];
const resolvedAt = (status: Status) => (status === 'pending' || status === 'review' ? null : 'now()');

type Command =
  | { type: 'insert'; user: number; debit: boolean; status: Status; amount: number; daysAgo: number }
  | { type: 'setStatus'; pick: number; status: Status };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    type: fc.constant('insert' as const),
    user: fc.integer({ min: 0, max: 1 }),
    debit: fc.boolean(),
    status: fc.constantFrom(...statuses),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    // Days around a month's turn: this month and the one before.
    daysAgo: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    type: fc.constant('setStatus' as const),
    pick: fc.nat(),
    status: fc.constantFrom(...statuses),
  }),
);

const disagreements = () => queryRows(t.database.db, sql`${DEBIT_DAYS_AGAINST_OPERATIONS}`);

let inserted = 0;
const apply = async (step: Command, ids: number[]): Promise<void> => {
  const db = t.database.db;
  if (step.type === 'insert') {
    inserted += 1;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into wallet_operations (user_id, reference_number, kind, direction, amount_minor, status,
                                         counterparty, created_at, resolved_at)
          values (${userIds[step.user]!}::int, ${`DD${Date.now()}${inserted}`}, ${
            step.debit ? 'bank_withdrawal' : 'card_top_up'
          }, ${step.debit ? 'Debit' : 'Credit'}, ${step.amount}::bigint, ${step.status}, '{}'::jsonb,
                  now() - make_interval(days => ${step.daysAgo}::int, hours => ${step.daysAgo % 24}::int),
                  ${resolvedAt(step.status) === null ? null : sql`now()`})
          returning id`,
    );
    ids.push(Number(row!.id));
  } else if (ids.length > 0) {
    const id = ids[step.pick % ids.length]!;
    await t.database.db.execute(
      sql`update wallet_operations set status = ${step.status},
            resolved_at = ${resolvedAt(step.status) === null ? null : sql`now()`}
          where id = ${id}::bigint`,
    );
  }
};

describe("a wallet's debits by day", () => {
  it('always equal the sum of its debits that have not failed, whatever happens to them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ids: number[] = [];
        for (const step of steps) await apply(step, ids);
        expect(await disagreements()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('a debit that fails later is given back to its day, and counts again if it comes back', async () => {
    const ids: number[] = [];
    await apply({ type: 'insert', user: 0, debit: true, status: 'pending', amount: 700, daysAgo: 0 }, ids);
    const day = async () =>
      (
        await queryRows<{ total: string | null }>(
          t.database.db,
          sql`select sum(amount_minor) as total from (
                select amount_minor, day from wallet_debit_days where user_id = ${userIds[0]!}::int
                union all select amount_minor, day from wallet_debit_adjustments where user_id = ${userIds[0]!}::int) k
              where day = (now() at time zone 'UTC')::date`,
        )
      )[0]!.total;
    const before = Number(await day());
    await apply({ type: 'setStatus', pick: 0, status: 'Failed' }, ids);
    expect(Number(await day())).toBe(before - 700);
    await apply({ type: 'setStatus', pick: 0, status: 'Successful' }, ids);
    expect(Number(await day())).toBe(before);
  });

  it("the migration's backfill gives the same totals from the operations alone", async () => {
    const migration = await readFile(path.join(migrationsFolder, '0026_debit_days.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!.trim();
    expect(backfill).toMatch(/^INSERT INTO wallet_debit_days/);
    await t.database.db.execute(sql.raw('delete from wallet_debit_adjustments'));
    await t.database.db.execute(sql.raw('delete from wallet_debit_days'));
    expect((await disagreements()).length).toBeGreaterThan(0);
    await t.database.db.execute(sql.raw(backfill));
    expect(await disagreements()).toEqual([]);
  });
});
