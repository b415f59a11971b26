import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { queryRows } from '../../src/server/db/sql';
import type { CardCollection } from '../../src/server/providers/provider';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope } from '../support/server-helpers';
import {
  bankWithdrawalBody,
  cardBody,
  DECLINED_CARD,
  fundWallet,
  history,
  momoTopUpBody,
  momoWithdrawalBody,
  newKey,
  operation,
  postMoney,
  resultOf,
  walletAmount,
  walletUser,
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
const messageIdOf = (response: Parameters<typeof envelope>[0]) =>
  envelope<ErrorData>(response).data.messageId;

describe('Idempotency-Key', () => {
  it('is required on every money-moving POST (1 to 128 printable characters)', async () => {
    const u = await user();
    for (const key of [null, '', 'k'.repeat(129), 'has space']) {
      const response = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 10), key);
      expect(response.statusCode, String(key)).toBe(400);
      expect(messageIdOf(response)).toBe('idempotency.keyRequired');
    }
    expect(await history(t.app, u)).toEqual([]);
  });

  it('a repeat returns the first answer (status and body) and moves the money once', async () => {
    const u = await user();
    const key = newKey();
    const first = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 25), key);
    const again = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 25), key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await walletAmount(t.app, u)).toBe(25);
    expect(await history(t.app, u)).toHaveLength(1);
  });

  it('the body is compared by content, not by key order', async () => {
    const u = await user();
    const key = newKey();
    const body = cardBody(u, 15);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await postMoney(t.app, u, apiPaths.cardTopUp, body, key);
    const again = await postMoney(t.app, u, apiPaths.cardTopUp, reordered, key);
    expect(again.json()).toEqual(first.json());
  });

  it('a declined card replays its 402, and nothing moves', async () => {
    const u = await user();
    const key = newKey();
    const body = cardBody(u, 30, { cardNumber: DECLINED_CARD });
    const first = await postMoney(t.app, u, apiPaths.cardTopUp, body, key);
    const again = await postMoney(t.app, u, apiPaths.cardTopUp, body, key);
    expect([first.statusCode, again.statusCode]).toEqual([402, 402]);
    expect(again.json()).toEqual(first.json());
    expect(await history(t.app, u)).toHaveLength(1);
  });

  it('the same key with another body, or on another path, is a 409 idempotency.conflict', async () => {
    const u = await user();
    const key = newKey();
    await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 10), key);
    const otherAmount = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 11), key);
    expect(otherAmount.statusCode).toBe(409);
    expect(messageIdOf(otherAmount)).toBe('idempotency.conflict');
    const otherPath = await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 10), key);
    expect(otherPath.statusCode).toBe(409);
    expect(await walletAmount(t.app, u)).toBe(10);
  });

  it('keys belong to their user: two users may use the same one', async () => {
    const [a, b] = [await user(), await user()];
    const key = newKey();
    expect((await postMoney(t.app, a, apiPaths.cardTopUp, cardBody(a, 10), key)).statusCode).toBe(200);
    expect((await postMoney(t.app, b, apiPaths.cardTopUp, cardBody(b, 12), key)).statusCode).toBe(200);
    expect([await walletAmount(t.app, a), await walletAmount(t.app, b)]).toEqual([10, 12]);
  });

  it('a repeated withdrawal replays its hold even when the wallet could not cover it again', async () => {
    const u = await user();
    await fundWallet(t.app, u, 50);
    const key = newKey();
    const first = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 40), key);
    const again = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 40), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await walletAmount(t.app, u)).toBe(10);
  });

  it('a MoMo request replays its 202 even after it was approved', async () => {
    const u = await user();
    const key = newKey();
    const first = await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 20), key);
    await t.app.wallet.worker.runOnce();
    const again = await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 20), key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect((await operation(t.app, u, resultOf(first).referenceNumber)).status).toBe('Successful');
    expect(await walletAmount(t.app, u)).toBe(20);
  });

  it('a refused withdrawal (insufficient funds) replays its 400 even after the wallet could cover it', async () => {
    const u = await user();
    await fundWallet(t.app, u, 10);
    const key = newKey();
    const first = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30), key);
    expect(first.statusCode, first.body).toBe(400);
    expect(messageIdOf(first)).toBe('withdrawal.insufficientFunds');
    await fundWallet(t.app, u, 50);
    const again = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30), key);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()).toEqual(first.json());
    // The refusal is the key's answer: another body with it is still a conflict, and nothing was held.
    const other = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 31), key);
    expect(other.statusCode).toBe(409);
    expect(await walletAmount(t.app, u)).toBe(60);
    expect((await history(t.app, u)).filter((row) => row.actionType === 'Debit')).toEqual([]);
    const [row] = await queryRows<{ operation_id: unknown; response_status: number | null }>(
      t.database.db,
      sql`select operation_id, response_status from idempotency_keys where user_id = ${u.userId} and key = ${key}`,
    );
    expect(row).toEqual({ operation_id: null, response_status: 400 });
  });

  it('concurrent copies of one withdrawal answer alike while a top-up makes the wallet sufficient', async () => {
    // On PostgreSQL the copies, the top-up and their commits interleave; each round staggers them differently.
    const rounds = 12;
    for (let round = 0; round < rounds; round += 1) {
      const u = await user();
      await fundWallet(t.app, u, 20);
      const key = newKey();
      const copy = () => postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30), key);
      const stagger = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The top-up takes a few milliseconds: some copies start before it commits, some after.
      const [topUp, ...copies] = await Promise.all([
        postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 15)),
        copy(),
        stagger(round).then(copy),
        stagger(2 * round).then(copy),
        stagger(3 * round).then(copy),
      ]);
      expect(topUp?.statusCode, topUp?.body).toBe(200);
      const [first, ...others] = copies;
      if (!first) throw new Error('no copies');
      expect([200, 400], first.body).toContain(first.statusCode);
      for (const other of others) {
        expect({ status: other.statusCode, body: other.json() as unknown }, `round ${round}`).toEqual({
          status: first.statusCode,
          body: first.json() as unknown,
        });
      }
      // A later repeat replays the same answer, and the money moved at most once.
      const later = await copy();
      expect(later.json()).toEqual(first.json());
      expect(await walletAmount(t.app, u)).toBe(first.statusCode === 200 ? 5 : 35);
      expect((await history(t.app, u)).filter((row) => row.actionType === 'Debit')).toHaveLength(
        first.statusCode === 200 ? 1 : 0,
      );
    }
  });

  it('concurrent requests with one key create one operation and all get its answer', async () => {
    const u = await user();
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 35), key)),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(responses[0]?.json());
    }
    expect(await walletAmount(t.app, u)).toBe(35);
    expect(await history(t.app, u)).toHaveLength(1);
  });
});

