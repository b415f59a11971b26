import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { PAYMENT_METHOD_IDS } from '../../src/domain/cross-border';
import { clientOf } from '../../src/server/db/client';
import { batcherOf } from '../../src/server/db/commit-batcher';
import { PreconditionFailedError } from '../../src/server/ledger/errors';
import type { Precondition } from '../../src/server/ledger/statements';
import { queryRows } from '../../src/server/db/sql';
import { HttpError } from '../../src/server/http-error';
import { cartPaymentError, payCart } from '../../src/server/routes/transfer/cart-payment';
import { cartOfUser } from '../../src/server/routes/transfer/carts-repository';
import { bearer, registerUser } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  cashPickupIn,
  deleteBeneficiary,
  expireCart,
  newPhone,
  payNow,
  quoteFor,
  transferUser,
  verifyPhone,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { fundWallet, keyFor, refusal, walletOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 21: PayNow's beneficiary and quote are decided under the wallet's row lock, in the transaction that moves the
 * money, not before it. On PostgreSQL (TEST_DATABASE_URL) a second connection holds the wallet row (SELECT ... FOR
 * UPDATE in an open transaction) while PayNow waits for it, and the beneficiary is deleted or the quote expires
 * meanwhile. On PGlite (one connection) the holder is a transaction that every other query waits behind, so the
 * same journeys run, one after another. The ledger-level tests below (a cart read before the change) fail on both
 * databases when the ledger does not check.
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

const messageIdOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { data: ErrorData }).data.messageId;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A wallet row held by another transaction; `meanwhile` runs SQL that does not need that row, then `release`. */
interface WalletHold {
  /** PostgreSQL: other sessions (the API's own) run while the wallet is held; PGlite: everything waits behind it. */
  concurrent: boolean;
  meanwhile(text: string, values: unknown[]): Promise<void>;
  /** Resolves once at least `count` sessions wait for a lock (PostgreSQL); on PGlite once queued work has queued. */
  waiters(count: number): Promise<void>;
  release(): Promise<void>;
}

const holdWallets = async (userIds: number[]): Promise<WalletHold> => {
  const client = clientOf(db());
  const lock = 'select user_id from wallets where user_id = any($1::int[]) order by user_id for update';
  if (client instanceof pg.Pool) {
    const holder = new pg.Client(client.options);
    const other = new pg.Client(client.options);
    await holder.connect();
    await other.connect();
    await holder.query('begin');
    await holder.query(lock, [userIds]);
    return {
      concurrent: true,
      meanwhile: async (text, values) => {
        await other.query(text, values);
      },
      waiters: async (count) => {
        for (let waited = 0; waited < 15_000; waited += 20) {
          const { rows } = await other.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.waiting ?? 0) >= count) return;
          await sleep(20);
        }
        throw new Error(`fewer than ${count} sessions waited for the wallet`);
      },
      release: async () => {
        await holder.query('commit');
        await holder.end();
        await other.end();
      },
    };
  }
  if (!(client instanceof PGlite)) throw new Error('neither PostgreSQL nor PGlite');
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held: (tx: Transaction) => void = () => undefined;
  const holding = new Promise<Transaction>((resolve) => {
    held = resolve;
  });
  const done = client.transaction(async (tx) => {
    await tx.query(lock, [userIds]);
    held(tx);
    await released;
  });
  const tx = await holding;
  return {
    concurrent: false,
    meanwhile: async (text, values) => {
      await tx.query(text, values);
    },
    waiters: async () => {
      await sleep(50);
    },
    release: async () => {
      release();
      await done;
    },
  };
};

const DELETE_BENEFICIARY = 'update beneficiaries set deleted_at = now() where id = $1::int';
const EXPIRE_CART = `update transfer_carts
  set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 second' where id = $1::uuid`;

/** What shows whether money moved for a user: the wallet, its operations, the ledger's entries. */
const moneyOf = async (userId: number) => {
  const [row] = await queryRows<{ operations: number; entries: number }>(
    db(),
    sql`select (select count(*) from wallet_operations where user_id = ${userId})::int as operations,
               (select count(*) from ledger_entries)::int as entries`,
  );
  return { wallet: await walletOf(db(), userId), operations: row?.operations, entries: row?.entries };
};

const operationsOfCart = async (cartId: string) => {
  const [row] = await queryRows<{ count: number }>(
    db(),
    sql`select count(*)::int as count from wallet_operations where cart_id = ${cartId}`,
  );
  return row?.count ?? 0;
};

