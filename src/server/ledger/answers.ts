import type { WalletOperationResult } from '../../contract/wallet';
import { domainMessages } from '../../domain/messages';
import { minorToApiAmount } from '../../domain/money';
import { failure } from '../envelope';
import type { StoredAnswer } from '../idempotency/idempotency-key';
import { operationKinds } from './kinds';
import type { Operation } from './operation';

/*
 * What a money-moving POST answers for an operation. The ledger writes it under the request's Idempotency-Key in
 * the same statement as the operation's creation or resolution (one commit, and every repeat replays it), so it is
 * made here, beside the statements, not by the routes.
 */

export const operationResult = (operation: Operation, availableMinor: number): WalletOperationResult => ({
  referenceNumber: operation.referenceNumber,
  status: operation.status,
  failureMessageId: operation.failureMessageId,
  amount: minorToApiAmount(operation.amountMinor),
  walletAmount: minorToApiAmount(availableMinor),
});

/**
 * A failure is a 402 with its reason; a MoMo top-up waiting for the payer is a 202; otherwise 200 with the
 * operation (a withdrawal is pending until the payout is confirmed; a move held for review says so).
 */
export const answerFor = (operation: Operation, availableMinor: number): StoredAnswer => {
  if (operation.status === 'Failed') {
    const messageId = operation.failureMessageId ?? 'topUp.failed';
    return { statusCode: 402, body: failure(402, messageId) };
  }
  const data = operationResult(operation, availableMinor);
  if (operation.status === 'pending' && operationKinds[operation.kind].awaitsPayer) {
    return { statusCode: 202, body: { code: 202, message: domainMessages['topUp.awaitingApproval'], data } };
  }
  const message =
    operation.status === 'review'
      ? domainMessages['monitoring.underReview']
      : operation.status === 'Successful' && operation.direction === 'Credit'
        ? domainMessages['topUp.recharged']
        : 'OK';
  return { statusCode: 200, body: { code: 200, message, data } };
};
