import type { WalletOperationKind, WalletOperationResult } from '../../contract/wallet';
import type { DomainMessageId } from '../../domain/messages';
import { domainMessages } from '../../domain/messages';
import { minorToApiAmount } from '../../domain/money';
import { failure } from '../envelope';
import type { StoredAnswer } from '../plugins/idempotency';
import type { ProviderOutcome } from '../providers/provider';
import type { Operation, Resolution } from './operations';

export const operationResult = (operation: Operation, availableMinor: number): WalletOperationResult => ({
  referenceNumber: operation.referenceNumber,
  status: operation.status,
  failureMessageId: operation.failureMessageId,
  amount: minorToApiAmount(operation.amountMinor),
  walletAmount: minorToApiAmount(availableMinor),
});

/**
 * What a money-moving POST answers for an operation in its current state: a failure is a 402 with its reason;
 * a MoMo top-up waiting for the payer is a 202; otherwise 200 with the operation (a withdrawal is pending until
 * the payout is confirmed).
 */
export const answerFor = (operation: Operation, availableMinor: number): StoredAnswer => {
  if (operation.status === 'Failed') {
    const messageId = operation.failureMessageId ?? 'topUp.failed';
    return { statusCode: 402, body: failure(402, messageId) };
  }
  const data = operationResult(operation, availableMinor);
  if (operation.status === 'pending' && operation.kind === 'momo_top_up') {
    return { statusCode: 202, body: { code: 202, message: domainMessages['topUp.awaitingApproval'], data } };
  }
  const message =
    operation.status === 'Successful' && operation.direction === 'Credit'
      ? domainMessages['topUp.recharged']
      : 'OK';
  return { statusCode: 200, body: { code: 200, message, data } };
};

const failureMessage = (kind: WalletOperationKind, reason: ProviderOutcome['reason']): DomainMessageId => {
  switch (kind) {
    case 'card_top_up':
      if (reason === 'declined') return 'card.declined';
      if (reason === 'insufficient_funds') return 'card.insufficientFunds';
      return 'card.failed';
    case 'bank_top_up':
      return reason === 'cancelled' ? 'topUp.failed' : 'topUp.bankFailed';
    case 'momo_top_up':
      return reason === 'rejected' ? 'topUp.momoRejected' : 'topUp.momoExpired';
    case 'bank_withdrawal':
    case 'momo_withdrawal':
      return 'withdrawal.payoutFailed';
  }
};

/** The provider's final word as a resolution; null while it is still pending (or never heard of it). */
export const resolutionOf = (kind: WalletOperationKind, outcome: ProviderOutcome): Resolution | null => {
  if (outcome.status === 'succeeded') return { status: 'Successful' };
  if (outcome.status === 'failed')
    return { status: 'Failed', failureMessageId: failureMessage(kind, outcome.reason) };
  return null;
};
