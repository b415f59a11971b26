import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../contract/paths';
import type {
  BankTopUpRequest,
  CardTopUpRequest,
  MomoTopUpRequest,
  WalletHistoryPage,
  WalletHistoryRow,
  WalletOperationResult,
  WithdrawalRequest,
} from '../contract/wallet';
import type { WalletAmount } from '../contract/user';
import { currentUserId, get, post } from './http';

type Call = { signal?: AbortSignal };

/**
 * Every money-moving POST carries the Idempotency-Key its caller made for this submit attempt: a retry with the
 * same key gets the first answer back and moves money once.
 */
const moneyPost = (
  path: (typeof apiPaths)[keyof typeof apiPaths],
  body: object,
  idempotencyKey: string,
  call: Call,
) =>
  post<WalletOperationResult>(
    path,
    { ...body, userId: currentUserId() },
    { ...call, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );

/** What a caller gives: the API's body without the user, whom the client takes from the session. */
type Body<Request> = Omit<Request, 'userId'>;

/** Card top-up: 200 'Successful', or 402 with 'card.declined' / 'card.insufficientFunds'. */
export const topUpByCard = (payload: Body<CardTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  moneyPost(apiPaths.cardTopUp, payload, idempotencyKey, call);

/** Bank top-up: 200 'Successful', or 402 'topUp.bankFailed'. */
export const topUpByBank = (payload: Body<BankTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  moneyPost(apiPaths.bankTopUp, payload, idempotencyKey, call);

/** MoMo top-up: 202 'pending' until the payer approves on the phone (follow it with getWalletOperation). */
export const topUpByMomo = (payload: Body<MomoTopUpRequest>, idempotencyKey: string, call: Call = {}) =>
  moneyPost(apiPaths.momoTopUp, payload, idempotencyKey, call);

/** Withdrawal to a bank account or a MoMo number: 200 'pending' with the money held. */
export const withdraw = (payload: Body<WithdrawalRequest>, idempotencyKey: string, call: Call = {}) =>
  moneyPost(apiPaths.withdrawal, payload, idempotencyKey, call);

/** The live status of one of the user's own operations. */
export const getWalletOperation = (referenceNumber: string, call: Call = {}) =>
  get<WalletOperationResult>(apiPaths.walletOperation, { ...call, query: { referenceNumber } });

/** Every movement of the user's wallet, newest first. */
export const getWalletHistory = (call: Call = {}) =>
  get<WalletHistoryRow[]>(apiPaths.walletHistory, { ...call, query: { userId: currentUserId() } });

/** One page (0-based; past the end answers the last page) of the wallet's movements, newest first, and their total. */
export const getWalletHistoryPage = (
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  call: Call = {},
) =>
  get<WalletHistoryPage>(apiPaths.walletHistoryPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize, ...(search ? { search } : {}) },
  });

/** The available balance (balance less holds), as the API's decimal GHS. */
export const getWalletAmount = (call: Call = {}) =>
  get<WalletAmount>(apiPaths.walletAmount, { ...call, query: { userId: currentUserId() } });

/** A fresh key for one submit attempt (random, 128 bits or more). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
