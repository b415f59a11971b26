import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCodes, LedgerAccounts } from '../../src/server/ledger/accounts';
import { postTransaction } from '../../src/server/ledger/posting';
import { newReferenceNumber } from '../../src/server/ledger/reference';
import { queryRows } from '../../src/server/db/sql';
import { canonicalJson, requestHash } from '../../src/server/idempotency/idempotency-key';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/server-helpers';
import { expectLedgerInvariants, ledgerTotal } from '../support/server-wallet-invariants';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const accounts = new LedgerAccounts();

const balanceOf = async (userId: number) => {
  const [row] = await queryRows<{ balance_minor: unknown }>(
    db(),
    sql`select balance_minor from wallets where user_id = ${userId}`,
  );
  return Number(row?.balance_minor);
};

/** Credits a wallet from card clearing, as a card top-up would. */
const credit = (userId: number, amountMinor: number) =>
  postTransaction(db(), accounts, {
    operationId: null,
    description: 'test credit',
    entries: [
      { accountCode: accountCodes.wallet(userId), amountMinor },
      { accountCode: accountCodes.cardClearing(), amountMinor: -amountMinor },
    ],
  });

const transfer = (from: number, to: number, amountMinor: number) =>
  postTransaction(db(), accounts, {
    operationId: null,
    description: 'test transfer',
    entries: [
      { accountCode: accountCodes.wallet(from), amountMinor: -amountMinor },
      { accountCode: accountCodes.wallet(to), amountMinor },
    ],
  });

describe('postTransaction', () => {
  it('appends balanced entries, creates wallet accounts on first use and updates only the wallets', async () => {
    const { userId } = await registerUser(t.app);
    const [wallet] = await credit(userId, 12_345);
    expect(wallet).toEqual({ userId, balanceMinor: 12_345, heldMinor: 0 });
    expect(await balanceOf(userId)).toBe(12_345);
    const [account] = await queryRows<{ kind: string; user_id: number }>(
      db(),
      sql`select kind, user_id from ledger_accounts where code = ${accountCodes.wallet(userId)}`,
    );
    expect(account).toEqual({ kind: 'wallet', user_id: userId });
    expect(await ledgerTotal(db())).toBe(0);
  });

  it('refuses entries that do not sum to zero, zero or fractional amounts, before touching the database', async () => {
    const { userId } = await registerUser(t.app);
    const attempts = [
      [
        { accountCode: accountCodes.wallet(userId), amountMinor: 100 },
        { accountCode: 'clearing:card', amountMinor: -99 },
      ],
      [
        { accountCode: accountCodes.wallet(userId), amountMinor: 0.5 },
        { accountCode: 'clearing:card', amountMinor: -0.5 },
      ],
      [
        { accountCode: accountCodes.wallet(userId), amountMinor: 0 },
        { accountCode: 'clearing:card', amountMinor: 0 },
      ],
      [{ accountCode: accountCodes.wallet(userId), amountMinor: 100 }],
    ];
    for (const entries of attempts) {
      await expect(
        postTransaction(db(), accounts, { operationId: null, description: 'bad', entries }),
      ).rejects.toThrow();
    }
    expect(await balanceOf(userId)).toBe(0);
  });

  it('moves money between two wallets (locked in user order); a wallet can never go below zero', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await credit(a, 1_000);
    await transfer(a, b, 400);
    await transfer(b, a, 150);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([750, 250]);
    await expect(transfer(b, a, 251)).rejects.toThrow();
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([750, 250]);
  });

  it('opposite transfers between the same wallets, all at once, neither deadlock nor lose a pesewa', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await credit(a, 10_000);
    await credit(b, 10_000);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? transfer(a, b, 7) : transfer(b, a, 3))),
    );
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([10_000 - 70 + 30, 10_000 + 70 - 30]);
    await expectLedgerInvariants(db());
  });
});

describe('the database guards the ledger whatever the code does', () => {
  it('refuses to change or remove an entry', async () => {
    const { userId } = await registerUser(t.app);
    await credit(userId, 500);
    await expect(
      db().execute(sql`update ledger_entries set amount_minor = amount_minor + 1`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect(await ledgerTotal(db())).toBe(0);
  });

  it('refuses to commit a ledger transaction that does not sum to zero', async () => {
    const before = await ledgerTotal(db());
    await expect(
      db().transaction(async (tx) => {
        await accounts.ensure(tx, ['clearing:card']);
        await tx.execute(sql`with t as (insert into ledger_transactions (description) values ('unbalanced') returning id)
          insert into ledger_entries (transaction_id, account_id, amount_minor)
          select t.id, a.id, 100 from t, ledger_accounts a where a.code = 'clearing:card'`);
      }),
    ).rejects.toThrow();
    expect(await ledgerTotal(db())).toBe(before);
  });

  it('refuses a negative wallet and holds above the balance (CHECK)', async () => {
    const { userId } = await registerUser(t.app);
    await expect(
      db().execute(sql`update wallets set balance_minor = -1 where user_id = ${userId}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`update wallets set held_minor = 1 where user_id = ${userId}`),
    ).rejects.toThrow();
  });
});

describe('reference numbers and request fingerprints', () => {
  it("reference numbers are 'WT' + date + 12 base32 characters, unique", () => {
    const references = new Set(
      Array.from({ length: 2000 }, () => newReferenceNumber(new Date('2025-03-14T10:00:00Z'))),
    );
    expect(references.size).toBe(2000);
    for (const reference of references) expect(reference).toMatch(/^WT20250314[0-9A-HJKMNP-TV-Z]{12}$/);
  });

  it('the fingerprint ignores key order and changes with any value, the method or the path', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (body, extra) => {
        fc.pre(!Object.hasOwn(body, '\u0000extra'));
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(body));
        expect(requestHash('POST', '/a', reversed)).toBe(requestHash('POST', '/a', body));
        expect(requestHash('POST', '/b', body)).not.toBe(requestHash('POST', '/a', body));
        const changed = { ...body, ['\u0000extra']: extra };
        expect(requestHash('POST', '/a', changed)).not.toBe(requestHash('POST', '/a', body));
      }),
    );
  });
});
