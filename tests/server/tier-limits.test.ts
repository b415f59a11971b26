import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { AccountTierView } from '../../src/contract/tiers';
import { queryRows } from '../../src/server/db/sql';
import { accountTierOf } from '../../src/server/tiers/tiers';
import { bearer, envelope, signedInUser } from '../support/server-helpers';
import {
  addIdentification,
  uploadImage,
  validIdentification,
} from '../support/server-identification-helpers';
import {
  addMobileBeneficiary,
  cashPickupIn,
  initiate,
  newPhone,
  payNow,
  quoteFor,
  transferRequest,
  transferUser,
  verifyPhone,
} from '../support/server-transfer-fixtures';
import { buyGemPack, gemPacks } from '../support/server-shop-fixtures';
import {
  bankWithdrawalBody,
  cardBody,
  fundWallet,
  giveTier,
  history,
  newKey,
  postMoney,
  resultOf,
  walletAmount,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { fundWallet as fundLedgerWallet } from '../support/server-wallet-ledger';
import { monitoringOff } from '../support/server-monitoring-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { proves } from '../support/requirements';

/*
 * The Bank of Ghana tier limits (issue 24), enforced by the ledger in the transaction that moves the money: the
 * daily and monthly sums of money leaving the wallet, the maximum balance for money arriving, the refusals' answers
 * and audit rows, and GetAccountTier.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  // Bursts and the limits' edges are what the monitoring rules hold; they have their own tests.
  await monitoringOff(t.database.db);
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

const refusalOf = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as { message: string; data: ErrorData };
  return { messageId: body.data.messageId, message: body.message, violations: body.data.violations };
};

/** A user with an identification, at `tier`, with `cedis` in the wallet (funded by card, within the tier). */
const userWith = async (cedis: number, tier?: 'medium' | 'enhanced'): Promise<WalletUser> => {
  const user = await walletUser(t.app, db(), true, tier);
  if (cedis > 0) await fundWallet(t.app, user, cedis);
  return user;
};

const withdraw = (user: WalletUser, cedis: number, account?: string) =>
  postMoney(t.app, user, apiPaths.withdrawal, bankWithdrawalBody(user, cedis, account));

const accountTier = async (user: WalletUser): Promise<AccountTierView> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.accountTier}?userId=${user.userId}`,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<AccountTierView>(response).data;
};

const auditOf = (userId: number, action: string) =>
  queryRows<{ actor_kind: string; actor_name: string | null; before: unknown; after: unknown }>(
    db(),
    sql`select actor_kind, actor_name, before, after from audit_log
        where chain = ${`user:${userId}`} and action = ${action} order by seq`,
  );

const operationCount = async (userId: number) =>
  (
    await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from wallet_operations where user_id = ${userId}::int`,
    )
  )[0]?.count;

