import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { TransactionHistoryRow } from '../../src/contract/transfer';
import type { MonthSummary } from '../../src/contract/wallet';
import { apiAmountToMinor } from '../../src/services/amounts';
import { bearer, envelope } from '../support/server-helpers';
import {
  addMobileBeneficiary,
  newPhone,
  payNow,
  quoteFor,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { bankWithdrawalBody, history, postMoney, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const get = async <T>(user: TransferUser, url: string, query: Record<string, string> = {}): Promise<T> => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    query: { userId: String(user.userId), ...query },
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<T>(response).data;
};

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('the histories reconcile with the balance and the month chart (issue 23)', () => {
  it('every row shows what left the wallet (amount and fee): rows, chart and balance agree to the pesewa', async () => {
    const user = await transferUser(t.app, t.database.db, { cedis: 1235 });
    for (const amount of [200, 333.33]) {
      const beneficiaryId = await addMobileBeneficiary(t.database.db, user.userId, newPhone());
      const quote = await quoteFor(t.app, user, beneficiaryId, amount);
      expect((await payNow(t.app, user, quote.guidId)).statusCode).toBe(200);
    }
    await t.app.wallet.worker.runOnce();
    expect((await postMoney(t.app, user, apiPaths.withdrawal, bankWithdrawalBody(user, 10))).statusCode).toBe(
      200,
    );
    await t.app.wallet.worker.runOnce();

    const rows = await history(t.app, user);
    const signed = rows
      .filter((row) => row.status !== 'Failed')
      .map((row) => {
        const moved = apiAmountToMinor(row.amount) + apiAmountToMinor(row.fee);
        return row.actionType === 'Credit' ? moved : -moved;
      });
    const balance = apiAmountToMinor(await walletAmount(t.app, user));
    expect(signed.reduce((sum, minor) => sum + minor, 0)).toBe(balance);
    // 1235 - (200 + 2) - (333.33 + 3.33) - 10.
    expect(balance).toBe(68634);
    const transfer = rows.find((row) => row.kind === 'momo_transfer' && row.amount === 200);
    expect(transfer).toMatchObject({ amount: 200, fee: 2, actionType: 'Debit' });

    const month = await get<MonthSummary>(user, apiPaths.monthSummary, { month: thisMonth() });
    const outOfRows = -signed.filter((minor) => minor < 0).reduce((sum, minor) => sum + minor, 0);
    expect({ in: month.inMinor, out: month.outMinor }).toEqual({
      in: signed.filter((minor) => minor > 0).reduce((sum, minor) => sum + minor, 0),
      out: outOfRows,
    });

    const transfers = await get<TransactionHistoryRow[]>(user, apiPaths.transactionHistory);
    const paid = transfers.map((row) => apiAmountToMinor(row.sendAmount) + apiAmountToMinor(row.fee));
    expect(paid.sort((a, b) => a - b)).toEqual([20200, 33666]);
  });
});
