import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/paths';
import { couponCheckQuerySchema, couponCheckResponses } from '../../../contract/cross-border';
import {
  cartIdQuerySchema,
  exchangeRatesResponses,
  initiateTransferRequestSchema,
  initiateTransferResponses,
  payNowRequestSchema,
  payNowResponses,
  transferReviewResponses,
  type PayNowRequest,
  type TransferQuote,
  type TransferReview,
} from '../../../contract/transfer';
import {
  DELIVERY_METHOD_IDS,
  deliveryViolations,
  isCrossBorderDeliveryMethod,
  paymentWayViolations,
} from '../../../domain/cross-border';
import { convertMinor } from '../../../domain/fx';
import { DEFAULT_MOMO_PROVIDER } from '../../../domain/momo';
import { minorToApiAmount, parseDecimalAmount, WALLET_CURRENCY } from '../../../domain/money';
import type { RuleViolation } from '../../../domain/rule';
import { currencyOfCountry, receiveCurrencyOf, receivingViolations } from '../../../domain/receiving-country';
import { isLocalTransfer, transferSubmitViolations } from '../../../domain/transfer';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import type { StoredAnswer } from '../../idempotency/idempotency-key';
import { idempotencyOf, requireIdempotencyKey } from '../../idempotency/require-idempotency-key';
import { currentUser } from '../../plugins/auth';
import { identityGate } from '../../plugins/identity-gate';
import { WALLET_BALANCE_PAYMENT_METHOD_ID } from '../../seed/reference-data';
import type { RouteDeps } from '../deps';
import { answering } from '../wallet/ledger-answers';
import type { WalletModule } from '../wallet/wallet-module';
import { payCartByCollection, payFundedCarts, type CollectionPayment } from './cart-collection';
import { cartPaymentError, maskedDigits, payCart } from './cart-payment';
import { newCollectionCode } from './collection-code';
import { feeWithCoupon } from './coupon-quote';
import {
  cartOfUser,
  cartToPay,
  createCart,
  initiateTransferReads,
  type Cart,
  type NewCart,
} from './carts-repository';
import { currentRate, currentRates, exchangeRateOf } from './rates-repository';

/*
 * The transfer engine: the rate table, InitiateTransfer (a cart holding a quote), its review, and PayNow (the cart
 * paid from the wallet exactly once). Transaction history and receipts: transaction-history-routes.ts.
 */

const rejectIfBroken = (broken: readonly RuleViolation[]): void => {
  if (broken.length > 0) throw violationsError(toViolations(broken));
};

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.statusCode).send(answer.body);

const fullName = (...names: string[]) => names.filter((name) => name !== '').join(' ');

/** The GHS rate of the table is 1 by definition: amounts are sent in the wallet's currency. */
const WALLET_RATE = '1';

const quoteOf = (
  cart: Pick<
    Cart,
    | 'id'
    | 'sendMinor'
    | 'feeMinor'
    | 'totalMinor'
    | 'currency'
    | 'receiveMinor'
    | 'rate'
    | 'beneficiaryId'
    | 'paymentMethodId'
    | 'deliveryMethodId'
    | 'discountMinor'
  > & { couponCode: string | null },
  expiresAt: Date,
): TransferQuote => ({
  guidId: cart.id,
  sendAmount: minorToApiAmount(cart.sendMinor),
  processingFee: minorToApiAmount(cart.feeMinor),
  totalPay: minorToApiAmount(cart.totalMinor),
  sendCurrency: WALLET_CURRENCY,
  currency: cart.currency,
  receiveAmount: minorToApiAmount(cart.receiveMinor),
  rate: cart.rate,
  expiresAt: expiresAt.toISOString(),
  beneficiaryId: cart.beneficiaryId,
  paymentMethodId: cart.paymentMethodId,
  deliveryMethodId: cart.deliveryMethodId,
  couponCode: cart.couponCode,
  couponDiscount: minorToApiAmount(cart.discountMinor),
});

const reviewOf = (cart: Cart): TransferReview => ({
  ...quoteOf(cart, cart.expiresAt),
  transactionFee: minorToApiAmount(cart.feeMinor),
  paymentType: cart.paymentMethod,
  deliveryMethod: cart.deliveryMethod,
  beneficiaryName: cart.beneficiaryName,
  beneficiaryPhone: cart.beneficiaryPhone,
  beneficiaryAccount: cart.accountLabel,
  purpose: cart.purpose,
  cartStatus: cart.status,
});

