import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingFee } from '../../src/domain/fees';
import { queryRows } from '../../src/server/db/sql';
import { assetOf } from '../../src/server/ledger/accounts';
import { CounterpartyMismatchError } from '../../src/server/ledger/errors';
import { operationKinds } from '../../src/server/ledger/kinds';
import type { Counterparty } from '../../src/server/ledger/counterparty';
import type { OperationKindName } from '../../src/server/ledger/kinds';
import type { WalletService } from '../../src/server/ledger/wallet-service';
import type { ProviderOutcome } from '../../src/server/providers/provider';
import { registerUser, type RegisteredUser } from '../support/server-helpers';
import {
  accountTotal,
  entriesOf,
  fundWallet,
  keyFor,
  referenceOf,
  refusal,
  walletOf,
} from '../support/server-wallet-ledger';
import { expectLedgerInvariants, ledgerTotal } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';
import { sportybetCounterparty } from '../support/server-betting-fixtures';
import { proves } from '../support/requirements';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const service = (): WalletService => t.app.wallet.service;

const senders = new Map<number, RegisteredUser>();

const fundedUser = async (amountMinor: number) => {
  const registered = await registerUser(t.app, { middleName: '' });
  senders.set(registered.userId, registered);
  await fundWallet(db(), registered.userId, amountMinor);
  return registered.userId;
};

/** A user's receiving rows (transfers between wallets seen from the receiver). */
const receivingRows = (userId: number) =>
  queryRows<Record<string, unknown>>(
    db(),
    sql`select reference_number, kind, direction, status, amount_minor::int as amount, counterparty
        from wallet_operations where user_id = ${userId} and kind = 'wallet_transfer_received'`,
  );

const pending: () => Promise<ProviderOutcome> = async () => ({ status: 'pending' });

