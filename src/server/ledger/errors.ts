/** What the ledger refuses, as its own errors: the routes turn them into answers (routes/wallet/ledger-answers.ts). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The paying wallet cannot cover what the operation takes from it (amount and fee). */
export class InsufficientFundsError extends LedgerError {
  constructor(readonly userId: number) {
    super(`the wallet of user ${userId} cannot cover this operation`);
  }
}

/** A user's gem balance cannot cover the gems a posting takes from it (gems are never negative). */
export class InsufficientGemsError extends LedgerError {
  constructor(readonly userId: number) {
    super(`the gem balance of user ${userId} cannot cover this posting`);
  }
}

/** No operation of this user has that reference (another user's answers the same). */
export class OperationNotFoundError extends LedgerError {
  constructor(readonly referenceNumber: string) {
    super(`no operation ${referenceNumber}`);
  }
}

/** An account code the ledger does not know how to open (a bug: codes come from the kinds table). */
export class UnknownAccountError extends LedgerError {
  constructor(readonly code: string) {
    super(`unknown ledger account code: ${code}`);
  }
}

/** A user without a wallet row (every user gets one at sign-up, so a bug or a removed user). */
export class WalletNotFoundError extends LedgerError {
  constructor(readonly userId: number) {
    super(`user ${userId} has no wallet`);
  }
}

/** A counterparty that does not fit its kind (a MoMo number for a bank payout): a bug in the caller. */
export class CounterpartyMismatchError extends LedgerError {
  constructor(kind: string, rail: string) {
    super(`a ${rail} counterparty cannot be used for ${kind}`);
  }
}

/** The transfer cart is already paid by another request (another Idempotency-Key): a cart is paid once. */
export class CartAlreadyPaidError extends LedgerError {
  constructor(readonly cartId: string) {
    super(`cart ${cartId} is already paid`);
  }
}

/**
 * A posting's precondition refused it, decided under the wallet lock in the posting's own transaction (statements.ts
 * Precondition): nothing of the posting happened. `refusal` is what the precondition's query answered (the caller
 * that wrote the query turns it into an answer).
 */
export class PreconditionFailedError extends LedgerError {
  constructor(readonly refusal: string) {
    super(`a precondition refused the posting: ${refusal}`);
  }
}