/** A user with GH₵ 500 and an open cart of GH₵ 100 to a new beneficiary. */
const openCart = async (to: 'momo' | 'onUs' | 'bank' | 'usd') => {
  const user = await transferUser(t.app, db(), { cedis: 500 });
  let beneficiaryId: number;
  if (to === 'bank') beneficiaryId = await addBankBeneficiary(db(), user.userId);
  else if (to === 'onUs') {
    const receiver = await transferUser(t.app, db());
    const phone = newPhone();
    await verifyPhone(db(), receiver.userId, phone);
    beneficiaryId = await addMobileBeneficiary(db(), user.userId, phone);
  } else beneficiaryId = await addMobileBeneficiary(db(), user.userId);
  const overrides =
    to === 'bank'
      ? { deliveryMethodId: BANK_DEPOSIT_DELIVERY }
      : to === 'usd'
        ? { ...cashPickupIn('US', 'USD'), paymentMethodId: PAYMENT_METHOD_IDS.walletBalance }
        : {};
  const quote = await quoteFor(t.app, user, beneficiaryId, 100, overrides);
  return { user, beneficiaryId, quote };
};

/** PayNow started while the wallet is held; `meanwhile` changes the cart's world; then the wallet is released. */
const payWhileHeld = async (
  user: TransferUser,
  cartId: string,
  meanwhile: (hold: WalletHold) => Promise<void>,
) => {
  const hold = await holdWallets([user.userId]);
  try {
    const paying = payNow(t.app, user, cartId);
    await hold.waiters(1);
    await meanwhile(hold);
    await hold.release();
    return await paying;
  } catch (error) {
    await hold.release().catch(() => undefined);
    throw error;
  }
};

describe('PayNow waiting for the wallet decides the beneficiary and the quote once it has it', () => {
  it.each(['momo', 'onUs', 'bank'] as const)(
    'a beneficiary deleted while a %s transfer waits is a 404 beneficiary.notFound; nothing moves',
    async (to) => {
      const { user, beneficiaryId, quote } = await openCart(to);
      const before = await moneyOf(user.userId);
      const response = await payWhileHeld(user, quote.guidId, (hold) =>
        hold.meanwhile(DELETE_BENEFICIARY, [beneficiaryId]),
      );
      expect(response.statusCode, response.body).toBe(404);
      expect(messageIdOf(response)).toBe('beneficiary.notFound');
      expect(await moneyOf(user.userId)).toEqual(before);
      expect(await operationsOfCart(quote.guidId)).toBe(0);
    },
  );

  it.each(['usd', 'momo', 'onUs'] as const)(
    'a %s quote that expires while PayNow waits is a 410 transfer.quoteExpired; nothing moves',
    async (to) => {
      const { user, quote } = await openCart(to);
      const before = await moneyOf(user.userId);
      const response = await payWhileHeld(user, quote.guidId, (hold) =>
        hold.meanwhile(EXPIRE_CART, [quote.guidId]),
      );
      expect(response.statusCode, response.body).toBe(410);
      expect(messageIdOf(response)).toBe('transfer.quoteExpired');
      expect(await moneyOf(user.userId)).toEqual(before);
      expect(await operationsOfCart(quote.guidId)).toBe(0);
    },
  );

  it('with nothing changed meanwhile, the cart is paid once the wallet is released', async () => {
    const { user, quote } = await openCart('momo');
    const response = await payWhileHeld(user, quote.guidId, async () => undefined);
    expect(response.statusCode, response.body).toBe(200);
    expect(await operationsOfCart(quote.guidId)).toBe(1);
    expect((await walletOf(db(), user.userId)).heldMinor).toBe(10_100);
  });
});

const deleteByApi = (user: TransferUser, beneficiaryId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: apiPaths.deleteBeneficiary,
    query: { id: String(beneficiaryId) },
    headers: bearer(user.token),
  });

/** A user with GH₵ 1,000 and 8 open carts of GH₵ 100, each to its own beneficiary. */
const eightCarts = async () => {
  const user = await transferUser(t.app, db(), { cedis: 1_000 });
  const carts = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
      return { beneficiaryId, quote: await quoteFor(t.app, user, beneficiaryId, 100) };
    }),
  );
  return { user, carts };
};

describe('8 parallel delete-and-pay pairs', () => {
  it('with the wallet held, the 8 deletes answer at once and none of the 8 PayNow pays', async () => {
    const { user, carts } = await eightCarts();
    const hold = await holdWallets([user.userId]);
    let paying: Promise<{ statusCode: number; body: string }[]> = Promise.resolve([]);
    try {
      paying = Promise.all(carts.map(({ quote }) => payNow(t.app, user, quote.guidId)));
      await hold.waiters(1);
      // The other requests get past their route's checks and queue for the wallet too.
      await sleep(300);
      for (const { beneficiaryId } of carts) {
        if (hold.concurrent) expect((await deleteByApi(user, beneficiaryId)).statusCode).toBe(200);
        else await hold.meanwhile(DELETE_BENEFICIARY, [beneficiaryId]);
      }
    } finally {
      await hold.release();
    }
    for (const answer of await paying) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(messageIdOf(answer)).toBe('beneficiary.notFound');
    }
    for (const { quote } of carts) expect(await operationsOfCart(quote.guidId)).toBe(0);
    expect(await walletOf(db(), user.userId)).toEqual({ balanceMinor: 100_000, heldMinor: 0 });
  });

  it('free race: either the delete wins and PayNow is a 404, or the payment is committed before the delete answers', async () => {
    const { user, carts } = await eightCarts();
    const results = await Promise.all(
      carts.map(async ({ beneficiaryId, quote }) => {
        const deleting = deleteByApi(user, beneficiaryId).then(async (response) => ({
          status: response.statusCode,
          paidWhenDeleted: await operationsOfCart(quote.guidId),
        }));
        const [deleted, paid] = await Promise.all([deleting, payNow(t.app, user, quote.guidId)]);
        return { quote, deleted, paid };
      }),
    );
    for (const { quote, deleted, paid } of results) {
      expect(deleted.status).toBe(200);
      expect([200, 404]).toContain(paid.statusCode);
      if (paid.statusCode === 404) {
        expect(messageIdOf(paid)).toBe('beneficiary.notFound');
        expect(await operationsOfCart(quote.guidId)).toBe(0);
      } else {
        // The payment stands, and it was made before the beneficiary was deleted, never after.
        expect(deleted.paidWhenDeleted).toBe(1);
      }
    }
    const paid = results.filter(({ paid }) => paid.statusCode === 200).length;
    expect(await walletOf(db(), user.userId)).toEqual({ balanceMinor: 100_000, heldMinor: paid * 10_100 });
  });
});

