import { z } from 'zod';
import { dbText, int4, queryInt4Id, storableText } from './db-input';
import { COUPON_CODE_MAX_LENGTH } from '../domain/coupon';
import type { MinorUnits } from '../domain/money';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { apiAmountSchema, envelopeResponses, envelopeSchema } from './envelope';
import { walletOperationResultSchema, walletOperationStatusSchema } from './wallet';

/*
 * Sending money (spec sections 3, 4, 5 and 7): a transfer request becomes a cart holding a quote (fee, total, the
 * receive amount and the rate, locked for a stated time); PayNow pays a cart exactly once. Amounts sent are GHS
 * (the wallet's currency); `currency` is the currency the beneficiary receives.
 */

/** A currency code of the rate table ('GHS', 'USD'...). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);

/** GET api/Transaction/GetExchangeRates (new): the one rate table, for the converter and the currency select. */
export const exchangeRateSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Units of this currency for one GHS, an exact decimal string ('0.0812'); GHS is '1'. */
  rate: z.string(),
  /** ISO datetime the rate was set. */
  asOf: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export const exchangeRatesResponses = envelopeResponses(200, z.array(exchangeRateSchema));

/**
 * POST api/Transaction/InitiateTransfer: the transfer request of spec section 3. The server recomputes the fee,
 * the total and the receive amount (the browser's `processingFee`, `totalPay` and `receiveAmount` are only what
 * it showed); 0 in an id means "not chosen" and breaks its rule of section 5.
 */
export const initiateTransferRequestSchema = z.object({
  sendAmount: apiAmountSchema,
  receiveAmount: apiAmountSchema.optional(),
  /**
   * The currency the beneficiary receives (new, optional): absent, it is the receiving country's; named, it must be
   * that country's (else 400 'transfer.currencyNotCountrys'). 'GHS' (Ghana) is a local transfer.
   */
  currency: currencyCodeSchema.optional(),
  sendingCountryId: int4.default(1),
  /**
   * Where the money is received (spec: 1, Ghana, by default). It decides the currency; a payout into the
   * beneficiary's own MoMo wallet or bank account must be received in that account's country (else 400
   * 'transfer.beneficiaryCountry'); a cash pick-up is collected in the country named. An id not on file is 400.
   */
  receivingCountryId: int4.default(1),
  paymentMethodId: int4.default(0),
  /** The sender: must be the token's user. */
  senderId: int4,
  beneficiaryId: int4.default(0),
  deliveryMethodId: int4.default(0),
  transactionPurposeId: int4.default(0),
  identificationId: int4.default(0),
  processingFee: apiAmountSchema.optional(),
  totalPay: apiAmountSchema.optional(),
  /** The notes that purpose 4 ('Other') reveals. */
  payeeNote: dbText(500).default(''),
  /**
   * A discount coupon (new): its discount comes off the processing fee of this quote. '' or absent: none. An
   * unknown, expired or used-up code is a 400 with its message (field `couponCode`). Initiating again with the same
   * details is how a fresh quote is taken (an expired one, or one whose coupon no longer applies).
   */
  couponCode: storableText(z.string().trim().max(COUPON_CODE_MAX_LENGTH)).default(''),
});
export type InitiateTransferRequest = z.input<typeof initiateTransferRequestSchema>;

