import { apiPaths } from '../contract/paths';
import type {
  BankTopUpRequest,
  CardTopUpRequest,
  MomoTopUpRequest,
  MonthSummary,
  PaymentInPesewas,
  WalletHistoryPage,
  WalletHistoryRow,
  WalletMovement,
  WalletMovementPage,
  WalletOperation,
  WalletOperationResult,
  WithdrawalRequest,
} from '../contract/wallet';
import type { WalletAmount, WalletBalance } from '../contract/user';
import type { MinorUnits } from '../domain/money';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { currentUserId, get } from './http';
import { moneyPost } from './money-post';

type Call = { signal?: AbortSignal };

/**
 * Every money-moving POST carries the Idempotency-Key its caller made for this submit attempt: a retry with the
 * same key gets the first answer back and moves money once.
 */
const walletPost = async (
  path: (typeof apiPaths)[keyof typeof apiPaths],
  { amount, ...body }: { amount: MinorUnits },
  idempotencyKey: string,
  call: Call,
): Promise<WalletOperation> =>
  operationOf(
    await moneyPost<WalletOperationResult>(
      path,
      { ...body, amount: minorToApiAmount(amount), userId: currentUserId() },
      idempotencyKey,
      call,
    ),
  );

/** What a caller gives: the API's body in pesewas, without the user, whom the client takes from the session. */
type Body<Request extends { amount: unknown }> = PaymentInPesewas<Request>;

/** A money-moving answer as the browser holds it (amounts in pesewas). */
export const operationOf = (result: WalletOperationResult): WalletOperation => ({
  ...result,
  amount: apiAmountToMinor(result.amount),
  walletAmount: apiAmountToMinor(result.walletAmount),
});

const movementOf = (row: WalletHistoryRow): WalletMovement => ({
  ...row,
  amount: apiAmountToMinor(row.amount),
  fee: apiAmountToMinor(row.fee),
});

/** Card top-up: 200 'Successful', or 402 with 'card.declined' / 'card.insufficientFunds'. */
export const topUpByCard = (payload: Body<CardTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  walletPost(apiPaths.cardTopUp, payload, idempotencyKey, call);

/** Bank top-up: 200 'Successful', or 402 'topUp.bankFailed'. */
export const topUpByBank = (payload: Body<BankTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  walletPost(apiPaths.bankTopUp, payload, idempotencyKey, call);

/** MoMo top-up: 202 'pending' until the payer approves on the phone (follow it with getWalletOperation). */
export const topUpByMomo = (payload: Body<MomoTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  walletPost(apiPaths.momoTopUp, payload, idempotencyKey, call);

/** Withdrawal to a bank account or a MoMo number: 200 'pending' with the money held. */
export const withdraw = (payload: Body<WithdrawalRequest>, idempotencyKey: string, call: Call = {}) =>
  walletPost(apiPaths.withdrawal, payload, idempotencyKey, call);

/** The live status of one of the user's own operations. */
export const getWalletOperation = async (
  referenceNumber: string,
  call: Call = {},
): Promise<WalletOperation> =>
  operationOf(
    await get<WalletOperationResult>(apiPaths.walletOperation, { ...call, query: { referenceNumber } }),
  );

/** Every movement of the user's wallet, newest first. */
export const getWalletHistory = async (call: Call = {}): Promise<WalletMovement[]> =>
  (
    await get<WalletHistoryRow[]>(apiPaths.walletHistory, { ...call, query: { userId: currentUserId() } })
  ).map(movementOf);

/** One page (0-based; past the end answers the last page) of the wallet's movements, newest first, and their total. */
export const getWalletHistoryPage = async (
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  call: Call = {},
): Promise<WalletMovementPage> => {
  const answer = await get<WalletHistoryPage>(apiPaths.walletHistoryPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize, ...(search ? { search } : {}) },
  });
  return { ...answer, rows: answer.rows.map(movementOf) };
};

/** The available balance (balance less holds), in pesewas. */
export const getWalletAmount = async (call: Call = {}): Promise<WalletBalance> => {
  const { walletAmount } = await get<WalletAmount>(apiPaths.walletAmount, {
    ...call,
    query: { userId: currentUserId() },
  });
  return { walletAmount: apiAmountToMinor(walletAmount) };
};

/** Money in and out of the user's wallet over a month ('YYYY-MM'), week by week, in pesewas as the server sums it. */
export const getMonthSummary = (month: string, call: Call = {}): Promise<MonthSummary> =>
  get<MonthSummary>(apiPaths.monthSummary, { ...call, query: { month } });

/** A fresh key for one submit attempt (random, 128 bits or more). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
