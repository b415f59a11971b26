import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingFee } from '../../src/domain/fees';
import { registerUser } from '../support/server-helpers';
import { expectLedgerInvariants, ledgerTotal } from '../support/server-wallet-invariants';
import { accountTotal, fundWallet, keyFor, refusal, walletOf } from '../support/server-wallet-ledger';
import { monitoringOff } from '../support/server-monitoring-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Opposite transfers between the same two wallets, all at once. On PostgreSQL (TEST_DATABASE_URL) they run on
 * separate connections and really race: each locks both wallets in user id order first, so none waits on a lock
 * the other holds (no deadlock), and every pesewa is accounted for. On PGlite they run one after another.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Bursts and the limits' edges are what the monitoring rules hold; they have their own tests.
  await monitoringOff(t.database.db);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

const transfer = (from: number, to: number, amountMinor: number) =>
  t.app.wallet.service.pay({
    idempotency: keyFor(from),
    draft: {
      kind: 'wallet_transfer',
      amountMinor,
      counterparty: { rail: 'wallet', label: `user ${to}`, userId: to },
    },
    insufficientFunds: refusal,
  });

describe('transfers between two wallets racing each other', () => {
  it('neither deadlock nor lose a pesewa, with the fee of each in revenue:fees', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await fundWallet(db(), a, 100_000);
    await fundWallet(db(), b, 100_000);
    const feesBefore = await accountTotal(db(), 'revenue:fees');
    const rounds = 30;
    const answers = await Promise.all(
      Array.from({ length: rounds * 2 }, (_, index) =>
        index % 2 ? transfer(a, b, 700) : transfer(b, a, 300),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const feeAb = processingFee(700);
    const feeBa = processingFee(300);
    expect(await walletOf(db(), a)).toEqual({
      balanceMinor: 100_000 - rounds * (700 + feeAb) + rounds * 300,
      heldMinor: 0,
    });
    expect(await walletOf(db(), b)).toEqual({
      balanceMinor: 100_000 - rounds * (300 + feeBa) + rounds * 700,
      heldMinor: 0,
    });
    expect(await accountTotal(db(), 'revenue:fees')).toBe(feesBefore + rounds * (feeAb + feeBa));
    expect(await ledgerTotal(db())).toBe(0);
    await expectLedgerInvariants(db());
  });

  it('racing transfers that together overdraw a wallet: some are refused, none goes below zero', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await fundWallet(db(), a, 5_000);
    await fundWallet(db(), b, 5_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? transfer(a, b, 900) : transfer(b, a, 100))),
    );
    const accepted = (from: number) =>
      answers.filter((answer, index) => answer.statusCode === 200 && (index % 2 ? a : b) === from).length;
    expect(answers.some((answer) => answer.statusCode === 400)).toBe(true);
    const wallets = [await walletOf(db(), a), await walletOf(db(), b)];
    expect(wallets[0]?.balanceMinor).toBe(5_000 - accepted(a) * 909 + accepted(b) * 100);
    expect(wallets[1]?.balanceMinor).toBe(5_000 - accepted(b) * 101 + accepted(a) * 900);
    for (const wallet of wallets) expect(wallet.balanceMinor).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariants(db());
  });
});
