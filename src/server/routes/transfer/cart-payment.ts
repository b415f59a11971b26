import { payoutRailOf } from '../../../domain/cross-border';
import { WALLET_CURRENCY } from '../../../domain/money';
import type { Db } from '../../db/client';
import { failure } from '../../envelope';
import { HttpError, toViolations } from '../../http-error';
import type { IdempotencyKey, StoredAnswer } from '../../idempotency/idempotency-key';
import type { Counterparty } from '../../ledger/counterparty';
import { CartAlreadyPaidError, PreconditionFailedError } from '../../ledger/errors';
import type { OperationDraft } from '../../ledger/operation';
import type { Continuation } from '../../monitoring/continuations';
import type { WalletModule } from '../wallet/wallet-module';
import { cartStillPayable, type Cart, type CartRefusal } from './carts-repository';
import { couponRefusalOf } from './coupons-repository';
import { verifiedWalletOwner } from './receivers-repository';

/*
 * How a cart is paid from the wallet, by its beneficiary: a MoMo number that is some other user's verified phone
 * is paid wallet to wallet at once (on-us, local transfers only); any other MoMo number through the MoMo rail; a
 * bank account through the bank rail. The rails hold amount + fee, pay out, then post or release (the worker
 * follows what stays pending). The quote's fee is charged as it was quoted.
 */

const lastFour = (digits: string) => digits.slice(-4);

/** '•••• 4567': what may be shown of a number or an account. */
export const maskedDigits = (digits: string) => `•••• ${lastFour(digits)}`;

/** The answer when the wallet cannot cover amount + fee (the wallet payment card's own message). */
export const notEnoughFundsAnswer: StoredAnswer = {
  statusCode: 400,
  body: failure(
    400,
    'walletPayment.notEnough',
    toViolations([{ field: 'amount', messageId: 'walletPayment.notEnough' }]),
  ),
};

const cartRefusalStatus: Record<CartRefusal, number> = {
  'beneficiary.notFound': 404,
  'transfer.quoteExpired': 410,
};

/** The ledger's refusal of a cart (cartStillPayable), or null for any other error. */
export const cartRefusalOf = (error: unknown): CartRefusal | null =>
  error instanceof PreconditionFailedError && Object.hasOwn(cartRefusalStatus, error.refusal)
    ? (error.refusal as CartRefusal)
    : null;

/**
 * Ledger errors of a payment as answers: a cart another request paid first is a 409; so is a coupon the database
 * refused to count (used up meanwhile, expired, switched off), with its message; a beneficiary deleted or a quote
 * expired by the time the ledger held the wallet is a 404 or a 410, as PayNow's own checks answer them.
 */
export const cartPaymentError = (error: unknown): unknown => {
  if (error instanceof CartAlreadyPaidError) return new HttpError(409, 'transfer.alreadyPaid');
  const cartRefusal = cartRefusalOf(error);
  if (cartRefusal) return new HttpError(cartRefusalStatus[cartRefusal], cartRefusal);
  const refusal = couponRefusalOf(error);
  if (refusal)
    return new HttpError(409, refusal, toViolations([{ field: 'couponCode', messageId: refusal }]));
  return error;
};

const momoCounterparty = (cart: Cart, network: string): Counterparty => ({
  rail: 'momo',
  label: `${cart.beneficiaryName}, ${network} ${maskedDigits(cart.beneficiaryPhone)}`,
  network,
  lastFour: lastFour(cart.beneficiaryPhone),
});

const bankCounterparty = (cart: Cart, bankId: number, bankName: string, accountNo: string): Counterparty => ({
  rail: 'bank',
  label: `${cart.beneficiaryName}, ${bankName} ${maskedDigits(accountNo)}`,
  bankId,
  bankName,
  lastFour: lastFour(accountNo),
});

const cashCounterparty = (cart: Cart): Counterparty => ({
  rail: 'cash',
  label: `${cart.beneficiaryName}, cash pick-up ${maskedDigits(cart.beneficiaryPhone)}`,
  partner: CASH_PICKUP_PARTNER,
  lastFour: lastFour(cart.beneficiaryPhone),
});