describe('the ledger decides on the cart as it is, not as the route read it', () => {
  it.each(['momo', 'onUs', 'bank'] as const)(
    'a %s cart read before its beneficiary was deleted is refused with a 404; nothing moves',
    async (to) => {
      const { user, beneficiaryId, quote } = await openCart(to);
      const cart = await cartOfUser(db(), user.userId, quote.guidId);
      if (!cart) throw new Error('no cart');
      await deleteBeneficiary(db(), beneficiaryId);
      const before = await moneyOf(user.userId);
      const error = await payCart(db(), t.app.wallet, keyFor(user.userId), cart).then(
        () => null,
        (caught: unknown) => cartPaymentError(caught),
      );
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 404, messageId: 'beneficiary.notFound' });
      expect(await moneyOf(user.userId)).toEqual(before);
    },
  );

  it('a cart read before its quote expired is refused with a 410; nothing moves', async () => {
    const { user, quote } = await openCart('usd');
    const cart = await cartOfUser(db(), user.userId, quote.guidId);
    if (!cart) throw new Error('no cart');
    await expireCart(db(), quote.guidId);
    const before = await moneyOf(user.userId);
    const error = await payCart(db(), t.app.wallet, keyFor(user.userId), cart).then(
      () => null,
      (caught: unknown) => cartPaymentError(caught),
    );
    expect(error).toMatchObject({ statusCode: 410, messageId: 'transfer.quoteExpired' });
    expect(await moneyOf(user.userId)).toEqual(before);
  });
});

describe('a precondition in a batch of postings', () => {
  /** Refuses with `refusal` when given one (a query on nothing: only its answer matters here). */
  const answering = (answer: string | null): Precondition => ({
    name: 'test_precondition',
    text: 'select $1::text as refusal',
    values: [answer],
  });

  it('refused, fails only its own posting: the others of its batch are committed', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, async () => (await registerUser(t.app)).userId),
    );
    for (const userId of users) await fundWallet(db(), userId, 10_000);
    const pool = clientOf(db());
    const batcher = pool instanceof pg.Pool ? batcherOf(pool) : undefined;
    const before = batcher ? { ...batcher.stats } : null;
    const preconditions = [answering(null), answering('test.refused'), undefined, answering(null)];
    const outcomes = await Promise.allSettled(
      users.map((userId, index) =>
        t.app.wallet.service.move({
          idempotency: keyFor(userId),
          draft: {
            kind: 'momo_transfer',
            amountMinor: 1_000,
            counterparty: { rail: 'momo', label: 'x', network: 'MTN', lastFour: '0000' },
          },
          callProvider: async () => ({ status: 'pending' }),
          insufficientFunds: refusal,
          precondition: preconditions[index % preconditions.length],
        }),
      ),
    );
    const refused = [1, 5];
    outcomes.forEach((outcome, index) => {
      if (refused.includes(index)) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason as unknown;
        expect(reason).toBeInstanceOf(PreconditionFailedError);
        expect((reason as PreconditionFailedError).refusal).toBe('test.refused');
      } else {
        expect(outcome.status).toBe('fulfilled');
        expect((outcome as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode).toBe(200);
      }
    });
    for (const [index, userId] of users.entries()) {
      const heldMinor = refused.includes(index) ? 0 : 1_010;
      expect(await walletOf(db(), userId)).toEqual({ balanceMinor: 10_000, heldMinor });
      expect((await moneyOf(userId)).operations).toBe(refused.includes(index) ? 0 : 1);
    }
    if (batcher && before) {
      // Six postings in fewer transactions than postings: the refused ones shared a batch with accepted ones.
      expect(batcher.stats.statements - before.statements).toBe(6);
      expect(batcher.stats.batches - before.batches).toBeLessThan(6);
      expect(batcher.stats.failed - before.failed).toBe(2);
    }
  });
});
