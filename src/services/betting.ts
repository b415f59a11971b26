import type {
  BettingDetail,
  BettingHistoryPage,
  BettingHistoryRow,
  BettingMovement,
  BettingMovementPage,
  BettingOperation,
  BettingOperator,
  BettingPaymentRequest,
  BettingPaymentRequestInPesewas,
  BettingReceipt,
  BettingRequestInPesewas,
  BettingResult,
} from '../contract/betting';
import { apiPaths } from '../contract/paths';
import { moneyPost } from './money-post';
import type { MinorUnits } from '../domain/money';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { currentUserId, get } from './http';

type Call = { signal?: AbortSignal };

const optionalAmount = (minor: MinorUnits | undefined) =>
  minor === undefined ? undefined : minorToApiAmount(minor);

const nullableAmount = (amount: number | null): MinorUnits | null =>
  amount === null ? null : apiAmountToMinor(amount);

const movementOf = (row: BettingHistoryRow): BettingMovement => ({
  ...row,
  sendAmount: apiAmountToMinor(row.sendAmount),
});

/** The betting operators a deposit can go to. */
export const getBettingOperators = (call: Call = {}): Promise<BettingOperator[]> =>
  get<BettingOperator[]>(apiPaths.bettingOperators, call);

/**
 * Pays into a betting account from the wallet once (the key is reused on retry): 200 'pending' until the operator
 * confirms (follow it with getWalletOperation), 400 with the broken rules, 402 when the operator refused it.
 */
export const initiateBetting = async (
  { sendAmount, processingFee, totalPay, ...request }: BettingRequestInPesewas,
  idempotencyKey: string,
  call: Call = {},
): Promise<BettingOperation> => {
  const result = await moneyPost<BettingResult>(
    apiPaths.initiateBetting,
    {
      ...request,
      userId: currentUserId(),
      sendAmount: minorToApiAmount(sendAmount),
      processingFee: optionalAmount(processingFee),
      totalPay: optionalAmount(totalPay),
      status: 'pending',
    },
    idempotencyKey,
    call,
  );
  return {
    ...result,
    amount: apiAmountToMinor(result.amount),
    walletAmount: apiAmountToMinor(result.walletAmount),
  };
};

/** One page (0-based) of the user's bets, newest first, and their total; `search` on the reference number. */
export const getBettingHistoryPage = async (
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  call: Call = {},
): Promise<BettingMovementPage> => {
  const answer = await get<BettingHistoryPage>(apiPaths.bettingHistoryPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize, ...(search ? { search } : {}) },
  });
  return { ...answer, rows: answer.rows.map(movementOf) };
};

/** 'Betting Details' of one of the user's bets. */
export const getBettingReceipt = async (
  referenceNumber: string,
  call: Call = {},
): Promise<BettingReceipt> => {
  const detail = await get<BettingDetail>(apiPaths.bettingByReference, {
    ...call,
    query: { referenceNumber },
  });
  return {
    ...detail,
    sendAmount: apiAmountToMinor(detail.sendAmount),
    processingFee: apiAmountToMinor(detail.processingFee),
    totalPay: apiAmountToMinor(detail.totalPay),
  };
};

/**
 * The request of a partner's payment link (/deposit/{token}) for the signed-in user: 404 'bettingLink.invalid',
 * 410 'bettingLink.expired', 409 'bettingLink.alreadyPaid', 403 'bettingLink.otherUser'.
 */
export const getBettingPaymentRequest = async (
  token: string,
  call: Call = {},
): Promise<BettingPaymentRequestInPesewas> => {
  const request = await get<BettingPaymentRequest>(apiPaths.bettingPaymentRequest, {
    ...call,
    query: { token },
  });
  return {
    ...request,
    sendAmount: nullableAmount(request.sendAmount),
    processingFee: nullableAmount(request.processingFee),
    totalPay: nullableAmount(request.totalPay),
  };
};
