import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletOperationResult } from '../../src/contract/wallet';
import {
  addMobileBeneficiary,
  newPhone,
  payNow,
  quoteFor,
  transferUser,
  verifyPhone,
} from '../support/server-transfer-fixtures';
import { walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { walletOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * 30 PayNow at once, each on its own cart, that together cost more than the wallet holds. On PostgreSQL
 * (TEST_DATABASE_URL) they race on separate connections: the hold's conditional UPDATE (payouts) and the wallets'
 * CHECK (on-us transfers) decide under the wallet row lock, so exactly as many are paid as the balance covers, and
 * the wallet never goes below zero. On PGlite they run one after another, with the same outcome.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const CARTS = 30;

/** GH₵ 1,000 in the wallet; 30 carts of GH₵ 100 (+ 1.00 fee): 9 are affordable (909), 21 are not. */
const race = async (onUsShare: number) => {
  const sender = await transferUser(t.app, db(), { cedis: 1_000 });
  const receiver = await transferUser(t.app, db());
  const phone = newPhone();
  await verifyPhone(db(), receiver.userId, phone);
  const onUs = await addMobileBeneficiary(db(), sender.userId, phone);
  const payout = await addMobileBeneficiary(db(), sender.userId, newPhone());
  const carts = [];
  for (let index = 0; index < CARTS; index += 1) {
    carts.push(await quoteFor(t.app, sender, index < onUsShare ? onUs : payout, 100));
  }
  const answers = await Promise.all(carts.map((cart) => payNow(t.app, sender, cart.guidId)));
  const accepted = answers.filter((answer) => answer.statusCode === 200);
  const refused = answers.filter((answer) => answer.statusCode !== 200);
  expect(accepted).toHaveLength(9);
  for (const answer of refused) {
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { data: { messageId: string } }).data.messageId).toBe('walletPayment.notEnough');
  }
  for (const answer of accepted) {
    expect((answer.json() as { data: WalletOperationResult }).data.walletAmount).toBeGreaterThanOrEqual(0);
  }
  const wallet = await walletOf(db(), sender.userId);
  expect(wallet.balanceMinor - wallet.heldMinor).toBe(100_000 - 9 * 10_100);
  await t.app.wallet.worker.runOnce();
  expect(await walletAmount(t.app, sender)).toBe(91);
  const paidOnUs = accepted.filter(
    (answer) => (answer.json() as { data: WalletOperationResult }).data.status === 'Successful',
  ).length;
  expect(await walletAmount(t.app, receiver)).toBe(paidOnUs * 100);
  await expectLedgerInvariants(db());
};

describe('30 parallel PayNow on carts that together exceed the balance', () => {
  it('payouts through the rail: exactly the affordable ones are held and paid, the rest refused', async () => {
    await race(0);
  });

  it('on-us transfers: exactly the affordable ones move, the wallet never below zero', async () => {
    await race(CARTS);
  });

  it('both at once', async () => {
    await race(CARTS / 2);
  });
});
