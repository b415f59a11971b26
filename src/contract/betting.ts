import { z } from 'zod';
import { dbText, int4, queryInt4Id, storableText } from './db-input';
import type { MinorUnits } from '../domain/money';
import { BETTING_NUMBER_MAX_LENGTH, PAYMENT_LINK_TOKEN_MAX_LENGTH } from '../domain/betting';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { apiAmountSchema, cachedEnvelopeResponses, envelopeResponses } from './envelope';
import { walletOperationResultSchema, walletOperationStatusSchema } from './wallet';

/*
 * Betting (spec sections 3, 7 and 9): paying GH₵ into the user's account at a betting operator, from the wallet,
 * with the 1% fee; the operator's own server may send the user a payment link (AuthenticateUser, then
 * /deposit/{token}) whose request the user only confirms.
 */

/** A betting operator the wallet pays into (seeded). */
export const bettingOperatorSchema = z.object({
  id: z.number().int(),
  /** 'SportyBet Ghana'. */
  name: z.string(),
  /** 'sportybet': names its clearing account in the ledger. */
  code: z.string(),
});
export type BettingOperator = z.infer<typeof bettingOperatorSchema>;

/** GET api/Transaction/GetBettingOperators (new): the operators, by name. */
export const bettingOperatorsResponses = cachedEnvelopeResponses(z.array(bettingOperatorSchema));

/**
 * POST api/Transaction/InitiateBettingTransaction: the betting transaction request of spec section 3, with an
 * Idempotency-Key. The server recomputes fee and total (`processingFee` and `totalPay` are only what the browser
 * showed), makes its own reference (`referenceNumber` is ignored) and starts every bet 'pending' (`status` is
 * ignored). Either the betting details (with `operatorId`, else the default operator), or `paymentToken` (a
 * partner's payment link): then the operator, betting number and receiver phone are the link's, and so is the
 * amount when the link carries one.
 */
export const initiateBettingRequestSchema = z.object({
  referenceNumber: dbText(64).optional(),
  /** Must be the token's user. */
  userId: int4,
  /**
   * The operator paid into (new). Absent (the spec's request): the default operator (betting_operators.is_default);
   * with a paymentToken, the link's.
   */
  operatorId: int4.optional(),
  /** The phone number of the account at the operator. */
  receiverPhoneNo: dbText(32).default(''),
  /** The user's account number at the operator. */
  bettingNo: dbText(BETTING_NUMBER_MAX_LENGTH * 2).default(''),
  sendAmount: apiAmountSchema,
  processingFee: apiAmountSchema.optional(),
  totalPay: apiAmountSchema.optional(),
  /** 1: the wallet (the only payment method of a bet). */
  paymentMethodId: int4.default(1),
  status: dbText(16).optional(),
  /** The partner payment link being paid (new). */
  paymentToken: dbText(PAYMENT_LINK_TOKEN_MAX_LENGTH).optional(),
});
export type InitiateBettingRequest = z.input<typeof initiateBettingRequestSchema>;

/**
 * What it answers (200; a refused deposit is 402 with its reason): the wallet operation's result, and the spec's
 * `referenceNo` (the same reference). 'pending' until the operator confirms the credit to the betting account.
 */
export const bettingResultSchema = walletOperationResultSchema.extend({ referenceNo: z.string() });
export type BettingResult = z.infer<typeof bettingResultSchema>;
export const initiateBettingResponses = envelopeResponses(200, bettingResultSchema);

/** A row of the betting history (spec section 3), newest first. */
export const bettingHistoryRowSchema = z.object({
  id: z.number().int(),
  senderName: z.string(),
  /** 'Wallet'. */
  paymentMethod: z.string(),
  referenceNumber: z.string(),
  sendAmount: apiAmountSchema,
  status: walletOperationStatusSchema,
  operatorName: z.string(),
  bettingNo: z.string(),
  /** ISO datetime. */
  date: z.string(),
});
export type BettingHistoryRow = z.infer<typeof bettingHistoryRowSchema>;

export const BETTING_HISTORY_MAX_PAGE_SIZE = 50;

/** GET api/Transaction/GetBettingTransactionByUserId?userId (spec section 7): the user's bets, `data[]`, newest first. */
export const bettingHistoryResponses = envelopeResponses(200, z.array(bettingHistoryRowSchema));

/**
 * GET api/Transaction/GetBettingHistoryPage (new): one page of the user's bets (0-based, a page past the end
 * answers the last), their total, and a search on the reference number (case-insensitive contains).
 */
