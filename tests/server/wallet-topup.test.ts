import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { domainMessages } from '../../src/domain/messages';
import type { ErrorData } from '../../src/contract/envelope';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope } from '../support/server-helpers';
import {
  bankTopUpBody,
  cardBody,
  DECLINED_CARD,
  history,
  INSUFFICIENT_CARD,
  momoTopUpBody,
  operation,
  postMoney,
  resultOf,
  walletAmount,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const user = () => walletUser(t.app, t.database.db);
const errorOf = (response: { statusCode: number; body: string; json: () => unknown }) =>
  envelope<ErrorData>(response as never);

describe('card top-up (POST api/User/AddFundsToWallet)', () => {
  it('credits an approved card at once and says so in the history', async () => {
    const u = await user();
    const response = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 150));
    expect(response.statusCode, response.body).toBe(200);
    const result = resultOf(response);
    expect(result).toMatchObject({
      status: 'Successful',
      amount: 150,
      walletAmount: 150,
      failureMessageId: null,
    });
    expect(result.referenceNumber).toMatch(/^WT\d{8}[0-9A-Z]{12}$/);
    expect(envelope(response).message).toBe(domainMessages['topUp.recharged']);
    expect(await walletAmount(t.app, u)).toBe(150);
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({
      amount: 150,
      actionType: 'Credit',
      description: 'Top-up by card (Visa •••• 4242)',
      counterparty: 'Visa •••• 4242',
      kind: 'card_top_up',
      status: 'Successful',
      referenceNumber: result.referenceNumber,
    });
  });

  it.each([
    [DECLINED_CARD, 'card.declined'],
    [INSUFFICIENT_CARD, 'card.insufficientFunds'],
  ] as const)(
    'card %s is refused with 402 %s, recorded as Failed, and nothing moves',
    async (cardNumber, messageId) => {
      const u = await user();
      const response = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 50, { cardNumber }));
      expect(response.statusCode).toBe(402);
      expect(errorOf(response).data.messageId).toBe(messageId);
      expect(errorOf(response).message).toBe(domainMessages[messageId]);
      expect(await walletAmount(t.app, u)).toBe(0);
      const [row] = await history(t.app, u);
      expect(row).toMatchObject({ status: 'Failed', failureMessageId: messageId, amount: 50 });
    },
  );

  it('accepts the number in groups of four and keeps only brand and last four', async () => {
    const u = await user();
    const response = await postMoney(
      t.app,
      u,
      apiPaths.cardTopUp,
      cardBody(u, 10, { cardNumber: '5555 5555 5555 4444' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await history(t.app, u);
    expect(row?.description).toBe('Top-up by card (Mastercard •••• 4444)');
    const stored = JSON.stringify(await t.database.db.execute('select * from wallet_operations' as never));
    expect(stored).not.toContain('5555555555554444');
  });

  const past = new Date().getUTCFullYear() - 1;
  it.each([
    [{ firstName: '' }, 'card.allFields'],
    [{ firstName: 'Ama1' }, 'card.firstName.letters'],
    [{ lastName: 'M'.repeat(31) }, 'card.lastName.tooLong'],
    [{ cardNumber: '4242424242424241' }, 'card.number'],
    [{ cardNumber: '424242424242' }, 'card.number'],
    [{ expiryMonth: 13 }, 'card.expiryMonth'],
    [{ expiryYear: past }, 'card.expired'],
    [{ cvv: '12' }, 'card.cvc'],
    [{ amount: 10.5 }, 'card.amount'],
    [{ amount: 0 }, 'card.amount'],
    [{ amount: 100_001 }, 'amount.limit'],
  ])('%o is a 400 with %s', async (overrides, messageId) => {
    const u = await user();
    const response = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 20, overrides));
    expect(response.statusCode, response.body).toBe(400);
    const body = errorOf(response);
    expect(body.data.violations?.map((violation) => violation.messageId)).toContain(messageId);
    expect(body.data.violations?.[0]?.message).toBe(body.message);
    expect(await history(t.app, u)).toEqual([]);
  });
});