/** A kind followed by its provider: created (held), then the provider's callback decides it. */
const heldThenDecided = async (
  userId: number,
  kind: OperationKindName,
  amountMinor: number,
  counterparty: Counterparty,
  decided: 'succeeded' | 'failed',
) => {
  const answer = await service().move({
    idempotency: keyFor(userId),
    draft: { kind, amountMinor, counterparty },
    callProvider: pending,
    insufficientFunds: refusal,
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  const reference = referenceOf(answer);
  const whileHeld = await walletOf(db(), userId);
  const outcome = await service().applyEvent({
    eventId: `e-${reference}`,
    reference,
    status: decided,
    ...(decided === 'failed' ? { reason: 'account_failed' as const } : {}),
  });
  expect(outcome).toBe('resolved');
  return { reference, whileHeld };
};

const momo: Counterparty = { rail: 'momo', label: 'MTN •••• 4567', network: 'MTN', lastFour: '4567' };
const bank: Counterparty = {
  rail: 'bank',
  label: 'GCB Bank •••• 6789',
  bankId: 13,
  bankName: 'GCB Bank',
  lastFour: '6789',
};

describe('the operation kinds table', () => {
  it('gives every kind entries that sum to zero, the fee to revenue:fees only when it charges one', () => {
    const counterparties: Record<string, Counterparty> = {
      card: { rail: 'card', label: 'Visa •••• 4242', brand: 'Visa', lastFour: '4242' },
      bank,
      momo,
      cash: {
        rail: 'cash',
        label: 'Kofi, cash pick-up •••• 4567',
        partner: 'sandbox-cash',
        lastFour: '4567',
      },
      wallet: { rail: 'wallet', label: 'Kofi', userId: 2 },
      betting: sportybetCounterparty('SportyBet'),
      biller: { rail: 'biller', label: 'ECG', biller: 'ecg' },
      shop: { rail: 'shop', label: '100 gems', item: 'gems-100', gems: 100, usdCents: 99, rate: '0.08' },
    };
    for (const [name, kind] of Object.entries(operationKinds)) {
      if (kind.decision === 'mirror') {
        // Written by its counterpart's posting, which carries the entries: none of its own.
        expect(
          kind.entries({ userId: 1, amountMinor: 12_345, feeMinor: 0, counterparty: momo }),
          name,
        ).toEqual([]);
        continue;
      }
      const feeMinor = kind.charged ? processingFee(12_345) : 0;
      const entries = kind.entries({
        userId: 1,
        amountMinor: 12_345,
        feeMinor,
        counterparty: counterparties[kind.rail] as Counterparty,
      });
      // Per asset: cedis balance cedis, gems balance gems.
      for (const asset of ['GHS', 'GEM'] as const)
        expect(
          entries
            .filter((entry) => assetOf(entry.accountCode) === asset)
            .reduce((sum, entry) => sum + entry.amountMinor, 0),
          `${name} ${asset}`,
        ).toBe(0);
      const wallet = entries.find((entry) => entry.accountCode === 'wallet:1')?.amountMinor;
      expect(wallet, name).toBe(kind.direction === 'Credit' ? 12_345 : -(12_345 + feeMinor));
      const fee = entries.find((entry) => entry.accountCode === 'revenue:fees')?.amountMinor;
      expect(fee, name).toBe(kind.charged ? 123 : undefined);
      expect(() =>
        kind.entries({
          userId: 1,
          amountMinor: 1,
          feeMinor: 0,
          counterparty: { ...momo, rail: 'x' } as never,
        }),
      ).toThrow(CounterpartyMismatchError);
    }
  });

  it('mirrors a transfer between wallets, and only it, with a receiving credit of its own kind', () => {
    const mirrored = Object.entries(operationKinds).filter(([, kind]) => kind.receivedAs !== undefined);
    expect(mirrored.map(([name]) => name)).toEqual(['wallet_transfer']);
    const received = operationKinds.wallet_transfer.receivedAs as OperationKindName;
    expect(operationKinds[received]).toMatchObject({
      direction: 'Credit',
      decision: 'mirror',
      charged: false,
    });
    expect(
      Object.entries(operationKinds)
        .filter(([, kind]) => kind.decision === 'mirror')
        .map(([name]) => name),
    ).toEqual([received]);
  });

  it('tells a failed transfer payout apart from a failed withdrawal', () => {
    for (const name of ['momo_transfer', 'bank_transfer'] as const) {
      expect(operationKinds[name].failureMessage('account_failed')).toBe('transfer.payoutFailed');
    }
    expect(operationKinds.bank_withdrawal.failureMessage('account_failed')).toBe('withdrawal.payoutFailed');
  });

  it('keeps the existing kinds fee-free and followed by the provider', () => {
    for (const name of [
      'card_top_up',
      'bank_top_up',
      'momo_top_up',
      'bank_withdrawal',
      'momo_withdrawal',
    ] as const) {
      expect(operationKinds[name]).toMatchObject({ charged: false, decision: 'provider' });
    }
  });
});

describe('transfer out through a rail (MoMo or bank payout, 1% fee)', () => {
  it('holds amount + fee, then posts three entries: wallet, payout clearing, revenue:fees', async () => {
    const userId = await fundedUser(50_000);
    const feesBefore = await accountTotal(db(), 'revenue:fees');
    const { reference, whileHeld } = await heldThenDecided(
      userId,
      'momo_transfer',
      10_050,
      momo,
      'succeeded',
    );
    const fee = processingFee(10_050); // 100.5 pesewas rounds half up to 101
    expect(fee).toBe(101);
    expect(whileHeld).toEqual({ balanceMinor: 50_000, heldMinor: 10_050 + fee });
    expect(await entriesOf(db(), reference)).toEqual({
      [`wallet:${userId}`]: -(10_050 + fee),
      'payout:momo:MTN': 10_050,
      'revenue:fees': fee,
    });
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 50_000 - 10_050 - fee, heldMinor: 0 });
    expect(await accountTotal(db(), 'revenue:fees')).toBe(feesBefore + fee);
    expect(await ledgerTotal(db())).toBe(0);
  });

  it('a failed bank payout releases the whole hold (fee included) and posts nothing', async () => {
    const userId = await fundedUser(20_000);
    const { reference, whileHeld } = await heldThenDecided(userId, 'bank_transfer', 19_800, bank, 'failed');
    expect(whileHeld.heldMinor).toBe(19_800 + 198);
    expect(await entriesOf(db(), reference)).toEqual({});
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 20_000, heldMinor: 0 });
  });

  it('is refused when the wallet cannot cover amount + fee, though it covers the amount', async () => {
    const userId = await fundedUser(10_000);
    const answer = await service().move({
      idempotency: keyFor(userId),
      draft: { kind: 'bank_transfer', amountMinor: 10_000, counterparty: bank },
      callProvider: pending,
      insufficientFunds: refusal,
    });
    expect(answer).toEqual(refusal);
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 10_000, heldMinor: 0 });
  });
});

describe('betting and bills', () => {
  it('a bet posts wallet -(amount + fee), operator clearing +amount, revenue:fees +fee', async () => {
    const userId = await fundedUser(5_000);
    const operator: Counterparty = sportybetCounterparty('SportyBet •••• 0001');
    const { reference } = await heldThenDecided(userId, 'bet', 2_000, operator, 'succeeded');
    expect(await entriesOf(db(), reference)).toEqual({
      [`wallet:${userId}`]: -2_020,
      'clearing:betting:sportybet': 2_000,
      'revenue:fees': 20,
    });
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 2_980, heldMinor: 0 });
  });

  it(proves('S9.fee.2', 'a bill posts two entries with no fee; a failed one releases its hold'), async () => {
    const userId = await fundedUser(5_000);
    const biller: Counterparty = { rail: 'biller', label: 'ECG •••• 1234', biller: 'ecg' };
    const paid = await heldThenDecided(userId, 'bill_payment', 3_000, biller, 'succeeded');
    expect(paid.whileHeld.heldMinor).toBe(3_000);
    expect(await entriesOf(db(), paid.reference)).toEqual({
      [`wallet:${userId}`]: -3_000,
      'clearing:biller:ecg': 3_000,
    });
    const failed = await heldThenDecided(userId, 'bill_payment', 2_000, biller, 'failed');
    expect(await entriesOf(db(), failed.reference)).toEqual({});
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 2_000, heldMinor: 0 });
  });
});