export const bettingHistoryPageQuerySchema = z.object({
  userId: queryInt4Id,
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(BETTING_HISTORY_MAX_PAGE_SIZE).default(5),
  search: storableText(z.string().trim().max(SEARCH_TERM_MAX_LENGTH)).optional(),
});
export const bettingHistoryPageSchema = z.object({
  rows: z.array(bettingHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BettingHistoryPage = z.infer<typeof bettingHistoryPageSchema>;
export const bettingHistoryPageResponses = envelopeResponses(200, bettingHistoryPageSchema);

export const bettingReferenceQuerySchema = z.object({ referenceNumber: dbText(32) });

/** GET api/Transaction/GetBettingTransactionByReferenceNo: the betting detail of spec section 3 ('Betting Details'). */
export const bettingDetailSchema = z.object({
  referenceNumber: z.string(),
  senderName: z.string(),
  sendAmount: apiAmountSchema,
  processingFee: apiAmountSchema,
  /** sendAmount + processingFee. */
  totalPay: apiAmountSchema,
  /** 'Wallet'. */
  paymentMethod: z.string(),
  status: walletOperationStatusSchema,
  /** Why it failed (a DomainMessageId: 'betting.refused'), else null. */
  failureMessageId: z.string().nullable(),
  operatorName: z.string(),
  bettingNo: z.string(),
  receiverPhoneNo: z.string(),
  /** ISO datetime. */
  date: z.string(),
});
export type BettingDetail = z.infer<typeof bettingDetailSchema>;
export const bettingDetailResponses = envelopeResponses(200, bettingDetailSchema);

/** The header an operator's server sends its API key in (new; keys are made with `npm run partners`). */
export const PARTNER_KEY_HEADER = 'X-Partner-Key';

/**
 * POST api/Transaction/AuthenticateUser: called by a betting operator's server (no bearer token; its API key in
 * the X-Partner-Key header, or in the spec's `apiKey` field). The fields of spec section 7 (`battingNo` as the spec
 * spells it); the request is for the wallet user whose account email is `email`. `sendAmount` absent: the user
 * chooses the amount (the Amount, Payment, Purpose, Review wizard).
 */
export const paymentLinkRequestSchema = z.object({
  /** The spec's place for the key; the X-Partner-Key header is preferred (a header stays out of body logs). */
  apiKey: z.string().trim().max(256).optional(),
  firstName: storableText(z.string().trim().max(100)).default(''),
  lastName: storableText(z.string().trim().max(100)).default(''),
  email: storableText(z.string().trim().min(3).max(254)),
  battingNo: storableText(
    z
      .string()
      .trim()
      .min(1)
      .max(BETTING_NUMBER_MAX_LENGTH * 2),
  ),
  senderPhoneCode: storableText(z.string().trim().max(8)).default(''),
  senderPhoneNumber: storableText(z.string().trim().max(20)).default(''),
  country: storableText(z.string().trim().max(100)).default(''),
  receiverNumber: storableText(z.string().trim().max(32)),
  sendAmount: apiAmountSchema.optional(),
});
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;

/**
 * The customer the link is for, as the operator's own request named them (spec section 7 reads data.userDetails): an
 * echo of what was sent, so the operator learns nothing about the wallet's users, not even whether the email has an
 * account.
 */
export const paymentLinkCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  battingNo: z.string(),
  receiverNumber: z.string(),
  /** What the operator asked for; null: the user chooses. */
  sendAmount: z.number().nullable(),
});

/** 201: the link's token (short-lived, single use), where to send the user, and whom it is for. */
export const paymentLinkSchema = z.object({
  token: z.string(),
  /** '/deposit/{token}', relative to the wallet's site. */
  paymentPath: z.string(),
  /** ISO datetime: the link cannot be paid after it. */
  expiresAt: z.string(),
  userDetails: paymentLinkCustomerSchema,
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;
export const paymentLinkResponses = envelopeResponses(201, paymentLinkSchema);

export const paymentRequestQuerySchema = z.object({
  token: dbText(PAYMENT_LINK_TOKEN_MAX_LENGTH).min(1),
});

/**
 * GET api/Transaction/GetBettingPaymentRequest?token (new): the link's request, for the signed-in user it names.
 * 404 'bettingLink.invalid' (unknown or forged), 410 'bettingLink.expired', 409 'bettingLink.alreadyPaid',
 * 403 'bettingLink.otherUser'.
 */
export const bettingPaymentRequestSchema = z.object({
  operatorId: z.number().int(),
  operatorName: z.string(),
  bettingNo: z.string(),
  receiverPhoneNo: z.string(),
  /** What the operator asked for; null: the user chooses. */
  sendAmount: apiAmountSchema.nullable(),
  /** The fee and total of sendAmount; null with it. */
  processingFee: apiAmountSchema.nullable(),
  totalPay: apiAmountSchema.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** ISO datetime. */
  expiresAt: z.string(),
});
export type BettingPaymentRequest = z.infer<typeof bettingPaymentRequestSchema>;
export const bettingPaymentRequestResponses = envelopeResponses(200, bettingPaymentRequestSchema);

/*
 * The browser's side: src/services/betting.ts converts every amount to pesewas as it reads it.
 */

/** A bet as the browser builds it: amounts in pesewas, the user taken from the session. */
export type BettingRequestInPesewas = Omit<
  InitiateBettingRequest,
  'userId' | 'sendAmount' | 'processingFee' | 'totalPay' | 'referenceNumber' | 'status'
> & { sendAmount: MinorUnits; processingFee?: MinorUnits; totalPay?: MinorUnits };

export type BettingOperation = Omit<BettingResult, 'amount' | 'walletAmount'> & {
  amount: MinorUnits;
  walletAmount: MinorUnits;
};

export type BettingMovement = Omit<BettingHistoryRow, 'sendAmount'> & { sendAmount: MinorUnits };
export type BettingMovementPage = Omit<BettingHistoryPage, 'rows'> & { rows: BettingMovement[] };

export type BettingReceipt = Omit<BettingDetail, 'sendAmount' | 'processingFee' | 'totalPay'> & {
  sendAmount: MinorUnits;
  processingFee: MinorUnits;
  totalPay: MinorUnits;
};

export type BettingPaymentRequestInPesewas = Omit<
  BettingPaymentRequest,
  'sendAmount' | 'processingFee' | 'totalPay'
> & { sendAmount: MinorUnits | null; processingFee: MinorUnits | null; totalPay: MinorUnits | null };
