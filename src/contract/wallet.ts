import { z } from 'zod';
import { dbText, int4, queryInt4Id, storableText } from './db-input';
import type { MinorUnits } from '../domain/money';
import { isIsoMonth } from '../domain/month';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { apiAmountSchema, envelopeResponses, envelopeSchema } from './envelope';

/** 'review': held by a monitoring rule until a staff member decides (the money is set aside, nothing has left). */
export const walletOperationStatusSchema = z.enum(['pending', 'review', 'Successful', 'Failed']);
export type WalletOperationStatus = z.infer<typeof walletOperationStatusSchema>;

/**
 * Every kind of wallet operation, the one list: the ledger's kinds table (src/server/ledger/kinds.ts) has an entry
 * for each, history rows carry one, and the browser describes each through its `operation.<kind>` message.
 */
export const walletOperationKinds = [
  'card_top_up',
  'bank_top_up',
  'momo_top_up',
  'bank_withdrawal',
  'momo_withdrawal',
  /** Send money out of the wallet through a rail (a payout), with the 1% fee. */
  'momo_transfer',
  'bank_transfer',
  /** Send money for cash pick-up (new): paid out through a cash network; the recipient collects with a code. */
  'cash_pickup_transfer',
  /** Send money to another user's wallet (on-us), with the 1% fee. */
  'wallet_transfer',
  /** The receiving side of a wallet_transfer: the credit in the receiver's wallet, with who sent it. */
  'wallet_transfer_received',
  'bet',
  'bill_payment',
  'gem_purchase',
] as const;

export const walletOperationKindSchema = z.enum(walletOperationKinds);
export type WalletOperationKind = z.infer<typeof walletOperationKindSchema>;

const flexibleInt = z.union([
  int4,
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
]);

/** POST api/User/AddFundsToWallet (card). The card number and CVC are never stored or logged. */
export const cardTopUpRequestSchema = z.object({
  userId: int4,
  amount: apiAmountSchema,
  firstName: dbText(100),
  lastName: dbText(100),
  /** Digits, spaces allowed (they are removed). */
  cardNumber: dbText(32),
  cvv: dbText(8),
  expiryMonth: flexibleInt,
  expiryYear: flexibleInt,
});
export type CardTopUpRequest = z.input<typeof cardTopUpRequestSchema>;

/** POST api/User/AddBanksFundsToWallet. */
export const bankTopUpRequestSchema = z.object({
  userId: int4,
  amount: apiAmountSchema,
  bankAccountNumber: dbText(64),
  bankId: int4,
  bankRoutingNumber: dbText(32).default('1'),
  accountTypeId: flexibleInt.default(1),
});
export type BankTopUpRequest = z.input<typeof bankTopUpRequestSchema>;

/** POST api/User/AddMOMOFundsToWallet: answered 202 pending; the payer approves on the phone. */
export const momoTopUpRequestSchema = z.object({
  userId: int4,
  amount: apiAmountSchema,
  phone: dbText(32),
  provider: dbText(32).default('MTN'),
});
export type MomoTopUpRequest = z.input<typeof momoTopUpRequestSchema>;

/** POST api/Transaction/WithDrawalMoney: the fields of the other gateway are ignored. */
export const withdrawalRequestSchema = z.object({
  userId: int4,
  amount: apiAmountSchema,
  isMOMOWithdrawal: z.boolean(),
  bankAccountNumber: dbText(64).default(''),
  bankId: int4.default(0),
  bankRoutingNumber: dbText(32).default('1'),
  accountTypeId: flexibleInt.default(1),
  momoMobileNumber: dbText(32).default(''),
  provider: dbText(32).default('MTN'),
});
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;

/** What every money-moving POST answers (and GetWalletOperation), for receipts and live status. */
export const walletOperationResultSchema = z.object({
  referenceNumber: z.string(),
  status: walletOperationStatusSchema,
  /** Why it failed (a DomainMessageId), else null. */
  failureMessageId: z.string().nullable(),
  amount: apiAmountSchema,
  /** The available balance after this answer (balance less holds). */
  walletAmount: apiAmountSchema,
});
export type WalletOperationResult = z.infer<typeof walletOperationResultSchema>;

export const walletOperationQuerySchema = z.object({ referenceNumber: dbText(32) });

