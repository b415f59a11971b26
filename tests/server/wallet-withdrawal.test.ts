import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { LogInResponse } from '../../src/contract/user';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope, registerUser } from '../support/server-helpers';
import {
  bankWithdrawalBody,
  fundWallet,
  giveIdentification,
  history,
  momoWithdrawalBody,
  operation,
  postMoney,
  resultOf,
  walletAmount,
  walletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { proves } from '../support/requirements';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const fundedUser = async (amount: number) => {
  const u = await walletUser(t.app, t.database.db);
  await fundWallet(t.app, u, amount);
  return u;
};

describe('withdrawal (POST api/Transaction/WithDrawalMoney)', () => {
  it('holds the amount (available drops at once), then posts it when the bank payout succeeds', async () => {
    const u = await fundedUser(100);
    const response = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30.5));
    expect(response.statusCode, response.body).toBe(200);
    const result = resultOf(response);
    expect(result).toMatchObject({ status: 'pending', amount: 30.5, walletAmount: 69.5 });
    expect(await walletAmount(t.app, u)).toBe(69.5);
    await expectLedgerInvariants(t.database.db);

    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, result.referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 69.5,
    });
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({
      actionType: 'Debit',
      amount: 30.5,
      status: 'Successful',
      description: 'Withdrawal to bank (GCB Bank •••• 6789)',
    });
  });

  it('a failed payout (account ending 000001) releases the hold: Failed withdrawal.payoutFailed, balance back', async () => {
    const u = await fundedUser(100);
    const response = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 40, '9876000001'));
    const result = resultOf(response);
    expect(result.walletAmount).toBe(60);
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, result.referenceNumber)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'withdrawal.payoutFailed',
      walletAmount: 100,
    });
    expect(await walletAmount(t.app, u)).toBe(100);
  });

  it('pays out to MoMo; a number ending 000001 fails and is released', async () => {
    const u = await fundedUser(50);
    const ok = resultOf(await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 20)));
    const failed = resultOf(
      await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 10, '0240000001')),
    );
    expect(failed.walletAmount).toBe(20);
    await t.app.wallet.worker.runOnce();
    expect((await operation(t.app, u, ok.referenceNumber)).status).toBe('Successful');
    expect((await operation(t.app, u, failed.referenceNumber)).status).toBe('Failed');
    expect(await walletAmount(t.app, u)).toBe(30);
    const rows = await history(t.app, u);
    expect(rows.map((row) => row.description)).toContain('Withdrawal to MoMo (MTN •••• 4567)');
  });

  it('more than the available balance is a 400 withdrawal.insufficientFunds (holds count as spent)', async () => {
    const u = await fundedUser(100);
    resultOf(await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 80)));
    const response = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 20.01));
    expect(response.statusCode, response.body).toBe(400);
    const body = envelope<ErrorData>(response);
    expect(body.data.messageId).toBe('withdrawal.insufficientFunds');
    expect(body.data.violations).toEqual([
      { field: 'amount', messageId: 'withdrawal.insufficientFunds', message: 'Insufficient funds' },
    ]);
    expect(await walletAmount(t.app, u)).toBe(20);
    expect((await history(t.app, u)).filter((row) => row.actionType === 'Debit')).toHaveLength(1);
  });

  it('the login answer and GetWalletAmountByUserId report the available balance (balance less holds)', async () => {
    const registered = await registerUser(t.app);
    const loggedIn = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.logIn,
        payload: { email: registered.input.email, password: registered.input.createPassword },
      });
      return envelope<LogInResponse>(response).data;
    };
    const { token } = await loggedIn();
    await giveIdentification(t.database.db, registered.userId);
    const u = { userId: registered.userId, token };
    await fundWallet(t.app, u, 90);
    resultOf(await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 25)));
    expect((await loggedIn()).userDetails.walletAmount).toBe(65);
    expect(await walletAmount(t.app, u)).toBe(65);
  });

  it.each([
    [{ amount: 0 }, false, 'withdrawal.amount'],
    [{ bankAccountNumber: '' }, false, 'withdrawal.required'],
    [{ bankId: 0 }, false, 'withdrawal.required'],
    [{ bankAccountNumber: '12345' }, false, 'withdrawal.account'],
    [{ bankAccountNumber: '12345abcde' }, false, 'withdrawal.account'],
    [{ bankId: 9999 }, false, 'bank.unknown'],
    [{ amount: 100_000.01 }, false, 'amount.limit'],
    [{ momoMobileNumber: '' }, true, 'withdrawal.required'],
    [{ momoMobileNumber: '02412345' }, true, 'withdrawal.phone'],
    [{ provider: 'Vodafone' }, true, 'momoTopUp.providerUnknown'],
    [{ amount: 1000 }, true, 'withdrawal.insufficientFunds'],
    [{ amount: 0.99 }, false, 'withdrawal.bankBelowMinimum'],
    [{ amount: 9.99 }, true, 'withdrawal.momoBelowMinimum'],
  ])('%o (MoMo: %s) is a 400 with %s', async (overrides, momo, messageId) => {
    const u = await fundedUser(10);
    const base = momo ? momoWithdrawalBody(u, 10) : bankWithdrawalBody(u, 5);
    const response = await postMoney(t.app, u, apiPaths.withdrawal, { ...base, ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(envelope<ErrorData>(response).data.violations?.map((violation) => violation.messageId)).toContain(
      messageId,
    );
    expect(await walletAmount(t.app, u)).toBe(10);
  });

  it('holds the forms’ floors (issue 21): under GH₵ 1 to a bank, under GH₵ 10 to MoMo, and nothing moves', async () => {
    const u = await fundedUser(20);
    for (const [body, messageId, message] of [
      [
        bankWithdrawalBody(u, 0.01),
        'withdrawal.bankBelowMinimum',
        'The smallest amount you can withdraw to a bank is GH₵ 1.00.',
      ],
      [
        momoWithdrawalBody(u, 0.01),
        'withdrawal.momoBelowMinimum',
        'The smallest amount you can withdraw to MoMo is GH₵ 10.00.',
      ],
      [
        momoWithdrawalBody(u, 9.99),
        'withdrawal.momoBelowMinimum',
        'The smallest amount you can withdraw to MoMo is GH₵ 10.00.',
      ],
    ] as const) {
      const response = await postMoney(t.app, u, apiPaths.withdrawal, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(envelope<ErrorData>(response).data.violations).toEqual([
        { field: 'amount', messageId, message },
      ]);
    }
    expect(await walletAmount(t.app, u)).toBe(20);
    expect(await history(t.app, u)).toHaveLength(1);
    resultOf(await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 1)));
    resultOf(await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 10)));
    expect(await walletAmount(t.app, u)).toBe(9);
  });

  it('reports every broken rule in the spec order, the balance one included', async () => {
    const u = await fundedUser(10);
    const response = await postMoney(t.app, u, apiPaths.withdrawal, {
      ...momoWithdrawalBody(u, 50),
      momoMobileNumber: '0241',
    });
    expect(envelope<ErrorData>(response).data.violations?.map((violation) => violation.messageId)).toEqual([
      'withdrawal.insufficientFunds',
      'withdrawal.phone',
    ]);
  });

  it('concurrent withdrawals never hold more than the wallet has', async () => {
    const u = await fundedUser(100);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30))),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 400, 400]);
    expect(await walletAmount(t.app, u)).toBe(10);
    await t.app.wallet.worker.runOnce();
    expect(await walletAmount(t.app, u)).toBe(10);
    await expectLedgerInvariants(t.database.db);
  });
});

