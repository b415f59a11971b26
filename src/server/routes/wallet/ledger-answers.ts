import { toViolations, HttpError } from '../../http-error';
import { failure } from '../../envelope';
import { IdempotencyConflictError, type StoredAnswer } from '../../idempotency/idempotency-key';
import { InsufficientFundsError, OperationNotFoundError } from '../../ledger/errors';
import { limitError, limitRefusalOf } from '../../tiers/limits';

/*
 * The ledger's and the idempotency module's errors as the API's answers. Anything else stays what it is (an
 * HttpError, or an unexpected error the error handler answers 500).
 */

const insufficientFundsViolations = toViolations([
  { field: 'amount', messageId: 'withdrawal.insufficientFunds' },
]);

export const httpErrorOf = (error: unknown): unknown => {
  if (error instanceof InsufficientFundsError)
    return new HttpError(400, 'withdrawal.insufficientFunds', insufficientFundsViolations);
  if (error instanceof OperationNotFoundError) return new HttpError(404, 'operation.notFound');
  if (error instanceof IdempotencyConflictError) return new HttpError(409, 'idempotency.conflict');
  const limit = limitRefusalOf(error);
  if (limit) return limitError(limit);
  return error;
};

/** The ledger's work, its errors turned into answers as above. */
export const answering = <Result>(work: Promise<Result>): Promise<Result> =>
  work.catch((error: unknown) => {
    throw httpErrorOf(error);
  });

/** InsufficientFundsError's answer, stored under the key by the statement that refuses (what the handler would send). */
export const insufficientFundsAnswer: StoredAnswer = {
  statusCode: 400,
  body: failure(400, 'withdrawal.insufficientFunds', insufficientFundsViolations),
};
