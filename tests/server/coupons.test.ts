import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCouponsCommand } from '../../scripts/coupons-command';
import type { CouponCheck } from '../../src/contract/cross-border';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { TransactionDetail, TransferQuote, TransferReview } from '../../src/contract/transfer';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { couponRedemptions, coupons } from '../../src/server/db/schema';
import { createCoupon, type NewCoupon } from '../../src/server/routes/transfer/coupons-repository';
import { bearer, envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  initiate,
  newAccountNo,
  payNow,
  quoteFor,
  review,
  transactionDetail,
  transferRequest,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { newKey, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Coupons: applied to the quote, checked again at payment, counted once per paid transfer by the database (also
 * under concurrent payments: run this file with TEST_DATABASE_URL for PostgreSQL), given back when the payout
 * fails, managed with `npm run coupons`.
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

let codes = 0;
/** A coupon with a code of its own (the tests share one database). */
const coupon = async (over: Partial<NewCoupon> = {}) => {
  codes += 1;
  const code = `T${Date.now().toString(36).toUpperCase()}${codes}`;
  return createCoupon(db(), {
    code,
    discount: { kind: 'percent', basisPoints: 5000 },
    validUntil: null,
    maxUses: null,
    maxUsesPerUser: null,
    ...over,
  });
};

const failureOf = (response: { statusCode: number; body: string }, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return (JSON.parse(response.body) as { data: ErrorData }).data.messageId;
};

const usesOf = async (couponId: number) => {
  const [row] = await db().select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, couponId));
  const redemptions = await db()
    .select({ cartId: couponRedemptions.cartId, releasedAt: couponRedemptions.releasedAt })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return { uses: row?.uses, standing: redemptions.filter((r) => r.releasedAt === null).length };
};

/** A funded user, a beneficiary, and a quote of `amount` with the coupon. */
const couponQuote = async (code: string, amount = 1000, cedis = 2000) => {
  const user = await transferUser(t.app, db(), { cedis });
  const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
  const quote = await quoteFor(t.app, user, beneficiaryId, amount, { couponCode: code });
  return { user, beneficiaryId, quote };
};

const checkCoupon = (user: TransferUser, couponCode: string, sendAmount: number) =>
  t.app.inject({
    method: 'GET',
    url: apiPaths.checkCoupon,
    query: { couponCode, sendAmount: String(sendAmount) },
    headers: bearer(user.token),
  });

