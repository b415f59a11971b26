import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import { operationKinds, type OperationKindName } from '../../src/server/ledger/kinds';

const kindsWhere = (keep: (name: OperationKindName) => boolean) =>
  sql.join(
    (Object.keys(operationKinds) as OperationKindName[]).filter(keep).map((name) => sql`${name}`),
    sql`, `,
  );
/** Receiving rows (a transfer between wallets, seen from the receiver): no ledger transaction of their own. */
const mirrorKinds = () => kindsWhere((name) => operationKinds[name].decision === 'mirror');
/** Kinds whose posting writes a receiving row for the wallet they credit. */
const receivedKinds = () => kindsWhere((name) => operationKinds[name].receivedAs !== undefined);

/**
 * The day totals the tier limits and the monitoring rules read (wallet_debit_days and its adjustments, kept by
 * triggers) against the sum and count of each user's debits that have not failed, by UTC day: where the two differ.
 */
export const DEBIT_DAYS_AGAINST_OPERATIONS = sql.raw(`select coalesce(kept.user_id, truth.user_id) as user_id,
    coalesce(kept.day, truth.day) as day, kept.total as kept, truth.total as truth, kept.moves as kept_moves,
    truth.moves as moves
  from (select user_id, day, sum(amount_minor) as total, sum(moves) as moves
        from (select user_id, day, amount_minor, moves from wallet_debit_days
              union all select user_id, day, amount_minor, moves from wallet_debit_adjustments) k
        group by user_id, day having sum(moves) <> 0 or sum(amount_minor) <> 0) kept
  full join (select user_id, (created_at at time zone 'UTC')::date as day, sum(amount_minor) as total,
                    count(*) as moves
             from wallet_operations where direction = 'Debit' and status <> 'Failed'
             group by 1, 2) truth
    on truth.user_id = kept.user_id and truth.day = kept.day
  where kept.total is distinct from truth.total or kept.moves is distinct from truth.moves`);

/**
 * The ledger's invariants, checked straight in the database: every ledger transaction sums to zero in each asset
 * (cedis and gems separately); every user's cached gem balance equals the sum of its gem account's entries and is
 * never negative; a Successful gem purchase credited exactly its pack's gems; every
 * wallet's cached balance equals the sum of its entries; its held amount equals what its pending operations hold;
 * no wallet is negative or holds more than it has; resolved operations hold nothing; a Successful operation has
 * exactly one ledger transaction and any other none, except a receiving row (wallet_transfer_received), which has
 * none of its own: it names the Successful transfer whose posting credited its wallet by exactly its amount, and
 * each Successful transfer between wallets has exactly one.
 */