describe('bank top-up (POST api/User/AddBanksFundsToWallet)', () => {
  it('credits at once and names the bank and the last four digits', async () => {
    const u = await user();
    const response = await postMoney(t.app, u, apiPaths.bankTopUp, bankTopUpBody(u, 75.25));
    expect(response.statusCode, response.body).toBe(200);
    expect(resultOf(response)).toMatchObject({ status: 'Successful', walletAmount: 75.25 });
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({
      description: 'Top-up by bank (GCB Bank •••• 6789)',
      counterparty: 'GCB Bank •••• 6789',
    });
  });

  it('an account ending 000001 fails with 402 topUp.bankFailed and moves nothing', async () => {
    const u = await user();
    const response = await postMoney(
      t.app,
      u,
      apiPaths.bankTopUp,
      bankTopUpBody(u, 40, { bankAccountNumber: '1234000001' }),
    );
    expect(response.statusCode).toBe(402);
    expect(errorOf(response).data.messageId).toBe('topUp.bankFailed');
    expect(await walletAmount(t.app, u)).toBe(0);
  });

  it.each([
    [{ bankAccountNumber: '12345abc90' }, 'bankTopUp.accountCharacters'],
    [{ bankId: 0 }, 'bankTopUp.required'],
    [{ bankAccountNumber: '' }, 'bankTopUp.required'],
    [{ bankAccountNumber: '123456789' }, 'bankTopUp.accountLength'],
    [{ bankAccountNumber: '1234567890123456' }, 'bankTopUp.accountTooLong'],
    [{ amount: 0 }, 'momoTopUp.amount'],
    [{ amount: 200_000 }, 'amount.limit'],
    [{ bankId: 9999 }, 'bank.unknown'],
  ])('%o is a 400 with %s', async (overrides, messageId) => {
    const u = await user();
    const response = await postMoney(t.app, u, apiPaths.bankTopUp, bankTopUpBody(u, 20, overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).data.violations?.map((violation) => violation.messageId)).toContain(messageId);
  });

  it.each([
    ['123456789', 'Please Enter valid account number.'],
    ['1234567890123456', 'Please enter valid account number.'],
  ])('an account number of %s answers the spec’s words: %s', async (bankAccountNumber, text) => {
    const u = await user();
    const response = await postMoney(
      t.app,
      u,
      apiPaths.bankTopUp,
      bankTopUpBody(u, 20, { bankAccountNumber }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(envelope(response).message).toBe(text);
  });
});

describe('MoMo top-up (POST api/User/AddMOMOFundsToWallet)', () => {
  const requestMomo = async (u: WalletUser, phone: string, amount = 60) => {
    const response = await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, amount, phone));
    expect(response.statusCode, response.body).toBe(202);
    const result = resultOf(response);
    expect(result).toMatchObject({ status: 'pending', walletAmount: 0, amount });
    expect(envelope(response).message).toBe(domainMessages['topUp.awaitingApproval']);
    return result;
  };

  it('is pending until the signed callback approves it, then credited', async () => {
    const u = await user();
    const { referenceNumber } = await requestMomo(u, '0241234567');
    expect(await walletAmount(t.app, u)).toBe(0);
    expect((await operation(t.app, u, referenceNumber)).status).toBe('pending');
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 60,
    });
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({ description: 'Top-up by MoMo (MTN •••• 4567)', status: 'Successful' });
  });

  it('a number ending 000001 is rejected by the payer: Failed topUp.momoRejected, nothing credited', async () => {
    const u = await user();
    const { referenceNumber } = await requestMomo(u, '0240000001');
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'topUp.momoRejected',
      walletAmount: 0,
    });
  });

  it('a number ending 000002 never answers and expires as Failed topUp.momoExpired', async () => {
    const u = await user();
    const { referenceNumber } = await requestMomo(u, '0240000002');
    await t.app.wallet.worker.runOnce({ minAgeMs: 0 });
    expect((await operation(t.app, u, referenceNumber)).status).toBe('pending');
    await t.app.wallet.worker.runOnce({ now: new Date(Date.now() + t.config.SANDBOX_MOMO_EXPIRY_MS + 1000) });
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'topUp.momoExpired',
    });
    // The provider was told: the request can no longer be approved.
    expect(await t.app.wallet.provider.status(referenceNumber)).toEqual({
      status: 'failed',
      reason: 'cancelled',
    });
  });

  it('a number ending 000003 is approved but its callback is lost: polling finds it', async () => {
    const u = await user();
    const { referenceNumber } = await requestMomo(u, '0240000003');
    await t.app.wallet.worker.runOnce({ minAgeMs: 60_000 });
    expect((await operation(t.app, u, referenceNumber)).status).toBe('pending');
    await t.app.wallet.worker.runOnce({ minAgeMs: 0 });
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 60,
    });
  });

  it.each([
    [{ amount: 0 }, 'momoTopUp.amount'],
    [{ phone: '02412345' }, 'momoTopUp.phone'],
    [{ phone: '02412345a7' }, 'momoTopUp.phone'],
    [{ provider: 'Vodafone' }, 'momoTopUp.providerUnknown'],
  ])('%o is a 400 with %s', async (overrides, messageId) => {
    const u = await user();
    const response = await postMoney(t.app, u, apiPaths.momoTopUp, { ...momoTopUpBody(u, 20), ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).data.violations?.map((violation) => violation.messageId)).toContain(messageId);
  });
});

describe('operation status (GET api/User/GetWalletOperation)', () => {
  it("answers only the owner's operations; another user's reference is a 404 like an unknown one", async () => {
    const owner = await user();
    const other = await user();
    const response = await postMoney(t.app, owner, apiPaths.cardTopUp, cardBody(owner, 5));
    const { referenceNumber } = envelope<WalletOperationResult>(response).data;
    for (const reference of [referenceNumber, 'WT00000000UNKNOWN']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.walletOperation}?referenceNumber=${reference}`,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer).data.messageId).toBe('operation.notFound');
    }
  });
});