describe('a coupon at the quote', () => {
  it('takes its percentage off the fee (not the amount), shown in the quote, the review and the receipt', async () => {
    const half = await coupon();
    const { user, quote } = await couponQuote(half.code.toLowerCase());
    expect(quote).toMatchObject({
      sendAmount: 1000,
      processingFee: 5,
      couponDiscount: 5,
      totalPay: 1005,
      couponCode: half.code,
    });
    const reviewed = envelope<TransferReview>(await review(t.app, user, quote.guidId)).data;
    expect(reviewed).toMatchObject({ processingFee: 5, couponDiscount: 5, couponCode: half.code });
    // The quote counts nothing: the payment does.
    expect(await usesOf(half.id)).toEqual({ uses: 0, standing: 0 });
    const paid = envelope<WalletOperationResult>(await payNow(t.app, user, quote.guidId)).data;
    expect(await walletAmount(t.app, user)).toBe(2000 - 1005);
    expect(await usesOf(half.id)).toEqual({ uses: 1, standing: 1 });
    const receipt = envelope<TransactionDetail>(
      await transactionDetail(t.app, user, paid.referenceNumber),
    ).data;
    expect(receipt).toMatchObject({ processingFee: 5, couponDiscount: 5, payAmount: 1005 });
  });

  it('a fixed amount never takes the fee below zero', async () => {
    const fixed = await coupon({ discount: { kind: 'fixed', amountMinor: 50_000 } });
    const { quote } = await couponQuote(fixed.code, 100);
    expect(quote).toMatchObject({ processingFee: 0, couponDiscount: 1, totalPay: 100 });
  });

  it('CheckCoupon shows the fee before and after the coupon', async () => {
    const fixed = await coupon({ discount: { kind: 'fixed', amountMinor: 250 } });
    const user = await transferUser(t.app, db());
    const check = envelope<CouponCheck>(await checkCoupon(user, ` ${fixed.code.toLowerCase()} `, 1000)).data;
    expect(check).toEqual({
      couponCode: fixed.code,
      feeBeforeDiscount: 10,
      couponDiscount: 2.5,
      processingFee: 7.5,
      totalPay: 1007.5,
    });
    expect(failureOf(await checkCoupon(user, 'NOPE-NOPE', 1000), 400)).toBe('coupon.unknown');
  });

  it('refuses, with a message of its own, an unknown, switched-off, not yet valid, expired or used-up coupon', async () => {
    const day = 24 * 60 * 60 * 1000;
    const cases: [string, string][] = [
      ['NO-SUCH-COUPON', 'coupon.unknown'],
      ['??', 'coupon.unknown'],
      [(await coupon()).code, ''],
    ];
    const off = await coupon();
    await db().update(coupons).set({ enabled: false }).where(eq(coupons.id, off.id));
    cases.push([off.code, 'coupon.disabled']);
    cases.push([(await coupon({ validFrom: new Date(Date.now() + day) })).code, 'coupon.notYetValid']);
    cases.push([
      (await coupon({ validFrom: new Date(Date.now() - 2 * day), validUntil: new Date(Date.now() - day) }))
        .code,
      'coupon.expired',
    ]);
    const usedUp = await coupon({ maxUses: 1 });
    await db().update(coupons).set({ uses: 1 }).where(eq(coupons.id, usedUp.id));
    cases.push([usedUp.code, 'coupon.usedUp']);
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    for (const [code, messageId] of cases) {
      const response = await initiate(
        t.app,
        user,
        transferRequest(user, beneficiaryId, 100, { couponCode: code }),
      );
      if (messageId === '') expect(response.statusCode, code).toBe(201);
      else {
        expect(failureOf(response, 400), code).toBe(messageId);
        const data = (JSON.parse(response.body) as { data: ErrorData }).data;
        expect(data.violations?.[0]?.field).toBe('couponCode');
      }
    }
  });

  it('a user who used up their uses is told so; another user may still use it', async () => {
    const once = await coupon({ maxUsesPerUser: 1 });
    const { user, beneficiaryId, quote } = await couponQuote(once.code);
    expect((await payNow(t.app, user, quote.guidId)).statusCode).toBe(200);
    const again = await initiate(
      t.app,
      user,
      transferRequest(user, beneficiaryId, 100, { couponCode: once.code }),
    );
    expect(failureOf(again, 400)).toBe('coupon.usedUpByYou');
    await couponQuote(once.code);
  });
});