describe('the daily limit (money leaving the wallet, per Ghana day)', () => {
  it(
    proves(
      ['C.limit.1', 'C.limit.8', 'C.tier.1'],
      'Minimum: GH₵ 2,000 out works, GH₵ 1,100 more the same day is refused naming the limit and what is left',
    ),
    async () => {
      const u = await userWith(5_000);
      expect(resultOf(await withdraw(u, 2_000))).toMatchObject({ status: 'pending', amount: 2_000 });
      const operations = await operationCount(u.userId);

      const refused = refusalOf(await withdraw(u, 1_100));
      expect(refused.messageId).toBe('limit.daily');
      expect(refused.message).toBe(
        'This is over your daily limit of GH₵\u00a03,000.00: GH₵\u00a01,000.00 is left today. Upgrade your account to send more.',
      );
      expect(refused.violations).toEqual([
        expect.objectContaining({
          field: 'amount',
          messageId: 'limit.daily',
          values: { limit: 'GH₵\u00a03,000.00', left: 'GH₵\u00a01,000.00' },
        }),
      ]);
      // Nothing moved: no operation, the wallet as it was.
      expect(await operationCount(u.userId)).toBe(operations);
      expect(await walletAmount(t.app, u)).toBe(3_000);
      expect(await auditOf(u.userId, 'limit.refused')).toEqual([
        expect.objectContaining({
          actor_kind: 'user',
          after: expect.objectContaining({
            kind: 'bank_withdrawal',
            amountMinor: 110_000,
            messageId: 'limit.daily',
            limitMinor: 300_000,
            leftMinor: 100_000,
          }),
        }),
      ]);
      // What is left still goes through: exactly up to the limit.
      expect(resultOf(await withdraw(u, 1_000))).toMatchObject({ amount: 1_000 });
      expect(refusalOf(await withdraw(u, 1)).messageId).toBe('limit.daily');
    },
  );

  it(proves('C.limit.2', 'a payout that failed gives its amount back to the day'), async () => {
    const u = await userWith(5_000);
    // The sandbox fails payouts to accounts ending 000001: the hold is released.
    const failed = resultOf(await withdraw(u, 3_000, '0123000001'));
    await t.app.wallet.worker.runOnce();
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({ status: 'Failed', amount: 3_000 });
    expect(failed.amount).toBe(3_000);
    expect(resultOf(await withdraw(u, 3_000))).toMatchObject({ amount: 3_000 });
  });

  it('the upgrade to Medium lets the same withdrawal through (GH₵ 15,000 a day)', async () => {
    const u = await userWith(5_000);
    resultOf(await withdraw(u, 2_000));
    expect(refusalOf(await withdraw(u, 1_100)).messageId).toBe('limit.daily');
    await giveTier(db(), u.userId, 'medium');
    expect(resultOf(await withdraw(u, 1_100))).toMatchObject({ amount: 1_100 });
    expect(await auditOf(u.userId, 'tier.changed')).toEqual([
      expect.objectContaining({
        before: { tier: 'none' },
        after: expect.objectContaining({ tier: 'minimum' }),
      }),
      expect.objectContaining({
        actor_kind: 'system',
        before: { tier: 'minimum' },
        after: expect.objectContaining({ tier: 'medium' }),
      }),
    ]);
  });

  it(
    proves('C.limit.1', 'a gem purchase counts against the day as any money leaving the wallet'),
    async () => {
      const u = await userWith(5_000);
      resultOf(await withdraw(u, 2_990));
      const [pack] = (await gemPacks(t.app, u)).packs;
      const response = await buyGemPack(t.app, u, { packId: pack!.id });
      expect(refusalOf(response).messageId).toBe('limit.daily');
      expect(await walletAmount(t.app, u)).toBe(2_010);
    },
  );
});

describe('the maximum balance (money arriving)', () => {
  it(
    proves(
      'C.limit.5',
      'a top-up past the tier maximum is refused with what can still come in; nothing moves',
    ),
    async () => {
      const u = await userWith(4_000);
      const refused = refusalOf(await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 1_500)));
      expect(refused.messageId).toBe('limit.balance');
      expect(refused.message).toBe(
        'This would take your wallet over its maximum balance of GH₵\u00a05,000.00: GH₵\u00a01,000.00 more can come in. Upgrade your account to hold more.',
      );
      expect(await walletAmount(t.app, u)).toBe(4_000);
      expect(resultOf(await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 1_000)))).toMatchObject({
        status: 'Successful',
      });
      expect(refusalOf(await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 1))).messageId).toBe(
        'limit.balance',
      );
    },
  );

  it(proves('C.tier.1', 'Medium holds up to GH₵ 40,000, Enhanced GH₵ 75,000'), async () => {
    const medium = await userWith(40_000, 'medium');
    expect(
      refusalOf(await postMoney(t.app, medium, apiPaths.cardTopUp, cardBody(medium, 1))).message,
    ).toContain('GH₵\u00a040,000.00');
    const enhanced = await userWith(75_000, 'enhanced');
    expect(
      refusalOf(await postMoney(t.app, enhanced, apiPaths.cardTopUp, cardBody(enhanced, 1))).message,
    ).toContain('GH₵\u00a075,000.00');
  });
});

