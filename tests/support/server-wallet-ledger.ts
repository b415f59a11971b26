import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import type { IdempotencyKey, StoredAnswer } from '../../src/server/idempotency/idempotency-key';
import { accountCodes, LedgerAccounts } from '../../src/server/ledger/accounts';
import { postTransaction } from '../../src/server/ledger/posting';

/* Ledger-level helpers: the ledger's own calls and what they left in the database, without the HTTP routes. */

const fundingAccounts = new LedgerAccounts();

/** Credits a wallet from card clearing (a bare posting, as a card top-up would). */
export const fundWallet = (db: Db, userId: number, amountMinor: number) =>
  postTransaction(db, fundingAccounts, {
    operationId: null,
    description: 'test funding',
    entries: [
      { accountCode: accountCodes.wallet(userId), amountMinor },
      { accountCode: accountCodes.cardClearing(), amountMinor: -amountMinor },
    ],
  });

export const keyFor = (userId: number): IdempotencyKey => ({
  userId,
  key: `ledger-${randomUUID()}`,
  requestHash: randomUUID().replaceAll('-', ''),
});

export const refusal: StoredAnswer = {
  statusCode: 400,
  body: { code: 400, message: 'Insufficient funds', data: { messageId: 'withdrawal.insufficientFunds' } },
};

export const referenceOf = (answer: StoredAnswer) =>
  (answer.body as { data: { referenceNumber: string } }).data.referenceNumber;

export const walletOf = async (db: Db, userId: number) => {
  const [row] = await queryRows<{ balance_minor: unknown; held_minor: unknown }>(
    db,
    sql`select balance_minor, held_minor from wallets where user_id = ${userId}`,
  );
  return { balanceMinor: Number(row?.balance_minor), heldMinor: Number(row?.held_minor) };
};

/** The entries an operation posted, as { account code: amount }. */
export const entriesOf = async (db: Db, referenceNumber: string): Promise<Record<string, number>> => {
  const rows = await queryRows<{ code: string; amount_minor: unknown }>(
    db,
    sql`select a.code, e.amount_minor from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        join wallet_operations o on o.id = t.operation_id
        join ledger_accounts a on a.id = e.account_id
        where o.reference_number = ${referenceNumber}`,
  );
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.amount_minor)]));
};

/** What an account holds: the sum of its entries. */
export const accountTotal = async (db: Db, code: string): Promise<number> => {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(e.amount_minor), 0) as total from ledger_entries e
        join ledger_accounts a on a.id = e.account_id where a.code = ${code}`,
  );
  return Number(row?.total ?? 0);
};
