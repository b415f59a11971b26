import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cardExpiry, cardPaymentViolations } from '../../../domain/card';
import { paymentWayViolations } from '../../../domain/cross-border';
import { isMomoNumber } from '../../../domain/momo';
import type { RuleViolation } from '../../../domain/rule';
import { isMomoProvider } from '../../../domain/top-up';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { failure } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import {
  IdempotencyConflictError,
  type IdempotencyKey,
  type StoredAnswer,
} from '../../idempotency/idempotency-key';
import { findIdempotencyRecord, recordAnswer } from '../../idempotency/stored-answers';
import { answerFor } from '../../ledger/answers';
import { availableBalance, findOperation } from '../../ledger/operations';
import { cardCollection, momoCollection, type CardPayer, type Collection } from '../wallet/collections';
import type { WalletModule } from '../wallet/wallet-module';
import { cartRefusalOf, notEnoughFundsAnswer, payCart } from './cart-payment';
import { cartOfUser, type Cart } from './carts-repository';
import { couponById, couponRefusalOf, refusalNow } from './coupons-repository';

/*
 * A cart paid by card or by MoMo, on the one ledger path: the payer is charged the cart's total by a collection
 * into the wallet that names the cart it funds (wallet_operations.funding_cart_id); once that collection has
 * succeeded, the cart's transfer debit runs exactly as a wallet payment does (payCart), under the cart's own
 * idempotency key, so whichever gets there first (this request, a repeat of it, the worker) pays it once. A
 * declined card or a MoMo request the payer rejects fails the collection: nothing reaches the wallet, nothing is
 * paid out.
 */

export type CollectionPayment =
  | {
      way: 'card';
      card: CardPayer;
      /** What the screen showed as the total, if sent. */ amountMinor: number | null;
    }
  | { way: 'momo'; phone: string; network: string };

export const FUNDED_CART_KEY_PREFIX = 'cart-transfer:';

/** The key the transfer debit of a funded cart is created with: one per cart, whoever runs it. */
export const fundedCartKey = (cart: Pick<Cart, 'id' | 'userId'>): IdempotencyKey => ({
  userId: cart.userId,
  key: `${FUNDED_CART_KEY_PREFIX}${cart.id}`,
  requestHash: 'funded-cart-transfer',
});

/** The answer when the collection succeeded but the transfer could not be made: the money stays in the wallet. */
const fundsInWalletAnswer: StoredAnswer = { statusCode: 409, body: failure(409, 'payment.fundsInWallet') };

/**
 * The transfer debit of a cart whose collection succeeded (its money is in the wallet), at the quote it was charged
 * at (even if the payer approved after the quote's time). A coupon the database refuses to count now (used up
 * meanwhile), or a beneficiary deleted meanwhile, leaves the money in the wallet: that answer is stored under the
 * cart's key, so neither a repeat nor the worker tries again.
 */
export const transferFundedCart = async (
  db: Db,
  wallet: Pick<WalletModule, 'service' | 'provider'>,
  cart: Cart,
): Promise<StoredAnswer> => {
  const key = fundedCartKey(cart);
  try {
    return await payCart(db, wallet, key, cart, { quoteExpiry: false });
  } catch (error) {
    if (couponRefusalOf(error) === null && cartRefusalOf(error) === null) throw error;
    await recordAnswer(db, key, fundsInWalletAnswer);
    return (await findIdempotencyRecord(db, key))?.answer ?? fundsInWalletAnswer;
  }
};

const reject = (violations: readonly RuleViolation[]) => {
  if (violations.length > 0) throw violationsError(toViolations(violations));
};

const paymentViolations = (payment: CollectionPayment): RuleViolation[] => {
  if (payment.way === 'momo') {
    return [
      ...(isMomoNumber(payment.phone)
        ? []
        : [{ field: 'momoPhone', messageId: 'payment.momoPayerPhone' } as const]),
      ...(isMomoProvider(payment.network)
        ? []
        : [{ field: 'momoProvider', messageId: 'momoTopUp.providerUnknown' } as const]),
    ];
  }
  const { card } = payment;
  return cardPaymentViolations({
    firstName: card.firstName,
    lastName: card.lastName,
    cardNumber: card.cardNumber,
    expiry:
      Number.isFinite(card.expiryMonth) && Number.isFinite(card.expiryYear)
        ? cardExpiry(card.expiryMonth, card.expiryYear)
        : null,
    cvv: card.cvv,
    amountMinor: undefined,
  });
};

