import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { MonthSummary, WalletHistoryRow } from '../../src/contract/wallet';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import { accountCodes } from '../../src/server/ledger/accounts';
import { monthOf } from '../../src/domain/month';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, envelope } from '../support/server-helpers';
import { fundWallet, history, walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { fundWallet as fundLedgerWallet, keyFor, refusal } from '../support/server-wallet-ledger';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  await t?.close();
});

const read = (user: WalletUser, query: string) =>
  t.app.inject({ method: 'GET', url: `${apiPaths.monthSummary}?${query}`, headers: bearer(user.token) });

const summaryOf = async (user: WalletUser, month: string): Promise<MonthSummary> => {
  const response = await read(user, `month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope<MonthSummary>(response).data;
};

const accountId = async (db: Db, code: string): Promise<number> => {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from ledger_accounts where code = ${code}`);
  if (!row) throw new Error(`no account ${code}`);
  return Number(row.id);
};

/**
 * A back-dated posting between the user's wallet and card clearing (positive: money in), written at `at`: the
 * ledger stamps its own postings with the time of the statement, so a past month is made by hand.
 */
const postAt = async (userId: number, amountMinor: number, at: string) => {
  const db = t.database.db;
  const wallet = await accountId(db, accountCodes.wallet(userId));
  const clearing = await accountId(db, accountCodes.cardClearing());
  await db.transaction(async (tx) => {
    const [transaction] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ledger_transactions (description, created_at) values ('test back-dated', ${at}::timestamptz)
          returning id`,
    );
    await tx.execute(
      sql`insert into ledger_entries (transaction_id, account_id, amount_minor, created_at) values
          (${transaction!.id}, ${wallet}, ${amountMinor}, ${at}::timestamptz),
          (${transaction!.id}, ${clearing}, ${-amountMinor}, ${at}::timestamptz)`,
    );
  });
};

/** What the history says came in and went out this month (successful movements; the fee leaves with a debit). */
const historyTotals = async (user: WalletUser, month: string) => {
  const rows: WalletHistoryRow[] = (await history(t.app, user)).filter(
    (row) => row.status === 'Successful' && row.date.startsWith(month),
  );
  const fees = await queryRows<{ reference_number: string; fee_minor: unknown }>(
    t.database.db,
    sql`select reference_number, fee_minor from wallet_operations where user_id = ${user.userId}`,
  );
  const feeOf = new Map(fees.map((row) => [row.reference_number, Number(row.fee_minor)]));
  const minor = (row: WalletHistoryRow) => Math.round(row.amount * 100);
  const sum = (list: WalletHistoryRow[], withFee: boolean) =>
    list.reduce(
      (total, row) => total + minor(row) + (withFee ? (feeOf.get(row.referenceNumber) ?? 0) : 0),
      0,
    );
  return {
    inMinor: sum(
      rows.filter((row) => row.actionType === 'Credit'),
      false,
    ),
    outMinor: sum(
      rows.filter((row) => row.actionType === 'Debit'),
      true,
    ),
  };
};

/** An on-us transfer of `amountMinor` from one user's wallet to another's (the 1% fee leaves the payer's too). */
const walletTransfer = (from: WalletUser, to: WalletUser, amountMinor: number) =>
  t.app.wallet.service.pay({
    idempotency: keyFor(from.userId),
    draft: {
      kind: 'wallet_transfer',
      amountMinor,
      counterparty: { rail: 'wallet', label: 'Payee', userId: to.userId },
    },
    insufficientFunds: refusal,
  });

describe('month summary (GET api/Wallet/MonthSummary)', () => {
  it('answers every week of the month in integer pesewas, zeros for a wallet with no movement', async () => {
    const u = await walletUser(t.app, t.database.db);
    const february = await summaryOf(u, '2026-02');
    expect(february).toEqual({
      month: '2026-02',
      inMinor: 0,
      outMinor: 0,
      weeks: [
        { week: 1, from: '2026-02-01', to: '2026-02-07', inMinor: 0, outMinor: 0 },
        { week: 2, from: '2026-02-08', to: '2026-02-14', inMinor: 0, outMinor: 0 },
        { week: 3, from: '2026-02-15', to: '2026-02-21', inMinor: 0, outMinor: 0 },
        { week: 4, from: '2026-02-22', to: '2026-02-28', inMinor: 0, outMinor: 0 },
      ],
    });
    const march = await summaryOf(u, '2026-03');
    expect(march.weeks.map((week) => [week.from, week.to])).toEqual([
      ['2026-03-01', '2026-03-07'],
      ['2026-03-08', '2026-03-14'],
      ['2026-03-15', '2026-03-21'],
      ['2026-03-22', '2026-03-28'],
      ['2026-03-29', '2026-03-31'],
    ]);
  });

  it('puts each movement in its UTC week and leaves other months out', async () => {
    const u = await walletUser(t.app, t.database.db);
    await fundLedgerWallet(t.database.db, u.userId, 100_000);
    await postAt(u.userId, 1_500, '2026-03-01T00:00:00Z');
    await postAt(u.userId, -400, '2026-03-07T23:59:59.999Z');
    await postAt(u.userId, 2_000, '2026-03-08T00:00:00Z');
    await postAt(u.userId, -700, '2026-03-31T23:59:59Z');
    await postAt(u.userId, 9_000, '2026-02-28T23:59:59Z');
    await postAt(u.userId, -9_000, '2026-04-01T00:00:00Z');
    const march = await summaryOf(u, '2026-03');
    expect(march.weeks.map((week) => [week.inMinor, week.outMinor])).toEqual([
      [1_500, 400],
      [2_000, 0],
      [0, 0],
      [0, 0],
      [0, 700],
    ]);
    expect(march).toMatchObject({ inMinor: 3_500, outMinor: 1_100 });
    expect((await summaryOf(u, '2026-02')).inMinor).toBe(9_000);
    expect((await summaryOf(u, '2026-04')).outMinor).toBe(9_000);
  });

  it("adds up to the month's wallet history, and never counts another user's movements", async () => {
    const u = await walletUser(t.app, t.database.db);
    const other = await walletUser(t.app, t.database.db);
    await fundWallet(t.app, u, 250);
    await fundWallet(t.app, u, 12);
    await fundWallet(t.app, other, 999);
    const service = t.app.wallet.service;
    // u spends: a gem purchase and a transfer to the other user's wallet (its fee leaves u's wallet too).
    await service.pay({
      idempotency: keyFor(u.userId),
      draft: {
        kind: 'gem_purchase',
        amountMinor: 1_999,
        counterparty: {
          rail: 'shop',
          label: '100 gems',
          item: 'gems-100',
          gems: 100,
          usdCents: 80,
          rate: '0.08',
        },
      },
      insufficientFunds: refusal,
    });
    await walletTransfer(u, other, 5_000);
    // The other user sends u money: u's in, the other's out.
    await walletTransfer(other, u, 3_000);
    const month = monthOf();
    const summary = await summaryOf(u, month);
    const expected = await historyTotals(u, month);
    expect({ inMinor: summary.inMinor, outMinor: summary.outMinor }).toEqual(expected);
    expect(expected.inMinor).toBe(25_000 + 1_200 + 3_000);
    expect(summary.outMinor).toBeGreaterThan(1_999 + 5_000);
    expect(summary.weeks.reduce((total, week) => total + week.inMinor, 0)).toBe(summary.inMinor);

    const others = await summaryOf(other, month);
    expect({ inMinor: others.inMinor, outMinor: others.outMinor }).toEqual(await historyTotals(other, month));
    expect(others.inMinor).toBe(99_900 + 5_000);
  });

  it('rejects a month not written YYYY-MM with a 400, and a request without a token with a 401', async () => {
    const u = await walletUser(t.app, t.database.db);
    for (const query of ['month=2026-13', 'month=2026-1', 'month=26-01', 'month=2026-01-01', 'month=', '']) {
      expect((await read(u, query)).statusCode, query).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${apiPaths.monthSummary}?month=2026-01` });
    expect(anonymous.statusCode).toBe(401);
  });
});