describe('decided at once: transfer between wallets, gem purchase', () => {
  it('a transfer debits the sender amount + fee, credits the receiver the amount and revenue:fees the fee', async () => {
    const sender = await fundedUser(10_000);
    const receiver = await fundedUser(500);
    const key = keyFor(sender);
    const transfer = {
      idempotency: key,
      draft: {
        kind: 'wallet_transfer' as const,
        amountMinor: 4_000,
        counterparty: { rail: 'wallet' as const, label: 'Kofi Mensah', userId: receiver },
      },
      insufficientFunds: refusal,
    };
    const answer = await service().pay(transfer);
    expect(answer.statusCode).toBe(200);
    expect((answer.body as { data: { status: string; walletAmount: number } }).data).toMatchObject({
      status: 'Successful',
      walletAmount: 59.6,
    });
    expect(await entriesOf(db(), referenceOf(answer))).toEqual({
      [`wallet:${sender}`]: -4_040,
      [`wallet:${receiver}`]: 4_000,
      'revenue:fees': 40,
    });
    expect(await walletOf(db(), sender)).toEqual({ balanceMinor: 5_960, heldMinor: 0 });
    expect(await walletOf(db(), receiver)).toEqual({ balanceMinor: 4_500, heldMinor: 0 });
    // The receiver's own row, written by the same statement: the credit, who sent it, no entries of its own.
    const [received] = await receivingRows(receiver);
    const { input } = senders.get(sender) as RegisteredUser;
    expect(received).toEqual({
      reference_number: `${referenceOf(answer)}-R`,
      kind: 'wallet_transfer_received',
      direction: 'Credit',
      status: 'Successful',
      amount: 4_000,
      counterparty: { rail: 'wallet', label: `${input.firstName} ${input.lastName}`, userId: sender },
    });
    expect(await entriesOf(db(), `${referenceOf(answer)}-R`)).toEqual({});
    // The same key again replays the answer and moves nothing.
    expect(await service().pay(transfer)).toEqual(answer);
    expect(await walletOf(db(), sender)).toEqual({ balanceMinor: 5_960, heldMinor: 0 });
    expect(await receivingRows(receiver)).toHaveLength(1);
  });

  it('a transfer the sender cannot cover (amount + fee) is refused, stored under its key, and moves nothing', async () => {
    const sender = await fundedUser(1_000);
    const receiver = await fundedUser(0 + 1);
    const payment = {
      idempotency: keyFor(sender),
      draft: {
        kind: 'wallet_transfer' as const,
        amountMinor: 995,
        counterparty: { rail: 'wallet' as const, label: 'Ama', userId: receiver },
      },
      insufficientFunds: refusal,
    };
    expect(await service().pay(payment)).toEqual(refusal);
    expect(await service().pay(payment)).toEqual(refusal);
    expect(await walletOf(db(), sender)).toEqual({ balanceMinor: 1_000, heldMinor: 0 });
    expect(await walletOf(db(), receiver)).toEqual({ balanceMinor: 1, heldMinor: 0 });
    expect(await receivingRows(receiver)).toEqual([]);
  });

  it('a gem purchase posts wallet -price, revenue:shop +price, no fee, and the gems from issuance to the buyer', async () => {
    const userId = await fundedUser(2_000);
    const answer = await service().pay({
      idempotency: keyFor(userId),
      draft: {
        kind: 'gem_purchase',
        amountMinor: 1_500,
        counterparty: {
          rail: 'shop',
          label: '100 gems',
          item: 'gems-100',
          gems: 100,
          usdCents: 120,
          rate: '0.08',
        },
      },
      insufficientFunds: refusal,
    });
    expect(answer.statusCode).toBe(200);
    expect(await entriesOf(db(), referenceOf(answer))).toEqual({
      [`wallet:${userId}`]: -1_500,
      'revenue:shop': 1_500,
      [`gems:${userId}`]: 100,
      'issuance:gems': -100,
    });
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 500, heldMinor: 0 });
  });

  it('never lets a hold be spent twice: a held transfer out leaves only the rest for a transfer between wallets', async () => {
    const userId = await fundedUser(10_000);
    const receiver = await fundedUser(1);
    await service().move({
      idempotency: keyFor(userId),
      draft: { kind: 'momo_transfer', amountMinor: 9_000, counterparty: momo },
      callProvider: pending,
      insufficientFunds: refusal,
    });
    const answer = await service().pay({
      idempotency: keyFor(userId),
      draft: {
        kind: 'wallet_transfer',
        amountMinor: 1_000,
        counterparty: { rail: 'wallet', label: 'x', userId: receiver },
      },
      insufficientFunds: refusal,
    });
    expect(answer).toEqual(refusal);
    expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 10_000, heldMinor: 9_090 });
    await expectLedgerInvariants(db());
  });
});