describe('tier changes', () => {
  it(
    proves(
      ['C.tier.3', 'S4.session.3'],
      "adding an identification (AddUserIdentification) moves 'none' to 'minimum', with its audit row",
    ),
    async () => {
      const user = await signedInUser(t.app);
      expect((await accountTier(user)).tier).toBe('none');
      const { imageId } = await uploadImage(t.app, user.token);
      const added = await addIdentification(t.app, user.token, validIdentification(user.userId, imageId));
      expect(added.statusCode, added.body).toBe(201);
      expect((await accountTier(user)).tier).toBe('minimum');
      expect(await auditOf(user.userId, 'tier.changed')).toEqual([
        expect.objectContaining({
          actor_kind: 'user',
          before: { tier: 'none' },
          after: { tier: 'minimum', reason: 'identification added' },
        }),
      ]);
    },
  );
});

describe('GET api/User/GetAccountTier', () => {
  it("answers the tier, its limits, what was used today and this month, and the next tier's needs", async () => {
    const u = await userWith(5_000);
    resultOf(await withdraw(u, 1_234.56));
    expect(await accountTier(u)).toEqual({
      tier: 'minimum',
      dailyLimit: 3_000,
      dailyUsed: 1_234.56,
      monthlyLimit: 10_000,
      monthlyUsed: 1_234.56,
      balanceLimit: 5_000,
      nextTier: { tier: 'medium', requirements: ['ghanaCard'] },
    });
    await giveTier(db(), u.userId, 'enhanced');
    expect(await accountTier(u)).toMatchObject({
      tier: 'enhanced',
      dailyLimit: 25_000,
      monthlyLimit: null,
      balanceLimit: 75_000,
      nextTier: null,
    });
  });

  it(
    proves(
      'C.limit.7',
      "a user without an identification is at 'none', and another user's id is refused (403)",
    ),
    async () => {
      const none = await walletUser(t.app, db(), false);
      expect(await accountTier(none)).toMatchObject({
        tier: 'none',
        nextTier: { tier: 'minimum', requirements: ['identification'] },
      });
      const other = await userWith(0);
      const response = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.accountTier}?userId=${other.userId}`,
        headers: bearer(none.token),
      });
      expect(response.statusCode).toBe(403);
    },
  );
});

describe('the parallel race', () => {
  it(
    proves(
      'C.limit.1',
      'five parallel GH₵ 1,000 withdrawals at Minimum: three succeed, two are refused by the daily limit',
    ),
    async () => {
      const u = await userWith(5_000);
      const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(u, 1_000)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 400, 400]);
      for (const answer of answers.filter((a) => a.statusCode === 400))
        expect(refusalOf(answer).messageId).toBe('limit.daily');
      expect((await accountTier(u)).dailyUsed).toBe(3_000);
      expect(await walletAmount(t.app, u)).toBe(2_000);
    },
  );
});

describe('a later row of the limits table', () => {
  it(
    proves(
      'C.tier.2',
      'supersedes from its day on (here with a monthly limit); the earlier row still answers for the days before',
    ),
    async () => {
      const u = await userWith(0, 'enhanced');
      // Funded straight in the ledger (a test's funding, not a top-up), with more than a day's limit.
      await fundLedgerWallet(db(), u.userId, 30_000_00);
      await db().execute(
        sql`insert into tier_limits (tier, daily_minor, monthly_minor, balance_minor, effective_from, source)
          values ('enhanced', 2000000, 1500000, 7500000, (now() at time zone 'UTC')::date, 'a test directive')`,
      );
      const monthly = refusalOf(await withdraw(u, 15_000.01));
      expect(monthly.messageId).toBe('limit.monthly');
      expect(monthly.message).toBe(
        'This is over your monthly limit of GH₵\u00a015,000.00: GH₵\u00a015,000.00 is left this month. Upgrade your account to send more.',
      );
      resultOf(await withdraw(u, 15_000));
      expect(refusalOf(await withdraw(u, 1)).messageId).toBe('limit.monthly');
      const yesterday = new Date(Date.now() - 86_400_000);
      expect(await accountTierOf(db(), u.userId, yesterday)).toMatchObject({
        dailyLimit: 25_000,
        monthlyLimit: null,
      });
      expect(await accountTierOf(db(), u.userId)).toMatchObject({ dailyLimit: 20_000, monthlyLimit: 15_000 });
    },
  );
});

describe('transfers', () => {
  it("the spec's rules come first: GH₵ 200,000 abroad at Minimum is still 'Amount Exceeds Transaction limit.'", async () => {
    const user = await transferUser(t.app, db(), { cedis: 100 });
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const abroad = { ...cashPickupIn('US', 'USD'), paymentMethodId: 1 };
    const response = await initiate(t.app, user, transferRequest(user, beneficiaryId, 200_000, abroad));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      message: 'Amount Exceeds Transaction limit.',
      data: { messageId: 'amount.limit' },
    });
  });

  it(
    proves(
      'C.limit.6',
      'an on-us send that would take the receiver over their maximum balance is refused before any money moves',
    ),
    async () => {
      const receiver = await transferUser(t.app, db(), { cedis: 4_900 });
      const phone = newPhone();
      await verifyPhone(db(), receiver.userId, phone);
      const sender = await transferUser(t.app, db(), { cedis: 1_000 });
      const beneficiaryId = await addMobileBeneficiary(db(), sender.userId, phone);
      const quote = await quoteFor(t.app, sender, beneficiaryId, 200);
      const operations = [await operationCount(sender.userId), await operationCount(receiver.userId)];
      const refused = refusalOf(await payNow(t.app, sender, quote.guidId));
      expect(refused.messageId).toBe('limit.receiverBalance');
      // The sender learns nothing of the receiver's figures.
      expect(refused.message).toBe(
        "The receiver's wallet cannot take this amount: it would go over the maximum balance of their account.",
      );
      expect(refused.message).not.toMatch(/GH₵/);
      expect(await walletAmount(t.app, sender)).toBe(1_000);
      expect(await walletAmount(t.app, receiver)).toBe(4_900);
      expect([await operationCount(sender.userId), await operationCount(receiver.userId)]).toEqual(
        operations,
      );
      // Within the receiver's room it goes through.
      const fits = await quoteFor(t.app, sender, beneficiaryId, 100);
      expect(JSON.parse((await payNow(t.app, sender, fits.guidId)).body)).toMatchObject({ code: 200 });
      expect(await walletAmount(t.app, receiver)).toBe(5_000);
    },
  );

  it('an on-us send counts against the sender’s day', async () => {
    const receiver = await transferUser(t.app, db(), { tier: 'medium' });
    const phone = newPhone();
    await verifyPhone(db(), receiver.userId, phone);
    const sender = await transferUser(t.app, db(), { cedis: 5_000 });
    resultOf(await withdraw(sender, 2_500));
    const beneficiaryId = await addMobileBeneficiary(db(), sender.userId, phone);
    const quote = await quoteFor(t.app, sender, beneficiaryId, 501);
    expect(refusalOf(await payNow(t.app, sender, quote.guidId)).message).toContain(
      'GH₵\u00a0500.00 is left today',
    );
  });
});

describe('the refusal under its Idempotency-Key', () => {
  it(
    proves(
      ['C.limit.8', 'S4.payNow.2'],
      'a repeat of a refused request replays its 400, even once the day has room again',
    ),
    async () => {
      const u = await userWith(5_000);
      const first = resultOf(await withdraw(u, 3_000, '0123000001'));
      const key = newKey();
      const body = bankWithdrawalBody(u, 100);
      const refused = await postMoney(t.app, u, apiPaths.withdrawal, body, key);
      expect(refusalOf(refused).messageId).toBe('limit.daily');
      // The failed payout gives its GH₵ 3,000 back to the day.
      await t.app.wallet.worker.runOnce();
      expect(
        (await history(t.app, u)).find((row) => row.referenceNumber === first.referenceNumber),
      ).toMatchObject({ status: 'Failed' });
      const repeat = await postMoney(t.app, u, apiPaths.withdrawal, body, key);
      expect(repeat.statusCode).toBe(400);
      expect(JSON.parse(repeat.body)).toEqual(JSON.parse(refused.body));
      expect(resultOf(await withdraw(u, 100))).toMatchObject({ amount: 100 });
    },
  );
});
