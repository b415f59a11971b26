import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../src/contract/billing';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { DELIVERY_METHOD_IDS, PAYMENT_METHOD_IDS } from '../../src/domain/cross-border';
import { createSandboxBillerRail, type BillerRail } from '../../src/server/providers/biller-rail';
import type { PaymentProvider } from '../../src/server/providers/provider';
import { postBet, betBody } from '../support/server-betting-fixtures';
import { payBillBody } from '../support/server-billing-fixtures';
import { bearer, envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  payNow,
  quoteFor,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import {
  bankTopUpBody,
  bankWithdrawalBody,
  cardBody,
  momoTopUpBody,
  momoWithdrawalBody,
  newKey,
  operation,
  postMoney,
  walletAmount,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * A provider call that throws once the operation and its Idempotency-Key are recorded: the request answers the
 * pending answer a retry with the key gets (never a 502 the key would contradict), a retry replays it, and the
 * worker finishes the operation from the provider's status (a reference the provider never received is cancelled:
 * failed, its hold released; one it took succeeds).
 */

let t: TestApp;
let billerDown = false;

beforeAll(async () => {
  const sandboxBiller = (db: TestApp['database']['db']): BillerRail =>
    createSandboxBillerRail({ db, decisionMs: 0 });
  let biller: BillerRail | null = null;
  const billerRail: BillerRail = {
    lookup: (request) => (biller as BillerRail).lookup(request),
    pay: (request) => {
      if (billerDown) return Promise.reject(new Error('biller connection reset'));
      return (biller as BillerRail).pay(request);
    },
  };
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 }, { billerRail });
  biller = sandboxBiller(t.database.db);
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

type ProviderCall = keyof Pick<
  PaymentProvider,
  | 'collectCard'
  | 'collectBank'
  | 'requestMomoCollection'
  | 'disburseBank'
  | 'disburseMomo'
  | 'disburseCashPickup'
  | 'creditBettingAccount'
>;

/** Runs `send` while `call` throws (before the provider received anything, or after it took the request). */
const whileThrowing = async (
  call: ProviderCall,
  send: () => Promise<LightMyRequestResponse>,
  { afterTaking = false } = {},
): Promise<LightMyRequestResponse> => {
  const provider = t.app.wallet.provider as unknown as Record<
    ProviderCall,
    (request: unknown) => Promise<unknown>
  >;
  const original = provider[call].bind(provider);
  let calls = 0;
  provider[call] = async (request) => {
    calls += 1;
    if (afterTaking) await original(request);
    throw new Error('connection reset by peer');
  };
  try {
    return await send();
  } finally {
    provider[call] = original;
    expect(calls, call).toBe(1);
  }
};

const pendingOf = (response: LightMyRequestResponse, status = 200): WalletOperationResult => {
  expect(response.statusCode, response.body).toBe(status);
  const result = envelope<WalletOperationResult>(response).data;
  expect(result.status).toBe('pending');
  return result;
};

/** Every pending operation asked about now; a reference the provider never received is cancelled. */
const workerFinishes = () => t.app.wallet.worker.runOnce({ minAgeMs: 0, unknownAfterMs: 0 });

/**
 * The first answer is the stored pending one, a retry replays it byte for byte, and the worker settles the
 * operation as `settled` says.
 */
const expectPendingThenSettled = async (
  user: TransferUser,
  first: LightMyRequestResponse,
  retry: () => Promise<LightMyRequestResponse>,
  settled: 'Successful' | 'Failed',
  status = 200,
) => {
  const { referenceNumber } = pendingOf(first, status);
  const again = await retry();
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  await workerFinishes();
  expect((await operation(t.app, user, referenceNumber)).status).toBe(settled);
  return referenceNumber;
};

describe('a provider call that throws after the operation is recorded', () => {
  it('card top-up: 200 pending, replayed; the worker fails what the provider never got', async () => {
    const u = await transferUser(t.app, db());
    const key = newKey();
    const send = () => postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
    await expectPendingThenSettled(u, await whileThrowing('collectCard', send), send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(0);
  });

  it('card top-up the provider took before the answer was lost: the worker credits it once', async () => {
    const u = await transferUser(t.app, db());
    const key = newKey();
    const send = () => postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
    const first = await whileThrowing('collectCard', send, { afterTaking: true });
    await expectPendingThenSettled(u, first, send, 'Successful');
    expect(await walletAmount(t.app, u)).toBe(45);
  });

  it('bank top-up: 200 pending, replayed, then failed by the worker', async () => {
    const u = await transferUser(t.app, db());
    const key = newKey();
    const send = () => postMoney(t.app, u, apiPaths.bankTopUp, bankTopUpBody(u, 30), key);
    await expectPendingThenSettled(u, await whileThrowing('collectBank', send), send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(0);
  });

  it('MoMo top-up: 202 awaiting approval, replayed, then failed by the worker', async () => {
    const u = await transferUser(t.app, db());
    const key = newKey();
    const send = () => postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 20), key);
    await expectPendingThenSettled(
      u,
      await whileThrowing('requestMomoCollection', send),
      send,
      'Failed',
      202,
    );
  });

  it('withdrawals (bank, MoMo): 200 pending with the money held; the worker releases the hold', async () => {
    const u = await transferUser(t.app, db(), { cedis: 100 });
    for (const [call, body] of [
      ['disburseBank', bankWithdrawalBody(u, 40)],
      ['disburseMomo', momoWithdrawalBody(u, 40)],
    ] as const) {
      const key = newKey();
      const send = () => postMoney(t.app, u, apiPaths.withdrawal, body, key);
      const first = await whileThrowing(call, send);
      expect(envelope<WalletOperationResult>(first).data.walletAmount).toBe(60);
      await expectPendingThenSettled(u, first, send, 'Failed');
      expect(await walletAmount(t.app, u)).toBe(100);
    }
  });

  it('a withdrawal the provider took: the worker posts it', async () => {
    const u = await transferUser(t.app, db(), { cedis: 50 });
    const key = newKey();
    const send = () => postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 50), key);
    const first = await whileThrowing('disburseMomo', send, { afterTaking: true });
    await expectPendingThenSettled(u, first, send, 'Successful');
    expect(await walletAmount(t.app, u)).toBe(0);
  });

  it('PayNow from the wallet to a MoMo beneficiary: the pending answer, replayed; the worker releases the hold', async () => {
    const u = await transferUser(t.app, db(), { cedis: 200 });
    const quote = await quoteFor(t.app, u, await addMobileBeneficiary(db(), u.userId), 50);
    const key = newKey();
    const send = () => payNow(t.app, u, quote.guidId, key);
    await expectPendingThenSettled(u, await whileThrowing('disburseMomo', send), send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(200);
  });

  it('a bank deposit paid from the wallet: the pending answer, then failed by the worker', async () => {
    const u = await transferUser(t.app, db(), { cedis: 2000 });
    // Issue 22: a bank account in Ghana is paid in Ghana, in cedis.
    const quote = await quoteFor(t.app, u, await addBankBeneficiary(db(), u.userId), 100, {
      paymentMethodId: PAYMENT_METHOD_IDS.walletBalance,
      deliveryMethodId: DELIVERY_METHOD_IDS.bankDeposit,
    });
    const key = newKey();
    const send = () => payNow(t.app, u, quote.guidId, key);
    await expectPendingThenSettled(u, await whileThrowing('disburseBank', send), send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(2000);
  });

  it('betting: the pending answer, replayed; the worker releases the hold', async () => {
    const u = await transferUser(t.app, db(), { cedis: 100 });
    const key = newKey();
    const body = betBody(u, 25);
    const send = () => postBet(t.app, u, body, key);
    await expectPendingThenSettled(u, await whileThrowing('creditBettingAccount', send), send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(100);
  });

  it('a bill payment whose biller throws: the pending answer, replayed; the worker releases the hold', async () => {
    const u = await transferUser(t.app, db(), { cedis: 500 });
    const bills = await t.app.inject({
      method: 'GET',
      url: apiPaths.billByReference,
      query: { referenceNumber: '7012345678', subCompanyId: '5' },
      headers: bearer(u.token),
    });
    const bill = envelope<Bill[]>(bills).data[0] as Bill;
    const body = payBillBody(u, bill);
    const key = newKey();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.payBill,
        payload: body,
        headers: { ...bearer(u.token), [IDEMPOTENCY_KEY_HEADER]: key },
      });
    billerDown = true;
    let first: LightMyRequestResponse;
    try {
      first = await send();
    } finally {
      billerDown = false;
    }
    await expectPendingThenSettled(u, first, send, 'Failed');
    expect(await walletAmount(t.app, u)).toBe(500);
  });
});