describe('a repeat of a request that died without an answer resumes it', () => {
  const withCardCall = async (
    replacement: (
      original: (request: CardCollection) => Promise<unknown>,
      request: CardCollection,
    ) => Promise<never>,
    run: () => Promise<void>,
  ) => {
    const provider = t.app.wallet.provider;
    const original = provider.collectCard.bind(provider);
    provider.collectCard = (request) => replacement(original, request);
    try {
      await run();
    } finally {
      provider.collectCard = original;
    }
  };

  it('the provider took the payment but the answer was lost: the repeat finds it and credits it once', async () => {
    const u = await user();
    const key = newKey();
    await withCardCall(
      async (original, request) => {
        await original(request);
        throw new Error('connection reset');
      },
      async () => {
        const first = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
        expect(first.statusCode).toBe(200);
        expect(resultOf(first)).toMatchObject({ status: 'pending', walletAmount: 0 });
      },
    );
    const again = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(resultOf(again)).toMatchObject({ status: 'pending' });
    // The repeat asks the provider once the operation is old enough to tell a dead request from a slow one.
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(await walletAmount(t.app, u)).toBe(45);
    const third = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
    expect(third.json()).toEqual(again.json());
    expect(await walletAmount(t.app, u)).toBe(45);
  });

  it('the provider never got it: the worker cancels the reference (a late call fails) and nothing is credited', async () => {
    const u = await user();
    const key = newKey();
    let lost: CardCollection | undefined;
    await withCardCall(
      async (_original, request) => {
        lost = request;
        throw new Error('connection refused');
      },
      async () => {
        expect((await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key)).statusCode).toBe(200);
      },
    );
    await t.app.wallet.worker.runOnce({ minAgeMs: 0, unknownAfterMs: 0 });
    const again = await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 45), key);
    expect(resultOf(again)).toMatchObject({ status: 'pending', walletAmount: 0 });
    if (!lost) throw new Error('the provider was not called');
    expect(await t.app.wallet.provider.collectCard(lost)).toEqual({ status: 'failed', reason: 'cancelled' });
    expect(await walletAmount(t.app, u)).toBe(0);
  });

  it('a repeat of a withdrawal whose request died before the provider replays 200 pending and releases the hold', async () => {
    const u = await user();
    await fundWallet(t.app, u, 40);
    const key = newKey();
    const provider = t.app.wallet.provider;
    const original = provider.disburseMomo.bind(provider);
    provider.disburseMomo = () => Promise.reject(new Error('process crashed'));
    try {
      const response = await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 40), key);
      expect(resultOf(response)).toMatchObject({ status: 'pending', walletAmount: 0 });
    } finally {
      provider.disburseMomo = original;
    }
    const soon = await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 40), key);
    expect(soon.statusCode, soon.body).toBe(200);
    const { referenceNumber, status, walletAmount: afterHold } = resultOf(soon);
    expect([status, afterHold]).toEqual(['pending', 0]);
    // Too young to tell a dead request from a slow one: still held.
    expect((await operation(t.app, u, referenceNumber)).status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const later = await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 40), key);
    expect(later.json()).toEqual(soon.json());
    // The provider never got it: cancelled there (a late call fails), the operation failed, the hold released.
    expect(
      await provider.disburseMomo({
        reference: referenceNumber,
        amountMinor: 4000,
        phone: '0241234567',
        network: 'MTN',
        currency: 'GHS',
        payoutMinor: 4000,
      }),
    ).toEqual({
      status: 'failed',
      reason: 'cancelled',
    });
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'withdrawal.payoutFailed',
    });
    expect(await walletAmount(t.app, u)).toBe(40);
  });

  it('the worker resolves what nobody retries: a dead withdrawal request releases its hold', async () => {
    const u = await user();
    await fundWallet(t.app, u, 60);
    const provider = t.app.wallet.provider;
    const original = provider.disburseBank.bind(provider);
    provider.disburseBank = () => Promise.reject(new Error('process crashed'));
    try {
      const response = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 60));
      expect(resultOf(response)).toMatchObject({ status: 'pending', walletAmount: 0 });
    } finally {
      provider.disburseBank = original;
    }
    expect(await walletAmount(t.app, u)).toBe(0);
    await t.app.wallet.worker.runOnce({ minAgeMs: 0 });
    expect(await walletAmount(t.app, u)).toBe(0);
    await t.app.wallet.worker.runOnce({ minAgeMs: 0, unknownAfterMs: 0 });
    expect(await walletAmount(t.app, u)).toBe(60);
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({ status: 'Failed', failureMessageId: 'withdrawal.payoutFailed' });
    // Its answer was stored with the operation (200 pending: accepted, money held); the key still replays it.
    const [key] = await queryRows<{
      response_status: number | null;
      response_body: { data?: { status?: string } };
    }>(
      t.database.db,
      sql`select response_status, response_body from idempotency_keys where user_id = ${u.userId} and operation_id is not null order by created_at desc limit 1`,
    );
    expect(key?.response_status).toBe(200);
    expect(key?.response_body.data?.status).toBe('pending');
  });
});