/**
 * PayNow by card or MoMo for the user's cart. A repeat of the request (same Idempotency-Key) follows what the
 * first one started: the collection's state while it is pending or failed, the transfer's answer once it
 * succeeded. A new request checks the cart (404 another user's or unknown, 409 paid, 410 expired), the payment
 * method, the card or the payer's number, the total the screen showed and the coupon, then collects.
 */
export const payCartByCollection = async (
  db: Db,
  wallet: Pick<WalletModule, 'service' | 'provider'>,
  idempotency: IdempotencyKey,
  cartId: string,
  payment: CollectionPayment,
): Promise<StoredAnswer> => {
  const cart = await cartOfUser(db, idempotency.userId, cartId);
  if (!cart) throw new HttpError(404, 'transfer.cartNotFound');

  const follow = async (operationId: number): Promise<StoredAnswer> => {
    const collection = await findOperation(db, { id: operationId });
    if (!collection) throw new Error(`collection ${operationId} of an idempotency key is missing`);
    if (collection.status === 'Successful') return transferFundedCart(db, wallet, cart);
    return answerFor(collection, await availableBalance(db, idempotency.userId));
  };

  const record = await findIdempotencyRecord(db, idempotency);
  if (record) {
    if (record.requestHash !== idempotency.requestHash) throw new IdempotencyConflictError(idempotency.key);
    if (record.operationId !== null) return follow(record.operationId);
    const replayed = await wallet.service.replay(idempotency);
    if (replayed) return replayed;
  }

  if (cart.status === 'paid') throw new HttpError(409, 'transfer.alreadyPaid');
  if (cart.status === 'expired') throw new HttpError(410, 'transfer.quoteExpired');
  if (cart.beneficiaryDeleted) throw new HttpError(404, 'beneficiary.notFound');
  reject(paymentWayViolations(cart.paymentMethodId, payment.way));
  reject(paymentViolations(payment));
  if (payment.way === 'card' && payment.amountMinor !== null && payment.amountMinor !== cart.totalMinor)
    throw new HttpError(409, 'payment.amountChanged');
  if (cart.couponId !== null) {
    // Checked before anyone is charged; counted (or refused, if another payment took the last use meanwhile)
    // when the transfer debit is created.
    const refusal = await refusalNow(db, await couponById(db, cart.couponId, cart.userId));
    if (refusal)
      throw new HttpError(409, refusal, toViolations([{ field: 'couponCode', messageId: refusal }]));
  }

  const collection: Collection =
    payment.way === 'card'
      ? cardCollection(wallet.provider, payment.card, cart.totalMinor, cart.id)
      : momoCollection(wallet.provider, payment, cart.totalMinor, cart.id);
  const answer = await wallet.service.move({
    idempotency,
    ...collection,
    // A collection is a credit: it never needs the wallet to cover anything.
    insufficientFunds: notEnoughFundsAnswer,
  });
  const created = await findIdempotencyRecord(db, idempotency);
  return created?.operationId != null ? follow(created.operationId) : answer;
};

/** The most funded carts one worker pass pays. */
const FUNDED_BATCH = 100;

/**
 * The worker's pass: carts whose collection succeeded (their money is in the wallet) but whose transfer debit has
 * not been created yet (the payer approved a MoMo request after the browser stopped asking, or the request died
 * between the two steps), and were not refused before. Each is paid as PayNow would (same key: at most once).
 */
export const payFundedCarts = async (
  db: Db,
  wallet: Pick<WalletModule, 'service' | 'provider'>,
  log: FastifyBaseLogger,
): Promise<number> => {
  const funded = await queryRows<{ cart_id: string; user_id: number }>(
    db,
    sql`select o.funding_cart_id as cart_id, o.user_id from wallet_operations o
        where o.funding_cart_id is not null and o.status = 'Successful'
          and not exists (select 1 from wallet_operations p where p.cart_id = o.funding_cart_id)
          and not exists (select 1 from idempotency_keys k
                          where k.user_id = o.user_id and k.key = ${FUNDED_CART_KEY_PREFIX} || o.funding_cart_id::text
                            and k.response_status is not null)
        order by o.resolved_at limit ${FUNDED_BATCH}`,
  );
  let paid = 0;
  for (const { cart_id: cartId, user_id: userId } of funded) {
    try {
      const cart = await cartOfUser(db, userId, cartId);
      if (!cart) continue;
      await transferFundedCart(db, wallet, cart);
      paid += 1;
    } catch (error) {
      log.error({ err: error, cartId }, 'paying a funded transfer cart failed');
    }
  }
  return paid;
};
