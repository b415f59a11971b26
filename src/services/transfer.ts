import { apiPaths } from '../contract/paths';
import { moneyPost } from './money-post';
import type { CouponCheck, CouponCheckInPesewas } from '../contract/cross-border';
import type {
  CartPayment,
  ExchangeRate,
  TransactionDetail,
  TransactionHistoryPage,
  TransactionHistoryRow,
  TransferQuote,
  TransferQuoteInPesewas,
  TransferReview,
  TransferRequestInPesewas,
  TransferReviewInPesewas,
  TransactionMovement,
  TransactionMovementPage,
  TransactionReceipt,
} from '../contract/transfer';
import type { WalletOperation, WalletOperationResult } from '../contract/wallet';
import type { MinorUnits } from '../domain/money';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { currentUserId, get, post } from './http';

type Call = { signal?: AbortSignal };

const optionalAmount = (minor: MinorUnits | undefined) =>
  minor === undefined ? undefined : minorToApiAmount(minor);

const quoteOf = (quote: TransferQuote): TransferQuoteInPesewas => ({
  ...quote,
  sendAmount: apiAmountToMinor(quote.sendAmount),
  processingFee: apiAmountToMinor(quote.processingFee),
  totalPay: apiAmountToMinor(quote.totalPay),
  receiveAmount: apiAmountToMinor(quote.receiveAmount),
  couponDiscount: apiAmountToMinor(quote.couponDiscount),
});

const movementOf = (row: TransactionHistoryRow): TransactionMovement => ({
  ...row,
  sendAmount: apiAmountToMinor(row.sendAmount),
  fee: apiAmountToMinor(row.fee),
  receiveAmount: apiAmountToMinor(row.receiveAmount),
});

/** The one rate table (units per GHS), for the currency select and the converter. */
export const getExchangeRates = (call: Call = {}): Promise<ExchangeRate[]> =>
  get<ExchangeRate[]>(apiPaths.exchangeRates, call);

/** 201 with the cart's quote (data.guidId); 400 with the first broken rule of spec section 5. */
export const initiateTransfer = async (
  { sendAmount, receiveAmount, processingFee, totalPay, ...request }: TransferRequestInPesewas,
  call: Call = {},
): Promise<TransferQuoteInPesewas> =>
  quoteOf(
    await post<TransferQuote>(
      apiPaths.initiateTransfer,
      {
        ...request,
        senderId: currentUserId(),
        sendAmount: minorToApiAmount(sendAmount),
        receiveAmount: optionalAmount(receiveAmount),
        processingFee: optionalAmount(processingFee),
        totalPay: optionalAmount(totalPay),
      },
      call,
    ),
  );

export const reviewTransfer = async (cartId: string, call: Call = {}): Promise<TransferReviewInPesewas> => {
  const review = await get<TransferReview>(apiPaths.reviewTransfer, { ...call, query: { CartId: cartId } });
  return { ...review, ...quoteOf(review), transactionFee: apiAmountToMinor(review.transactionFee) };
};

/** The body of PayNow for one way of paying (contract/transfer.ts payNowRequestSchema). */
const paymentFields = (payment: CartPayment) => {
  switch (payment.method) {
    case 'wallet':
      return {};
    case 'card':
      return {
        firstName: payment.firstName,
        lastName: payment.lastName,
        cardNumber: payment.cardNumber,
        cardExpiryMonth: payment.expiryMonth,
        cardExpiryYear: payment.expiryYear,
        cardCVCNumber: payment.cvc,
        cardAmount: minorToApiAmount(payment.amount),
        currency: 'GHS',
        isBankPayment: false,
      };
    case 'momo':
      return { momoPhone: payment.phone, momoProvider: payment.provider };
  }
};

/**
 * Pays the cart once (the key is reused on retry): from the wallet (the default), by card, or by a MoMo collection.
 * A payout on its way answers 'pending' (followed with GetWalletOperation); a MoMo payment waiting for the payer
 * answers 'pending' with the collection's reference: call again with the same key and payment to follow it, until
 * the transfer's answer comes back (or the payer's refusal, thrown like every failure).
 */
export const payNow = async (
  cartId: string,
  idempotencyKey: string,
  call: Call = {},
  payment: CartPayment = { method: 'wallet' },
): Promise<WalletOperation> => {
  const result = await moneyPost<WalletOperationResult>(
    apiPaths.payNow,
    { userId: currentUserId(), cartId, ...paymentFields(payment) },
    idempotencyKey,
    call,
  );
  return {
    ...result,
    amount: apiAmountToMinor(result.amount),
    walletAmount: apiAmountToMinor(result.walletAmount),
  };
};

/** What a coupon takes off the fee of sending `sendAmount` (pesewas); a coupon that does not apply throws its 400. */
export const checkCoupon = async (
  couponCode: string,
  sendAmount: MinorUnits,
  call: Call = {},
): Promise<CouponCheckInPesewas> => {
  const check = await get<CouponCheck>(apiPaths.checkCoupon, {
    ...call,
    query: { couponCode, sendAmount: minorToApiAmount(sendAmount) },
  });
  return {
    ...check,
    feeBeforeDiscount: apiAmountToMinor(check.feeBeforeDiscount),
    couponDiscount: apiAmountToMinor(check.couponDiscount),
    processingFee: apiAmountToMinor(check.processingFee),
    totalPay: apiAmountToMinor(check.totalPay),
  };
};

/** One page (0-based) of the user's transfers, newest first, and their total; `search` on names or reference. */
export const getTransactionHistoryPage = async (
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  call: Call = {},
): Promise<TransactionMovementPage> => {
  const answer = await get<TransactionHistoryPage>(apiPaths.transactionHistoryPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize, ...(search ? { search } : {}) },
  });
  return { ...answer, rows: answer.rows.map(movementOf) };
};

/** The receipt of one of the user's transfers (sent or received). */
export const getTransactionReceipt = async (
  referenceNumber: string,
  call: Call = {},
): Promise<TransactionReceipt> => {
  const detail = await get<TransactionDetail>(apiPaths.transactionByReference, {
    ...call,
    query: { referenceNumber },
  });
  return {
    ...detail,
    transferAmount: apiAmountToMinor(detail.transferAmount),
    processingFee: apiAmountToMinor(detail.processingFee),
    payAmount: apiAmountToMinor(detail.payAmount),
    receiveAmount: apiAmountToMinor(detail.receiveAmount),
    couponDiscount: apiAmountToMinor(detail.couponDiscount),
  };
};