describe('identity gate and BOLA', () => {
  it(
    proves(
      ['C.limit.7', 'S5.transfer.7'],
      'every money-moving POST answers 403 identity.required without an identification',
    ),
    async () => {
      const u = await walletUser(t.app, t.database.db, false);
      for (const [url, payload] of [
        [apiPaths.cardTopUp, { userId: u.userId, amount: 1 }],
        [apiPaths.bankTopUp, { userId: u.userId }],
        [apiPaths.momoTopUp, { userId: u.userId }],
        [apiPaths.withdrawal, bankWithdrawalBody(u, 1)],
      ] as const) {
        const response = await postMoney(t.app, u, url, payload);
        expect(response.statusCode, url).toBe(403);
        expect(envelope<ErrorData>(response).data.messageId).toBe('identity.required');
      }
      expect(await history(t.app, u)).toEqual([]);
    },
  );

  it("another user's userId in the body or query is a 403, and nothing moves", async () => {
    const victim = await fundedUser(100);
    const attacker = await walletUser(t.app, t.database.db);
    const response = await postMoney(t.app, attacker, apiPaths.withdrawal, bankWithdrawalBody(victim, 50));
    expect(response.statusCode).toBe(403);
    expect(envelope<ErrorData>(response).data.messageId).toBe('auth.forbidden');
    for (const url of [apiPaths.walletHistory, apiPaths.walletAmount]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `${url}?userId=${victim.userId}`,
        headers: { authorization: `Bearer ${attacker.token}` },
      });
      expect(read.statusCode, url).toBe(403);
    }
    expect(await walletAmount(t.app, victim)).toBe(100);
  });

  it('without a token every wallet route is a 401', async () => {
    for (const [method, url] of [
      ['POST', apiPaths.cardTopUp],
      ['POST', apiPaths.withdrawal],
      ['GET', `${apiPaths.walletHistory}?userId=1`],
      ['GET', `${apiPaths.walletOperation}?referenceNumber=WT1`],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('wallet history (GET api/User/GetWalletHistoryByUserId)', () => {
  it('lists every operation newest first with its fields, pending and failed ones included', async () => {
    const u = await fundedUser(100);
    const withdrawal = resultOf(await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 10)));
    await postMoney(t.app, u, apiPaths.cardTopUp, {
      userId: u.userId,
      amount: 5,
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: '4000000000000002',
      cvv: '123',
      expiryMonth: 1,
      expiryYear: 2099,
    });
    const rows = await history(t.app, u);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['card_top_up', 'Failed'],
      ['bank_withdrawal', 'pending'],
      ['card_top_up', 'Successful'],
    ]);
    const dates = rows.map((row) => Date.parse(row.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      amount: 10,
      fee: 0,
      actionType: 'Debit',
      description: 'Withdrawal to bank (GCB Bank •••• 6789)',
      kind: 'bank_withdrawal',
      counterparty: 'GCB Bank •••• 6789',
      status: 'pending',
      failureMessageId: null,
      referenceNumber: withdrawal.referenceNumber,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(rows[0]).toMatchObject({ failureMessageId: 'card.declined', actionType: 'Credit' });
  });
});