/** A row of GET api/User/GetWalletHistoryByUserId (newest first). */
export const walletHistoryRowSchema = z.object({
  id: z.number().int(),
  amount: apiAmountSchema,
  /**
   * The processing fee that moved with the amount (0 for most kinds): amount + fee is what the row took from (or
   * brought to) the wallet, so the rows add up to the balance and the month summary.
   */
  fee: apiAmountSchema,
  actionType: z.enum(['Credit', 'Debit']),
  /** English, for the spec; the browser composes its own from kind and counterparty. */
  description: z.string(),
  kind: walletOperationKindSchema,
  /** What may be shown of the other side: 'Visa •••• 4242', 'GCB Bank •••• 7890', 'MTN •••• 4567'. */
  counterparty: z.string(),
  status: walletOperationStatusSchema,
  failureMessageId: z.string().nullable(),
  referenceNumber: z.string(),
  /** ISO datetime. */
  date: z.string(),
});
export type WalletHistoryRow = z.infer<typeof walletHistoryRowSchema>;

/** The most rows one history page may ask for. */
export const WALLET_HISTORY_MAX_PAGE_SIZE = 50;

/** GET api/User/GetWalletHistoryPage (new): one page of the history, newest first, with the total count. */
export const walletHistoryPageQuerySchema = z.object({
  userId: queryInt4Id,
  /** 0-based. A page past the end answers the last page. */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(WALLET_HISTORY_MAX_PAGE_SIZE).default(5),
  /**
   * Only the operations whose reference number or counterparty label contains this, ignoring case (`%` and `_`
   * are matched as typed). Trimmed; empty or absent lists everything.
   */
  search: storableText(z.string().trim().max(SEARCH_TERM_MAX_LENGTH)).optional(),
});

export const walletHistoryPageSchema = z.object({
  rows: z.array(walletHistoryRowSchema),
  /** Every movement of the wallet (that the search matches), for 'Showing x-y of n'. */
  total: z.number().int(),
  /** The page answered (clamped to the pages there are). */
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WalletHistoryPage = z.infer<typeof walletHistoryPageSchema>;

/*
 * The browser's side of these answers: src/services converts every amount from the API's decimal to pesewas as it
 * reads it (and back as it sends), so machines, the session, stores and screens only ever hold MinorUnits.
 */

/** A wallet operation as the browser holds it: `amount` and `walletAmount` in pesewas. */
export type WalletOperation = Omit<WalletOperationResult, 'amount' | 'walletAmount'> & {
  amount: MinorUnits;
  walletAmount: MinorUnits;
};
/** A history row as the browser holds it: `amount` in pesewas. */
export type WalletMovement = Omit<WalletHistoryRow, 'amount' | 'fee'> & {
  amount: MinorUnits;
  fee: MinorUnits;
};
export type WalletMovementPage = Omit<WalletHistoryPage, 'rows'> & { rows: WalletMovement[] };
/** A money-moving request as the browser builds it: `amount` in pesewas, the user taken from the session. */
export type PaymentInPesewas<Request extends { amount: unknown }> = Omit<Request, 'userId' | 'amount'> & {
  amount: MinorUnits;
};

/** What every money-moving POST answers: 200 (202 for a MoMo top-up waiting for the payer), or the failure envelope (a 402 says why the payment failed). */
export const walletMoneyResponses = {
  ...envelopeResponses(200, walletOperationResultSchema),
  202: envelopeSchema(walletOperationResultSchema),
};

/** GET api/User/GetWalletOperation. */
export const walletOperationResponses = envelopeResponses(200, walletOperationResultSchema);

/** GET api/User/GetWalletHistoryByUserId. */
export const walletHistoryResponses = envelopeResponses(200, z.array(walletHistoryRowSchema));

/** GET api/User/GetWalletHistoryPage. */
export const walletHistoryPageResponses = envelopeResponses(200, walletHistoryPageSchema);

/** GET api/Wallet/MonthSummary (new): the month asked for, 'YYYY-MM'. */
export const monthSummaryQuerySchema = z.object({
  month: z.string().refine(isIsoMonth, 'a month as YYYY-MM'),
});

/** One week of the month: what came into the wallet and what left it, in pesewas (fees included in what left). */
export const monthSummaryWeekSchema = z.object({
  week: z.number().int().min(1),
  from: z.string(),
  to: z.string(),
  inMinor: z.number().int().min(0),
  outMinor: z.number().int().min(0),
});
export type MonthSummaryWeek = z.infer<typeof monthSummaryWeekSchema>;

/** The signed-in user's wallet over one month, week by week (every week of the month, none left out). */
export const monthSummarySchema = z.object({
  month: z.string(),
  weeks: z.array(monthSummaryWeekSchema),
  inMinor: z.number().int().min(0),
  outMinor: z.number().int().min(0),
});
export type MonthSummary = z.infer<typeof monthSummarySchema>;

export const monthSummaryResponses = envelopeResponses(200, monthSummarySchema);

/** POST api/Provider/Webhook: whether the callback resolved its operation (duplicates and late ones are ignored). */
export const providerWebhookResultSchema = z.object({ outcome: z.enum(['resolved', 'ignored']) });
export const providerWebhookResponses = envelopeResponses(200, providerWebhookResultSchema);