/** What a cart holds: the quote, fixed when the transfer was initiated. */
export const transferQuoteSchema = z.object({
  /** The cart id (spec: data.guidId). */
  guidId: z.string().uuid(),
  sendAmount: apiAmountSchema,
  processingFee: apiAmountSchema,
  totalPay: apiAmountSchema,
  /** 'GHS'. */
  sendCurrency: z.string(),
  currency: z.string(),
  receiveAmount: apiAmountSchema,
  /** Units of `currency` per GHS used for this quote ('1' for a local transfer). */
  rate: z.string(),
  /** ISO datetime: the quote, and its rate, hold until then (15 minutes after initiation). */
  expiresAt: z.string(),
  beneficiaryId: z.number().int(),
  /** How it will be paid (domain/cross-border.ts PAYMENT_METHOD_IDS; 4, the wallet, when none was chosen). */
  paymentMethodId: z.number().int(),
  /** How the beneficiary receives it (domain/cross-border.ts DELIVERY_METHOD_IDS). */
  deliveryMethodId: z.number().int(),
  /** The coupon applied (normalised: upper case), or null. */
  couponCode: z.string().nullable(),
  /** What the coupon took off the fee (GHS); `processingFee` is the fee after it, so the fee before is their sum. */
  couponDiscount: apiAmountSchema,
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;
/** 201 with the quote; 400 with the first broken rule of section 5, in its order. */
export const initiateTransferResponses = envelopeResponses(201, transferQuoteSchema);

export const cartIdQuerySchema = z.object({ CartId: z.string().uuid() });

/** GET api/Transaction/ReviewTransactionByCartId: the review fields of spec section 3 and the rest of the quote. */
export const transferReviewSchema = transferQuoteSchema.extend({
  transactionFee: apiAmountSchema,
  paymentType: z.string(),
  deliveryMethod: z.string(),
  beneficiaryName: z.string(),
  beneficiaryPhone: z.string(),
  /** 'Ecobank Ghana •••• 7890' for a bank beneficiary, else ''. */
  beneficiaryAccount: z.string(),
  purpose: z.string(),
  /** open: can be paid; paid; expired: initiate again. */
  cartStatus: z.enum(['open', 'paid', 'expired']),
});
export type TransferReview = z.infer<typeof transferReviewSchema>;
export const transferReviewResponses = envelopeResponses(200, transferReviewSchema);

const flexibleInt = z.union([
  int4,
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
]);

/**
 * POST api/Transaction/PayNow: pays the cart once, with an Idempotency-Key. What the body carries decides how:
 * - nothing more (spec: userId, cartId): from the wallet, as the /SendMoney wallet payment card does (its cart's
 *   payment method is 1, the id the spec sends for the wallet, or 4 / none);
 * - the card fields of spec section 3 (the card variant): the cart must have payment method 2 (Card); the card is
 *   charged the cart's total through the card rail, then the payout runs; a declined card pays nothing out (402);
 * - `momoPhone` (new): the cart must have payment method 1 (Mobile Wallet); a collection is requested from that
 *   number (202 pending until the payer approves on the phone), then the payout runs.
 * A cart of payment method 2 is only paid by card. Answers like every money-moving POST (referenceNumber, status,
 * walletAmount...): once paid, the transfer's (its payout 'pending' until delivered, followed with
 * GetWalletOperation); a MoMo payment waiting for the payer is 202 with the collection's reference: repeat the
 * same request, with the same Idempotency-Key, to follow it (202 while waiting, then the transfer's answer, or 402
 * if the payer declined). A cart that is another user's is 404, expired 410 ('transfer.quoteExpired': initiate
 * again for a fresh quote), already paid 409; a coupon that no longer applies 409 with its message.
 */
export const payNowRequestSchema = z.object({
  userId: int4,
  cartId: z.string().uuid(),
  /** Card variant: digits, spaces allowed. Never stored or logged. */
  cardNumber: dbText(32).optional(),
  cardExpiryYear: flexibleInt.optional(),
  cardExpiryMonth: flexibleInt.optional(),
  cardCVCNumber: dbText(8).optional(),
  /** Card variant: what the browser showed as the total; it must be the cart's total (else 409, re-review). */
  cardAmount: apiAmountSchema.optional(),
  /** Card variant: 'GHS' (the card is charged in the wallet's currency). */
  currency: z.literal('GHS').default('GHS'),
  isBankPayment: z.literal(false).default(false),
  /**
   * Card variant (new, optional): the name on the card (the card form's first and last name). The spec's card
   * variant carries none, so it is never required; a name that is sent must pass the card form's name rules.
   */
  firstName: dbText(100).optional(),
  lastName: dbText(100).optional(),
  /** MoMo variant (new): the payer's number (9 to 12 digits, or E.164) and network ('MTN' by default). */
  momoPhone: dbText(32).optional(),
  momoProvider: dbText(32).optional(),
});
export type PayNowRequest = z.input<typeof payNowRequestSchema>;
/** 200 (paid from the wallet or the card, the transfer's answer), 202 (MoMo waiting for the payer), failures. */
export const payNowResponses = {
  ...envelopeResponses(200, walletOperationResultSchema),
  202: envelopeSchema(walletOperationResultSchema),
};

export const transferDirectionSchema = z.enum(['sent', 'received']);

/** A row of the transaction history (spec section 3), newest first. */
export const transactionHistoryRowSchema = z.object({
  id: z.number().int(),
  senderName: z.string(),
  receiverName: z.string(),
  referenceNumber: z.string(),
  sendAmount: apiAmountSchema,
  /** The processing fee that left the wallet with a transfer sent (sendAmount + fee was paid); 0 for one received. */
  fee: apiAmountSchema,
  status: walletOperationStatusSchema,
  /** Sent by this user, or received from another user of the app (on-us). */
  direction: transferDirectionSchema,
  receiveAmount: apiAmountSchema,
  currency: z.string(),
  /** ISO datetime. */
  date: z.string(),
});
export type TransactionHistoryRow = z.infer<typeof transactionHistoryRowSchema>;

export const TRANSACTION_HISTORY_MAX_PAGE_SIZE = 50;

/** GET api/Transaction/GetTransactionsHistoryPage (new): one page, the total, a search on sender, receiver or reference. */
export const transactionHistoryPageQuerySchema = z.object({
  userId: queryInt4Id,
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(TRANSACTION_HISTORY_MAX_PAGE_SIZE).default(5),
  /** Case-insensitive contains on sender name, receiver name or reference number (`%` and `_` as typed). */
  search: storableText(z.string().trim().max(SEARCH_TERM_MAX_LENGTH)).optional(),
});
export const transactionHistoryPageSchema = z.object({
  rows: z.array(transactionHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TransactionHistoryPage = z.infer<typeof transactionHistoryPageSchema>;
export const transactionHistoryResponses = envelopeResponses(200, z.array(transactionHistoryRowSchema));
export const transactionHistoryPageResponses = envelopeResponses(200, transactionHistoryPageSchema);

export const referenceNumberQuerySchema = z.object({ referenceNumber: dbText(32) });

/** GET api/Transaction/GetTransactionByReferenceNumber: the transaction detail of spec section 3, for receipts. */
export const transactionDetailSchema = z.object({
  referenceNumber: z.string(),
  direction: transferDirectionSchema,
  status: walletOperationStatusSchema,
  failureMessageId: z.string().nullable(),
  /** ISO datetime. */
  sendDateTime: z.string(),
  senderName: z.string(),
  senderPhone: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  /** 'Ecobank Ghana •••• 7890' for a bank transfer, else ''. */
  receiverAccount: z.string(),
  receiverCountry: z.string(),
  /** What was sent (GHS). */
  transferAmount: apiAmountSchema,
  processingFee: apiAmountSchema,
  /** What the sender paid: transfer amount + fee (GHS). */
  payAmount: apiAmountSchema,
  receiveAmount: apiAmountSchema,
  currency: z.string(),
  rate: z.string(),
  purpose: z.string(),
  deliveryMethod: z.string(),
  paymentType: z.string(),
  /**
   * Cash pick-up (new): the code the recipient quotes, with an ID, to collect the cash; shown on the sender's
   * receipt once the transfer is paid. null for other delivery methods, and on the receiver's side.
   */
  collectionCode: z.string().nullable(),
  /** What a coupon took off the fee (GHS; 0 without one). */
  couponDiscount: apiAmountSchema,
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
export const transactionDetailResponses = envelopeResponses(200, transactionDetailSchema);

/*
 * The browser's side: src/services converts every amount to pesewas (minor units of its currency) as it reads it.
 */
export type TransferQuoteInPesewas = Omit<
  TransferQuote,
  'sendAmount' | 'processingFee' | 'totalPay' | 'receiveAmount' | 'couponDiscount'
> & {
  sendAmount: MinorUnits;
  processingFee: MinorUnits;
  totalPay: MinorUnits;
  /** Minor units of `currency`. */
  receiveAmount: MinorUnits;
  couponDiscount: MinorUnits;
};

/** A transfer request as the browser builds it: amounts in pesewas, the sender taken from the session. */
export type TransferRequestInPesewas = Omit<
  InitiateTransferRequest,
  'senderId' | 'sendAmount' | 'receiveAmount' | 'processingFee' | 'totalPay'
> & { sendAmount: MinorUnits; receiveAmount?: MinorUnits; processingFee?: MinorUnits; totalPay?: MinorUnits };

/** The review as the browser holds it: every amount in minor units. */
export type TransferReviewInPesewas = Omit<
  TransferReview,
  'sendAmount' | 'processingFee' | 'totalPay' | 'receiveAmount' | 'transactionFee' | 'couponDiscount'
> &
  TransferQuoteInPesewas & { transactionFee: MinorUnits };

/** A history row as the browser holds it. */
export type TransactionMovement = Omit<TransactionHistoryRow, 'sendAmount' | 'fee' | 'receiveAmount'> & {
  sendAmount: MinorUnits;
  fee: MinorUnits;
  receiveAmount: MinorUnits;
};
export type TransactionMovementPage = Omit<TransactionHistoryPage, 'rows'> & { rows: TransactionMovement[] };

/** A receipt as the browser holds it. */
export type TransactionReceipt = Omit<
  TransactionDetail,
  'transferAmount' | 'processingFee' | 'payAmount' | 'receiveAmount' | 'couponDiscount'
> & {
  transferAmount: MinorUnits;
  processingFee: MinorUnits;
  payAmount: MinorUnits;
  receiveAmount: MinorUnits;
  couponDiscount: MinorUnits;
};

/** How a cart is paid, as the browser asks for it (the session's user added by the service). */
export type CartPayment =
  | { method: 'wallet' }
  | {
      method: 'card';
      firstName: string;
      lastName: string;
      /** Digits (spaces allowed). */
      cardNumber: string;
      expiryMonth: number;
      /** Two or four digits, as the card form gives it. */
      expiryYear: number;
      cvc: string;
      /** The total the screen showed (the cart's totalPay). */
      amount: MinorUnits;
    }
  | { method: 'momo'; phone: string; provider: string };