describe('a coupon at payment', () => {
  it('is checked again: used up since the quote, the payment is a 409 and moves no money', async () => {
    const single = await coupon({ maxUses: 1 });
    const first = await couponQuote(single.code);
    const second = await couponQuote(single.code);
    expect((await payNow(t.app, first.user, first.quote.guidId)).statusCode).toBe(200);
    expect(failureOf(await payNow(t.app, second.user, second.quote.guidId), 409)).toBe('coupon.usedUp');
    expect(await walletAmount(t.app, second.user)).toBe(2000);
    expect(
      envelope<TransferReview>(await review(t.app, second.user, second.quote.guidId)).data.cartStatus,
    ).toBe('open');
    expect(await usesOf(single.id)).toEqual({ uses: 1, standing: 1 });
  });

  it('switched off or expired since the quote: 409 with its message, nothing moves', async () => {
    const later = await coupon();
    const { user, quote } = await couponQuote(later.code);
    await db().update(coupons).set({ enabled: false }).where(eq(coupons.id, later.id));
    expect(failureOf(await payNow(t.app, user, quote.guidId), 409)).toBe('coupon.disabled');
    await db()
      .update(coupons)
      .set({
        enabled: true,
        validFrom: sql`now() - interval '2 days'`,
        validUntil: sql`now() - interval '1 day'`,
      })
      .where(eq(coupons.id, later.id));
    expect(failureOf(await payNow(t.app, user, quote.guidId), 409)).toBe('coupon.expired');
    expect(await walletAmount(t.app, user)).toBe(2000);
    expect(await usesOf(later.id)).toEqual({ uses: 0, standing: 0 });
  });

  it('is given back when the payout fails (the money is back in the wallet)', async () => {
    const single = await coupon({ maxUses: 1 });
    const user = await transferUser(t.app, db(), { cedis: 2000 });
    const failing = await addBankBeneficiary(db(), user.userId, newAccountNo('000001'));
    const quote: TransferQuote = await quoteFor(t.app, user, failing, 1000, {
      couponCode: single.code,
      deliveryMethodId: BANK_DEPOSIT_DELIVERY,
    });
    expect((await payNow(t.app, user, quote.guidId)).statusCode).toBe(200);
    expect(await usesOf(single.id)).toEqual({ uses: 1, standing: 1 });
    await t.app.wallet.worker.runOnce();
    expect(await walletAmount(t.app, user)).toBe(2000);
    expect(await usesOf(single.id)).toEqual({ uses: 0, standing: 0 });
    // The use is free again.
    const next = await couponQuote(single.code);
    expect((await payNow(t.app, next.user, next.quote.guidId)).statusCode).toBe(200);
  });

  it('with one use left and ten payments at once, exactly one gets it', async () => {
    const last = await coupon({ maxUses: 5 });
    await db().update(coupons).set({ uses: 4 }).where(eq(coupons.id, last.id));
    const carts = await Promise.all(Array.from({ length: 10 }, () => couponQuote(last.code, 100, 200)));
    const answers = await Promise.all(
      carts.map(({ user, quote }) => payNow(t.app, user, quote.guidId, newKey())),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(failureOf(answer, 409)).toBe('coupon.usedUp');
    expect(await usesOf(last.id)).toEqual({ uses: 5, standing: 1 });
    const balances = await Promise.all(carts.map(({ user }) => walletAmount(t.app, user)));
    expect(balances.filter((balance) => balance < 200)).toHaveLength(1);
  });
});

describe('npm run coupons', () => {
  it('creates, lists, disables and enables coupons, refusing what is not one', async () => {
    const code = `ADMIN${Date.now().toString(36).toUpperCase()}`;
    const created = await runCouponsCommand(db(), [
      'create',
      code.toLowerCase(),
      '12.5%',
      '--until',
      '2099-01-01',
      '--max-uses',
      '100',
      '--per-user',
      '2',
    ]);
    expect(created.exitCode, created.lines.join('\n')).toBe(0);
    expect(created.lines[0]).toContain(code);
    expect(created.lines[0]).toContain('12.5% off the fee');
    const [row] = await db().select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ percentBasisPoints: 1250, maxUses: 100, maxUsesPerUser: 2, enabled: true });
    expect((await runCouponsCommand(db(), ['list'])).lines.some((line) => line.startsWith(code))).toBe(true);
    expect((await runCouponsCommand(db(), ['create', code, '5'])).exitCode).toBe(1);
    expect((await runCouponsCommand(db(), ['disable', code])).exitCode).toBe(0);
    const user = await transferUser(t.app, db());
    expect(failureOf(await checkCoupon(user, code, 100), 400)).toBe('coupon.disabled');
    expect((await runCouponsCommand(db(), ['enable', code])).exitCode).toBe(0);
    expect((await checkCoupon(user, code, 100)).statusCode).toBe(200);
    expect((await runCouponsCommand(db(), ['disable', 'NOT-THERE'])).exitCode).toBe(1);
    for (const bad of [
      ['create', 'X', '10%'],
      ['create', 'GOODCODE', '120%'],
      ['create', 'GOODCODE', 'ten'],
      ['create', 'GOODCODE', '10%', '--max-uses', '0'],
      ['create', 'GOODCODE', '10%', '--until', 'someday'],
    ])
      expect((await runCouponsCommand(db(), bad)).exitCode, bad.join(' ')).toBe(1);
    expect((await runCouponsCommand(db(), ['frobnicate'])).exitCode).toBe(2);
    expect((await runCouponsCommand(db(), ['create', 'GOODCODE', '10%', '--colour', 'red'])).exitCode).toBe(
      2,
    );
  });
});