/** A card or MoMo PayNow (the body carries the card or the payer's number); null: paid from the wallet. */
const collectionOf = (body: PayNowRequest): CollectionPayment | null => {
  if (body.momoPhone !== undefined)
    return { way: 'momo', phone: body.momoPhone.trim(), network: body.momoProvider ?? DEFAULT_MOMO_PROVIDER };
  const cardFields = [body.cardNumber, body.cardCVCNumber, body.cardExpiryMonth, body.cardExpiryYear];
  if (cardFields.every((field) => field === undefined)) return null;
  return {
    way: 'card',
    card: {
      // The spec's card variant carries no name on the card: a name is checked when sent, never required.
      firstName: body.firstName,
      lastName: body.lastName,
      cardNumber: (body.cardNumber ?? '').replace(/\s+/g, ''),
      cvv: body.cardCVCNumber ?? '',
      expiryMonth: Number(body.cardExpiryMonth ?? Number.NaN),
      expiryYear: Number(body.cardExpiryYear ?? Number.NaN),
    },
    amountMinor: body.cardAmount === undefined ? null : parseDecimalAmount(body.cardAmount),
  };
};

export const transferRoutes: FastifyPluginAsyncZod<RouteDeps & { wallet: WalletModule }> = async (
  app,
  { db, wallet },
) => {
  // Carts paid by card or MoMo whose collection succeeded are paid out by the worker if no request did it.
  wallet.worker.addPass(async () => {
    await payFundedCarts(db, wallet, app.log);
  });

  app.get(apiPaths.exchangeRates, { schema: { response: exchangeRatesResponses } }, async () =>
    ok((await currentRates(db)).map(exchangeRateOf)),
  );

  /*
   * No identity gate here: an identification on file is the seventh rule of spec section 5, answered in its place
   * among the others (400, every broken rule in order). PayNow, which moves money, is behind the gate (403).
   */
  app.post(
    apiPaths.initiateTransfer,
    { schema: { body: initiateTransferRequestSchema, response: initiateTransferResponses } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      if (body.senderId !== userId) throw new HttpError(403, 'auth.forbidden');
      const paymentMethodId =
        body.paymentMethodId > 0 ? body.paymentMethodId : WALLET_BALANCE_PAYMENT_METHOD_ID;
      // One statement reads what the rules below check; the rate too when the currency is named (else see below).
      const reads = await initiateTransferReads(
        db,
        {
          userId,
          receivingCountryId: body.receivingCountryId,
          beneficiaryId: body.beneficiaryId,
          purposeId: body.transactionPurposeId,
          deliveryMethodId: body.deliveryMethodId,
          paymentMethodId,
        },
        body.currency ?? null,
      );
      if (!reads) throw new HttpError(400, 'request.invalid');
      const { country, choices, beneficiary } = reads;
      // The receiving country decides the currency: the one named must agree with it (domain/receiving-country.ts).
      const receiving = {
        receivingCountryId: country.id,
        countryCurrency: currencyOfCountry(country.isoCode),
        currency: body.currency ?? null,
        deliveryMethodId: body.deliveryMethodId,
      };
      rejectIfBroken(receivingViolations({ ...receiving, beneficiaryCountryId: null }));
      // A country whose currency the table lacks is answered as an unknown currency below.
      const currency = receiveCurrencyOf(receiving) ?? '';
      const sendMinor = parseDecimalAmount(body.sendAmount);
      rejectIfBroken(
        transferSubmitViolations({
          transactionPurposeId: body.transactionPurposeId,
          beneficiaryId: body.beneficiaryId,
          sendAmountMinor: sendMinor,
          receiveCurrency: currency,
          paymentMethodId: body.paymentMethodId,
          deliveryMethodId: body.deliveryMethodId,
          hasIdentification: reads.hasIdentification,
        }),
      );

      // What was chosen must exist (and be offered), in the order of the rules' fields. A currency named is the
      // one read with the rest (receiveCurrencyOf); the country's is known only now, so its rate is read now.
      const rate =
        body.currency === undefined ? ((await currentRate(db, currency))?.rate ?? null) : reads.rate;
      rejectIfBroken([
        ...(choices.purpose === null
          ? [{ field: 'transactionPurposeId', messageId: 'transfer.purposeRequired' } as const]
          : []),
        ...(rate === null ? [{ field: 'currency', messageId: 'transfer.currencyUnknown' } as const] : []),
        ...(choices.paymentMethod === null
          ? [{ field: 'paymentMethodId', messageId: 'transfer.paymentMethodRequired' } as const]
          : []),
        ...(choices.deliveryMethod === null
          ? [{ field: 'deliveryMethodId', messageId: 'transfer.deliveryMethodRequired' } as const]
          : []),
      ]);

      if (!beneficiary) throw new HttpError(404, 'beneficiary.notFound');
      // The delivery method decides the payout rail: it must suit the beneficiary (and be cross-border abroad).
      rejectIfBroken([
        ...(!isLocalTransfer(currency) && !isCrossBorderDeliveryMethod(body.deliveryMethodId)
          ? [{ field: 'deliveryMethodId', messageId: 'transfer.deliveryMethodRequired' } as const]
          : []),
        ...deliveryViolations({
          deliveryMethodId: body.deliveryMethodId,
          beneficiaryType: beneficiary.type,
          beneficiaryPhone: beneficiary.phone,
        }),
        ...receivingViolations({ ...receiving, beneficiaryCountryId: beneficiary.countryId }),
      ]);

      const sendAmountMinor = sendMinor as number;
      const { couponId, couponCode, fee } = await feeWithCoupon(db, userId, body.couponCode, sendAmountMinor);
      const cartRate = rate as string;
      const cart: NewCart = {
        userId,
        beneficiaryId: beneficiary.id,
        beneficiaryType: beneficiary.type,
        beneficiaryName: fullName(beneficiary.firstName, beneficiary.middleName, beneficiary.lastName),
        beneficiaryPhone: beneficiary.phone,
        network: beneficiary.network,
        bankId: beneficiary.bankId,
        bankName: beneficiary.bankName,
        accountNo: beneficiary.accountNo,
        accountLabel:
          beneficiary.type === 'bank' && beneficiary.accountNo !== null
            ? `${beneficiary.bankName ?? ''} ${maskedDigits(beneficiary.accountNo)}`.trim()
            : '',
        receiveCountry: country.name,
        sendMinor: sendAmountMinor,
        feeMinor: fee.feeMinor,
        totalMinor: sendAmountMinor + fee.feeMinor,
        currency,
        receiveMinor: convertMinor(sendAmountMinor, WALLET_RATE, cartRate),
        rate: cartRate,
        purposeId: body.transactionPurposeId,
        payeeNote: body.payeeNote.trim(),
        paymentMethodId,
        deliveryMethodId: body.deliveryMethodId,
        couponId,
        discountMinor: fee.discountMinor,
        collectionCode: body.deliveryMethodId === DELIVERY_METHOD_IDS.cashPickup ? newCollectionCode() : null,
      };
      const created = await createCart(db, cart);
      return reply
        .code(201)
        .send(ok(quoteOf({ ...cart, couponCode, id: created.id }, created.expiresAt), 201));
    },
  );

  app.get(
    apiPaths.reviewTransfer,
    { schema: { querystring: cartIdQuerySchema, response: transferReviewResponses } },
    async (request) => {
      const cart = await cartOfUser(db, currentUser(request).id, request.query.CartId);
      if (!cart) throw new HttpError(404, 'transfer.cartNotFound');
      return ok(reviewOf(cart));
    },
  );

  app.get(
    apiPaths.checkCoupon,
    { schema: { querystring: couponCheckQuerySchema, response: couponCheckResponses } },
    async (request) => {
      const sendMinor = parseDecimalAmount(request.query.sendAmount);
      if (sendMinor === null || sendMinor <= 0)
        rejectIfBroken([{ field: 'sendAmount', messageId: 'transfer.amountInvalid' }]);
      const send = sendMinor as number;
      const { couponCode, fee } = await feeWithCoupon(
        db,
        currentUser(request).id,
        request.query.couponCode,
        send,
      );
      return ok({
        couponCode: couponCode ?? '',
        feeBeforeDiscount: minorToApiAmount(fee.feeBeforeDiscountMinor),
        couponDiscount: minorToApiAmount(fee.discountMinor),
        processingFee: minorToApiAmount(fee.feeMinor),
        totalPay: minorToApiAmount(send + fee.feeMinor),
      });
    },
  );

  app.post(
    apiPaths.payNow,
    {
      preValidation: [identityGate(db), requireIdempotencyKey],
      schema: { body: payNowRequestSchema, response: payNowResponses },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request);
      const collection = collectionOf(request.body);
      if (collection) {
        const answer = await answering(
          payCartByCollection(db, wallet, idempotency, request.body.cartId, collection).catch(
            (error: unknown) => {
              throw cartPaymentError(error);
            },
          ),
        );
        return send(reply, answer);
      }
      const answer = await answering(
        (async () => {
          // One read: the cart, whether the key is recorded and who owns the cart's number (an on-us payment).
          const toPay = await cartToPay(db, currentUser(request).id, request.body.cartId, idempotency.key);
          // A repeat of a request already made replays its answer, even once its cart is paid or expired.
          if (!toPay || toPay.keyRecorded) {
            const replayed = await wallet.service.replay(idempotency);
            if (replayed) return replayed;
          }
          if (!toPay) throw new HttpError(404, 'transfer.cartNotFound');
          const { cart, walletOwnerId } = toPay;
          if (cart.status === 'paid') {
            // Paid by this very key meanwhile (a concurrent copy of this request): its answer.
            const paidByThisKey = await wallet.service.replay(idempotency);
            if (paidByThisKey) return paidByThisKey;
            throw new HttpError(409, 'transfer.alreadyPaid');
          }
          if (cart.status === 'expired') throw new HttpError(410, 'transfer.quoteExpired');
          if (cart.beneficiaryDeleted) throw new HttpError(404, 'beneficiary.notFound');
          rejectIfBroken(paymentWayViolations(cart.paymentMethodId, 'wallet'));
          return payCart(db, wallet, idempotency, cart, { walletOwnerId }).catch((error: unknown) => {
            throw cartPaymentError(error);
          });
        })(),
      );
      return send(reply, answer);
    },
  );
};
