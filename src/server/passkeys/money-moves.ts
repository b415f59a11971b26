import type { z } from 'zod';
import type { initiateBettingRequestSchema } from '../../contract/betting';
import type { payBillRequestSchema } from '../../contract/billing';
import type { buyGemPackRequestSchema } from '../../contract/gems';
import { apiPaths } from '../../contract/paths';
import type { payNowRequestSchema } from '../../contract/transfer';
import type {
  bankTopUpRequestSchema,
  cardTopUpRequestSchema,
  momoTopUpRequestSchema,
  withdrawalRequestSchema,
} from '../../contract/wallet';
import { findGemPack, GEM_PRICE_CURRENCY, gemPackPriceMinor } from '../../domain/gems';
import { parseDecimalAmount } from '../../domain/money';
import { tokenHash } from '../crypto';
import type { Queryable } from '../db/client';
import { paymentLinkByTokenHash } from '../routes/betting/payment-links-repository';
import { cartOfUser } from '../routes/transfer/carts-repository';
import { currentRate } from '../routes/transfer/rates-repository';

/*
 * What each money-moving route moves and to whom, for the step-up (issue 26): one table for every route that takes
 * an Idempotency-Key. passkeys/step-up.ts refuses to start a server with a money-moving route missing here, and
 * tests/server/step-up.test.ts asks every one of them for a step-up.
 *
 * The amount is the one the route will move (the server's figure where the route computes it: a cart's total, a
 * pack's price, a payment link's amount); the beneficiary is how the user recognises the other side (a number, an
 * account, a reference), shown as it is. null: the route will refuse the request anyway, nothing to confirm.
 */

/** What a money move moves and to whom. */
export interface MoneyMove {
  amountMinor: number;
  beneficiary: string;
}

export type StepUpSummarizer = (userId: number, body: never) => Promise<MoneyMove | null> | MoneyMove | null;

const by = <Schema extends z.ZodType>(
  summarize: (userId: number, body: z.output<Schema>) => Promise<MoneyMove | null> | MoneyMove | null,
) => summarize as StepUpSummarizer;

const moveOf = (amount: number | undefined, beneficiary: string): MoneyMove | null => {
  const amountMinor = amount === undefined ? null : parseDecimalAmount(amount);
  return amountMinor === null ? null : { amountMinor, beneficiary: beneficiary.trim() };
};

const lastDigits = (cardNumber: string): string => `•••• ${cardNumber.replace(/\D/g, '').slice(-4)}`;

export const moneyMoveSummaries = (db: Queryable): Readonly<Record<string, StepUpSummarizer>> => ({
  [apiPaths.cardTopUp]: by<typeof cardTopUpRequestSchema>((_, body) =>
    moveOf(body.amount, lastDigits(body.cardNumber)),
  ),
  [apiPaths.bankTopUp]: by<typeof bankTopUpRequestSchema>((_, body) =>
    moveOf(body.amount, body.bankAccountNumber),
  ),
  [apiPaths.momoTopUp]: by<typeof momoTopUpRequestSchema>((_, body) => moveOf(body.amount, body.phone)),
  [apiPaths.withdrawal]: by<typeof withdrawalRequestSchema>((_, body) =>
    moveOf(body.amount, body.isMOMOWithdrawal ? body.momoMobileNumber : body.bankAccountNumber),
  ),
  [apiPaths.payBill]: by<typeof payBillRequestSchema>((_, body) => moveOf(body.totalPay, body.referenceNo)),
  [apiPaths.initiateBetting]: by<typeof initiateBettingRequestSchema>(async (_, body) => {
    if (!body.paymentToken) return moveOf(body.sendAmount, body.bettingNo);
    const link = await paymentLinkByTokenHash(db, tokenHash(body.paymentToken));
    if (!link) return null;
    const amountMinor = link.amountMinor ?? parseDecimalAmount(body.sendAmount);
    return amountMinor === null ? null : { amountMinor, beneficiary: link.bettingNo };
  }),
  [apiPaths.buyGemPack]: by<typeof buyGemPackRequestSchema>(async (_, body) => {
    const pack = findGemPack(body.packId);
    const rate = pack ? await currentRate(db, GEM_PRICE_CURRENCY) : null;
    if (!pack || !rate) return null;
    return { amountMinor: gemPackPriceMinor(pack.usdCents, rate.rate), beneficiary: pack.id };
  }),
  [apiPaths.payNow]: by<typeof payNowRequestSchema>(async (userId, body) => {
    const cart = await cartOfUser(db, userId, body.cartId);
    if (!cart) return null;
    const to = cart.accountNo ?? cart.beneficiaryPhone;
    return { amountMinor: cart.totalMinor, beneficiary: `${cart.beneficiaryName} (${to})` };
  }),
});
