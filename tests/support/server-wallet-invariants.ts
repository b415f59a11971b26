import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';

/**
 * The ledger's invariants, checked straight in the database: every ledger transaction sums to zero; every
 * wallet's cached balance equals the sum of its entries; its held amount equals what its pending operations hold;
 * no wallet is negative or holds more than it has; resolved operations hold nothing; a Successful operation has
 * exactly one ledger transaction and any other none.
 */
export const expectLedgerInvariants = async (db: Db): Promise<void> => {
  const unbalanced = await queryRows<{ transaction_id: string }>(
    db,
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_minor) <> 0`,
  );
  expect(unbalanced, 'ledger transactions that do not sum to zero').toEqual([]);

  const wrongBalances = await queryRows<{ user_id: number }>(
    db,
    sql`select w.user_id, w.balance_minor, coalesce(e.total, 0) as entries_total, w.held_minor, coalesce(h.held, 0) as pending_held
        from wallets w
        left join ledger_accounts a on a.user_id = w.user_id and a.kind = 'wallet'
        left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) e on e.account_id = a.id
        left join (select user_id, sum(held_minor) as held from wallet_operations where status = 'pending' group by user_id) h
          on h.user_id = w.user_id
        where w.balance_minor <> coalesce(e.total, 0) or w.held_minor <> coalesce(h.held, 0)
           or w.balance_minor < 0 or w.held_minor < 0 or w.balance_minor < w.held_minor`,
  );
  expect(wrongBalances, 'wallets whose cached balance or holds disagree with the ledger').toEqual([]);

  const wrongOperations = await queryRows<{ reference_number: string }>(
    db,
    sql`select o.reference_number, o.status, o.held_minor, count(t.id) as postings
        from wallet_operations o left join ledger_transactions t on t.operation_id = o.id
        group by o.id
        having (o.status <> 'pending' and o.held_minor <> 0)
            or (o.status = 'Successful' and count(t.id) <> 1)
            or (o.status <> 'Successful' and count(t.id) <> 0)`,
  );
  expect(wrongOperations, 'operations whose holds or postings do not match their status').toEqual([]);
};

/** Sum of every entry in the ledger: always zero (money is neither created nor lost). */
export const ledgerTotal = async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(amount_minor), 0) as total from ledger_entries`,
  );
  return Number(row?.total ?? 0);
};
