import { z } from 'zod';
import type { MinorUnits } from '../domain/money';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { apiAmountSchema, envelopeResponses } from './envelope';
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
  /** The currency the beneficiary receives; 'GHS' is a local transfer. */
  currency: currencyCodeSchema.default('GHS'),
  sendingCountryId: z.number().int().default(1),
  receivingCountryId: z.number().int().default(1),
  paymentMethodId: z.number().int().default(0),
  /** The sender: must be the token's user. */
  senderId: z.number().int(),
  beneficiaryId: z.number().int().default(0),
  deliveryMethodId: z.number().int().default(0),
  transactionPurposeId: z.number().int().default(0),
  identificationId: z.number().int().default(0),
  processingFee: apiAmountSchema.optional(),
  totalPay: apiAmountSchema.optional(),
  /** The notes that purpose 4 ('Other') reveals. */
  payeeNote: z.string().max(500).default(''),
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

/**
 * POST api/Transaction/PayNow (wallet): pays the cart once, with an Idempotency-Key. Answers like every money-moving
 * POST (referenceNumber, status, walletAmount...); a payout still on its way is 'pending' and is followed with
 * GetWalletOperation. A cart that is another user's is 404, expired 410, already paid 409.
 */
export const payNowRequestSchema = z.object({
  userId: z.number().int(),
  cartId: z.string().uuid(),
});
export type PayNowRequest = z.input<typeof payNowRequestSchema>;
export const payNowResponses = envelopeResponses(200, walletOperationResultSchema);

export const transferDirectionSchema = z.enum(['sent', 'received']);

/** A row of the transaction history (spec section 3), newest first. */
export const transactionHistoryRowSchema = z.object({
  id: z.number().int(),
  senderName: z.string(),
  receiverName: z.string(),
  referenceNumber: z.string(),
  sendAmount: apiAmountSchema,
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
  userId: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(TRANSACTION_HISTORY_MAX_PAGE_SIZE).default(5),
  /** Case-insensitive contains on sender name, receiver name or reference number (`%` and `_` as typed). */
  search: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).optional(),
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

export const referenceNumberQuerySchema = z.object({ referenceNumber: z.string().max(32) });

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
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
export const transactionDetailResponses = envelopeResponses(200, transactionDetailSchema);

/*
 * The browser's side: src/services converts every amount to pesewas (minor units of its currency) as it reads it.
 */
export type TransferQuoteInPesewas = Omit<
  TransferQuote,
  'sendAmount' | 'processingFee' | 'totalPay' | 'receiveAmount'
> & {
  sendAmount: MinorUnits;
  processingFee: MinorUnits;
  totalPay: MinorUnits;
  /** Minor units of `currency`. */
  receiveAmount: MinorUnits;
};

/** A transfer request as the browser builds it: amounts in pesewas, the sender taken from the session. */
export type TransferRequestInPesewas = Omit<
  InitiateTransferRequest,
  'senderId' | 'sendAmount' | 'receiveAmount' | 'processingFee' | 'totalPay'
> & { sendAmount: MinorUnits; receiveAmount?: MinorUnits; processingFee?: MinorUnits; totalPay?: MinorUnits };

/** The review as the browser holds it: every amount in minor units. */
export type TransferReviewInPesewas = Omit<
  TransferReview,
  'sendAmount' | 'processingFee' | 'totalPay' | 'receiveAmount' | 'transactionFee'
> &
  TransferQuoteInPesewas & { transactionFee: MinorUnits };

/** A history row as the browser holds it. */
export type TransactionMovement = Omit<TransactionHistoryRow, 'sendAmount' | 'receiveAmount'> & {
  sendAmount: MinorUnits;
  receiveAmount: MinorUnits;
};
export type TransactionMovementPage = Omit<TransactionHistoryPage, 'rows'> & { rows: TransactionMovement[] };

/** A receipt as the browser holds it. */
export type TransactionReceipt = Omit<
  TransactionDetail,
  'transferAmount' | 'processingFee' | 'payAmount' | 'receiveAmount'
> & {
  transferAmount: MinorUnits;
  processingFee: MinorUnits;
  payAmount: MinorUnits;
  receiveAmount: MinorUnits;
};