export const expectLedgerInvariants = async (db: Db): Promise<void> => {
  const unbalanced = await queryRows<{ transaction_id: string }>(
    db,
    sql`select e.transaction_id, a.asset from ledger_entries e join ledger_accounts a on a.id = e.account_id
        group by e.transaction_id, a.asset having sum(e.amount_minor) <> 0`,
  );
  expect(unbalanced, 'ledger transactions that do not sum to zero in an asset').toEqual([]);

  const wrongGems = await queryRows<{ user_id: number }>(
    db,
    sql`select coalesce(g.user_id, a.user_id) as user_id, g.gems, e.total
        from gem_balances g
        full join (select id, user_id from ledger_accounts where kind = 'gems') a on a.user_id = g.user_id
        left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) e on e.account_id = a.id
        where coalesce(g.gems, 0) <> coalesce(e.total, 0) or g.gems < 0`,
  );
  expect(wrongGems, 'gem balances that disagree with the ledger or are negative').toEqual([]);

  const wrongGemPurchases = await queryRows<{ reference_number: string }>(
    db,
    sql`select o.reference_number, o.status, (o.counterparty->>'gems')::bigint as gems,
               coalesce((select sum(e.amount_minor) from ledger_entries e
                         join ledger_transactions t on t.id = e.transaction_id
                         join ledger_accounts a on a.id = e.account_id
                         where t.operation_id = o.id and a.kind = 'gems' and a.user_id = o.user_id), 0) as credited
        from wallet_operations o where o.kind = 'gem_purchase'
        and coalesce((select sum(e.amount_minor) from ledger_entries e
                      join ledger_transactions t on t.id = e.transaction_id
                      join ledger_accounts a on a.id = e.account_id
                      where t.operation_id = o.id and a.kind = 'gems' and a.user_id = o.user_id), 0)
            <> case when o.status = 'Successful' then (o.counterparty->>'gems')::bigint else 0 end`,
  );
  expect(wrongGemPurchases, 'gem purchases that did not credit exactly their gems').toEqual([]);

  const wrongBalances = await queryRows<{ user_id: number }>(
    db,
    sql`select w.user_id, w.balance_minor, coalesce(e.total, 0) as entries_total, w.held_minor, coalesce(h.held, 0) as pending_held
        from wallets w
        left join ledger_accounts a on a.user_id = w.user_id and a.kind = 'wallet'
        left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) e on e.account_id = a.id
        left join (select user_id, sum(held_minor) as held from wallet_operations where status in ('pending', 'review') group by user_id) h
          on h.user_id = w.user_id
        where w.balance_minor <> coalesce(e.total, 0) or w.held_minor <> coalesce(h.held, 0)
           or w.balance_minor < 0 or w.held_minor < 0 or w.balance_minor < w.held_minor`,
  );
  expect(wrongBalances, 'wallets whose cached balance or holds disagree with the ledger').toEqual([]);

  const wrongDebitDays = await queryRows<{ user_id: number }>(db, sql`${DEBIT_DAYS_AGAINST_OPERATIONS}`);
  expect(wrongDebitDays, "wallets' debit day totals that disagree with their operations").toEqual([]);

  const wrongOperations = await queryRows<{ reference_number: string }>(
    db,
    sql`select o.reference_number, o.status, o.held_minor, count(t.id) as postings
        from wallet_operations o left join ledger_transactions t on t.operation_id = o.id
        group by o.id
        having (o.status not in ('pending', 'review') and o.held_minor <> 0)
            or (o.kind in (${mirrorKinds()}) and count(t.id) <> 0)
            or (o.kind not in (${mirrorKinds()}) and o.status = 'Successful' and count(t.id) <> 1)
            or (o.kind not in (${mirrorKinds()}) and o.status <> 'Successful' and count(t.id) <> 0)`,
  );
  expect(wrongOperations, 'operations whose holds or postings do not match their status').toEqual([]);

  const wrongReceivingRows = await queryRows<{ reference_number: string }>(
    db,
    sql`select r.reference_number, r.status, s.reference_number as source, s.status as source_status
        from wallet_operations r left join wallet_operations s on s.id = r.source_operation_id
        where r.kind in (${mirrorKinds()}) and (
          s.id is null or r.status <> 'Successful' or s.status <> 'Successful' or r.direction <> 'Credit'
          or r.amount_minor <> s.amount_minor or r.fee_minor <> 0 or r.held_minor <> 0
          or (s.counterparty->>'userId')::int <> r.user_id
          or r.reference_number <> s.reference_number || '-R'
          or coalesce((select sum(e.amount_minor) from ledger_entries e
                       join ledger_transactions t on t.id = e.transaction_id
                       join ledger_accounts a on a.id = e.account_id
                       where t.operation_id = s.id and a.user_id = r.user_id), 0) <> r.amount_minor)`,
  );
  expect(wrongReceivingRows, 'receiving rows that do not mirror their transfer').toEqual([]);

  const unmirrored = await queryRows<{ reference_number: string }>(
    db,
    sql`select s.reference_number, (select count(*) from wallet_operations r where r.source_operation_id = s.id) as rows
        from wallet_operations s
        where s.kind in (${receivedKinds()})
          and (select count(*) from wallet_operations r where r.source_operation_id = s.id)
              <> case when s.status = 'Successful' then 1 else 0 end`,
  );
  expect(unmirrored, 'transfers between wallets without exactly one receiving row').toEqual([]);
};

/** Sum of every entry in the ledger: always zero (money is neither created nor lost). */
export const ledgerTotal = async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(amount_minor), 0) as total from ledger_entries`,
  );
  return Number(row?.total ?? 0);
};

/** Sum of every entry per asset ('GHS', 'GEM'): each always zero (neither cedis nor gems appear from nowhere). */
export const ledgerTotalsByAsset = async (db: Db): Promise<Record<string, number>> => {
  const rows = await queryRows<{ asset: string; total: unknown }>(
    db,
    sql`select a.asset, coalesce(sum(e.amount_minor), 0) as total
        from ledger_entries e join ledger_accounts a on a.id = e.account_id group by a.asset`,
  );
  return Object.fromEntries(rows.map((row) => [row.asset, Number(row.total)]));
};