/** The cash network that pays cash pick-ups out (one partner today; its payout account is per partner). */
export const CASH_PICKUP_PARTNER = 'sandbox-cash';

/**
 * Pays an open cart of the idempotency key's user from the wallet, once; the answer is stored under the key. The
 * delivery method decides the payout rail (domain/cross-border.ts payoutRailOf): a mobile wallet is paid on-us
 * (a local transfer to another user's verified number) or by a MoMo payout, a bank deposit by a bank payout, a
 * cash pick-up by the cash partner (the recipient collects with the cart's code); the wallet delivery method
 * follows the beneficiary. Every payout tells the rail the currency and amount the recipient gets.
 *
 * Whatever the route checked before, the ledger checks again once it holds the wallet, in the transaction that
 * moves the money (cartStillPayable): a beneficiary deleted, or (with `quoteExpiry`, the default) a quote expired
 * meanwhile refuses the payment (cartPaymentError: 404, 410) and nothing moves. A cart funded by its own collection
 * was charged while its quote held: it is paid at that quote (`quoteExpiry: false`). `walletOwnerId`: the owner of
 * the cart's number as a verified phone when the caller read it with the cart (carts-repository.ts cartToPay).
 */
export const payCart = async (
  db: Db,
  { service }: Pick<WalletModule, 'service'>,
  idempotency: IdempotencyKey,
  cart: Cart,
  { quoteExpiry = true, walletOwnerId }: { quoteExpiry?: boolean; walletOwnerId?: number | null } = {},
): Promise<StoredAnswer> => {
  const quoted = { amountMinor: cart.sendMinor, feeMinor: cart.feeMinor, cartId: cart.id };
  const amountMinor = cart.sendMinor;
  const payout = { currency: cart.currency, payoutMinor: cart.receiveMinor };
  const precondition = cartStillPayable(cart.id, { quoteExpiry });
  const move = (draft: OperationDraft, continuation: Continuation) =>
    service.move({
      idempotency,
      draft,
      ...service.payout(continuation),
      insufficientFunds: notEnoughFundsAnswer,
      precondition,
    });
  const rail = payoutRailOf(cart.deliveryMethodId);

  if (rail === 'cash_pickup') {
    const collectionCode = cart.collectionCode;
    if (collectionCode === null) throw new Error(`cash pick-up cart ${cart.id} has no collection code`);
    return move(
      { kind: 'cash_pickup_transfer', ...quoted, counterparty: cashCounterparty(cart) },
      {
        name: 'cashPickupPayout',
        request: {
          amountMinor,
          ...payout,
          recipientName: cart.beneficiaryName,
          recipientPhone: cart.beneficiaryPhone,
          collectionCode,
        },
      },
    );
  }
  if (rail === 'momo' || (rail === 'beneficiary' && cart.beneficiaryType === 'mobile')) {
    const network = cart.network ?? '';
    const receiver =
      cart.currency === WALLET_CURRENCY
        ? walletOwnerId !== undefined
          ? walletOwnerId
          : await verifiedWalletOwner(db, cart.beneficiaryPhone, cart.userId)
        : null;
    if (receiver !== null) {
      return service.pay({
        idempotency,
        draft: {
          kind: 'wallet_transfer',
          ...quoted,
          counterparty: { rail: 'wallet', label: cart.beneficiaryName, userId: receiver },
        },
        insufficientFunds: notEnoughFundsAnswer,
        precondition,
      });
    }
    return move(
      { kind: 'momo_transfer', ...quoted, counterparty: momoCounterparty(cart, network) },
      { name: 'momoPayout', request: { amountMinor, phone: cart.beneficiaryPhone, network, ...payout } },
    );
  }
  const { bankId, bankName, accountNo } = cart;
  if (bankId === null || bankName === null || accountNo === null)
    throw new Error(`bank cart ${cart.id} has no account`);
  return move(
    { kind: 'bank_transfer', ...quoted, counterparty: bankCounterparty(cart, bankId, bankName, accountNo) },
    { name: 'bankPayout', request: { amountMinor, bankId, accountNumber: accountNo, ...payout } },
  );
};
