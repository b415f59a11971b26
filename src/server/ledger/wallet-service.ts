import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  IdempotencyConflictError,
  type IdempotencyKey,
  type StoredAnswer,
} from '../idempotency/idempotency-key';
import { findIdempotencyRecord, recordAnswer, storeAnswer } from '../idempotency/stored-answers';
import type { PaymentProvider, ProviderEvent, ProviderOutcome } from '../providers/provider';
import { appendAudit } from '../audit/audit-log';
import type { MonitoringHit } from '../../domain/monitoring';
import { ContinuationRegistry, type Continuation, type ProviderCall } from '../monitoring/continuations';
import { isMonitored, isMonitoringClear, monitoringCheck, monitoringHitsOf } from '../monitoring/rules';
import { incomingLimitCheck, limitAnswer, limitChecks, limitRefusalOf } from '../tiers/limits';
import { accountHoldCheck, accountOnHoldError, isAccountOnHold } from './account-hold';
import { LedgerAccounts } from './accounts';
import { answerFor } from './answers';
import { CartAlreadyPaidError, OperationNotFoundError } from './errors';
import { operationKinds, resolutionOf } from './kinds';
import type { Operation, OperationDraft } from './operation';
import {
  availableBalance,
  createOperation,
  createPostedOperation,
  findOperation,
  resolveOperation,
} from './operations';
import { createReviewOperation, rejectReview, releaseReview, type ReviewDecision } from './review';
import type { Precondition } from './statements';

export interface MoneyMovement {
  idempotency: IdempotencyKey;
  draft: OperationDraft;
  /** Calls the provider with our reference (outside any DB transaction). */
  callProvider: (reference: string) => Promise<ProviderOutcome>;
  /**
   * The answer for a debit the wallet cannot cover (the routes make it from InsufficientFundsError): decided by the
   * same statement that would take the hold, and stored under the key in it (so copies and repeats replay it).
   */
  insufficientFunds: StoredAnswer;
  /**
   * What must still hold when the money moves (a cart's beneficiary not deleted, its quote not expired): read once
   * the paying wallet is locked, in the transaction that creates (and, decided at once, posts) the operation. When
   * it refuses, nothing happens and nothing is stored under the key: PreconditionFailedError.
   */
  precondition?: Precondition;
  /**
   * A money move out: its provider call as data (WalletService.payout gives both), so a move a monitoring rule holds
   * for review can make the call when a staff member releases it.
   */
  continuation?: Continuation;
}

/** A payment decided at once (no provider): a transfer between wallets, a gem purchase. */
export type ImmediatePayment = Omit<MoneyMovement, 'callProvider' | 'continuation'>;

/** A staff member's decision on a move held for review: what became of it. */
export type ReviewOutcome =
  | { outcome: 'released'; operation: Operation }
  | { outcome: 'rejected'; operation: Operation }
  | { outcome: 'decidedAlready' };

/** How many times a move goes between the rules' check and the hold when the rules change their mind meanwhile. */
const REVIEW_ATTEMPTS = 3;

export interface PendingCheck {
  now: Date;
  momoExpiryMs: number;
  /** A reference the provider never received is cancelled once the operation is this old (its request died). */
  unknownAfterMs: number;
}

export interface WalletServiceOptions {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** How long a repeat waits for the first request's answer before resuming the operation itself. */
  repeatWaitMs?: number;
}

/** A stored 'pending' answer (a withdrawal's or a MoMo top-up's, stored at creation). */
const isPendingAnswer = (answer: StoredAnswer): boolean =>
  (answer.body as { data?: { status?: unknown } } | null)?.data?.status === 'pending';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REPEAT_POLL_MS = 20;

/**
 * Money movement through a provider: create the operation (with its key, and its hold for a withdrawal), call the
 * provider outside any DB transaction, resolve once the provider has decided, and answer. Every path that can
 * answer a key stores its answer, so a repeat replays it.
 */
export class WalletService {
  readonly accounts = new LedgerAccounts();
  /** The provider calls a held move can make when released (routes register theirs: billing-routes.ts). */
  readonly continuations: ContinuationRegistry;
  private readonly db: Db;
  private readonly provider: PaymentProvider;
  private readonly log: FastifyBaseLogger;
  private readonly repeatWaitMs: number;

  constructor({ db, provider, log, repeatWaitMs = 3000 }: WalletServiceOptions) {
    this.db = db;
    this.provider = provider;
    this.log = log;
    this.repeatWaitMs = repeatWaitMs;
    this.continuations = new ContinuationRegistry(provider);
  }

  /** A money move out's provider call, and the same call as data (MoneyMovement `continuation`). */
  payout(continuation: Continuation): { callProvider: ProviderCall; continuation: Continuation } {
    return { callProvider: this.continuations.callOf(continuation), continuation };
  }

  /** Money moved through a provider: created (a debit holds amount + fee), the provider called, then resolved. */
  async move(movement: MoneyMovement, attempt = 1): Promise<StoredAnswer> {
    const { idempotency, draft, callProvider, insufficientFunds, precondition } = movement;
    if (operationKinds[draft.kind].decision !== 'provider') throw new Error(`${draft.kind} has no provider`);
    let created: Awaited<ReturnType<typeof createOperation>>;
    try {
      created = await createOperation(
        this.db,
        idempotency,
        draft,
        insufficientFunds,
        this.checksOf(idempotency.userId, draft, precondition),
      );
    } catch (error) {
      const hits = monitoringHitsOf(error);
      if (hits && attempt <= REVIEW_ATTEMPTS)
        return this.heldForReview(movement, hits, movement.continuation ?? null, attempt, () =>
          this.move(movement, attempt + 1),
        );
      return this.refusedByLimit(error, idempotency, draft);
    }
    // A key seen before (an earlier or concurrent copy, a retry of a withdrawal that already holds the money)
    // failed this statement on the key's primary key, so nothing of it happened: replay the key's answer.
    if (created.outcome === 'duplicateKey') return this.repeat(idempotency);
    if (created.outcome === 'duplicateCart') return this.cartPaidBefore(idempotency, draft);
    if (created.outcome === 'refused') return created.answer;
    const { operation, availableMinor, answer } = created;
    let outcome: ProviderOutcome;
    try {
      outcome = await callProvider(operation.referenceNumber);
    } catch (error) {
      // The operation and its key are recorded: answer what a retry with the key answers (the pending answer, stored
      // at creation or now), never an error the key would contradict. A repeat nudges it and the worker resolves it
      // from the provider's status (a reference the provider never received is cancelled).
      this.log.error({ err: error, reference: operation.referenceNumber }, 'provider call failed');
      return answer ?? storeAnswer(this.db, idempotency, answerFor(operation, availableMinor));
    }
    if (answer) {
      // Answered at creation (pending): a provider that decided at once shows in the operation's status.
      const resolution = resolutionOf(operation.kind, outcome);
      if (resolution) await resolveOperation(this.db, this.accounts, operation, resolution);
      return answer;
    }
    return this.settle(operation, outcome, availableMinor, idempotency);
  }

  /**
   * A payment decided at once: created and posted in one statement (two user wallets locked first, in user id
   * order), or refused when the payer's wallet cannot cover amount + fee; either answer is stored under the key.
   */
  async pay(payment: ImmediatePayment, attempt = 1): Promise<StoredAnswer> {
    const { idempotency, draft, insufficientFunds, precondition } = payment;
    if (operationKinds[draft.kind].decision !== 'immediate')
      throw new Error(`${draft.kind} needs its provider`);
    let posted: Awaited<ReturnType<typeof createPostedOperation>>;
    try {
      posted = await createPostedOperation(
        this.db,
        this.accounts,
        idempotency,
        draft,
        this.checksOf(idempotency.userId, draft, precondition),
      );
    } catch (error) {
      const hits = monitoringHitsOf(error);
      if (hits && attempt <= REVIEW_ATTEMPTS)
        return this.heldForReview(payment, hits, null, attempt, () => this.pay(payment, attempt + 1));
      return this.refusedByLimit(error, idempotency, draft);
    }
    if (posted.outcome === 'posted') return posted.answer;
    if (posted.outcome === 'duplicateCart') return this.cartPaidBefore(idempotency, draft);
    if (
      posted.outcome === 'insufficientFunds' &&
      (await recordAnswer(this.db, idempotency, insufficientFunds))
    )
      return insufficientFunds;
    return this.repeat(idempotency);
  }

  /**
   * What a new operation must pass under the wallet lock: the caller's precondition, then the tier limits of the
   * payer (and of the receiving wallet of a transfer between wallets), then, for a money move out, the monitoring
   * rules (a hit refuses the move, which is then held for review: heldForReview). `confirm`: the checks of the
   * statement that holds it, where the rules must still hit.
   */
  private checksOf(
    userId: number,
    draft: OperationDraft,
    precondition?: Precondition,
    confirm = false,
  ): Precondition[] {
    const receiver =
      operationKinds[draft.kind].receivedAs && draft.counterparty.rail === 'wallet'
        ? draft.counterparty.userId
        : null;
    return [
      accountHoldCheck(userId),
      ...(precondition ? [precondition] : []),
      ...limitChecks(draft.kind, userId, draft.amountMinor, receiver),
      ...(isMonitored(draft.kind)
        ? [monitoringCheck(userId, draft.amountMinor, draft.cartId ?? null, confirm)]
        : []),
    ];
  }

  /**
   * A money move out a monitoring rule hit: created 'review' with its hold of amount + fee and answered 200 'review'
   * (stored under the key), the rules confirmed in that statement's transaction, under the wallet lock. When they no
   * longer hit there (a payment failed meanwhile), the move goes its ordinary way (`again`).
   */
  private async heldForReview(
    { idempotency, draft, insufficientFunds, precondition }: ImmediatePayment,
    hits: MonitoringHit[],
    continuation: Continuation | null,
    attempt: number,
    again: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    if (operationKinds[draft.kind].decision === 'provider' && continuation === null)
      throw new Error(`a ${draft.kind} held for review needs its continuation (WalletService.payout)`);
    let created: Awaited<ReturnType<typeof createReviewOperation>>;
    try {
      created = await createReviewOperation(
        this.db,
        idempotency,
        draft,
        insufficientFunds,
        hits,
        continuation,
        this.checksOf(idempotency.userId, draft, precondition, true),
      );
    } catch (error) {
      if (isMonitoringClear(error) && attempt < REVIEW_ATTEMPTS) return again();
      return this.refusedByLimit(error, idempotency, draft);
    }
    if (created.outcome === 'duplicateKey') return this.repeat(idempotency);
    if (created.outcome === 'duplicateCart') return this.cartPaidBefore(idempotency, draft);
    if (created.outcome === 'refused') return created.answer;
    this.log.info(
      { reference: created.operation.referenceNumber, rules: hits.map((hit) => hit.rule) },
      'money move held for review',
    );
    return created.answer ?? answerFor(created.operation, created.availableMinor);
  }

  /**
   * A staff member's decision on a move held for review (one transaction with their audit row). Released, it goes
   * on exactly as if it had passed: a kind decided at once is posted now; a provider's kind becomes pending and its
   * provider call is made (the continuation), then resolved as the route would have (or later, by the worker and
   * the webhooks). Rejected, it fails and its hold (amount and fee) is given back.
   */
  async decideReview(decision: ReviewDecision, verdict: 'release' | 'reject'): Promise<ReviewOutcome> {
    if (verdict === 'reject') {
      const operation = await rejectReview(this.db, decision);
      return operation ? { outcome: 'rejected', operation } : { outcome: 'decidedAlready' };
    }
    const released = await releaseReview(this.db, this.accounts, decision, (operation) =>
      operation.counterparty.rail === 'wallet'
        ? [incomingLimitCheck(operation.counterparty.userId, operation.amountMinor, true)]
        : [],
    );
    if (released.outcome === 'decidedAlready') return released;
    if (released.outcome === 'posted') return { outcome: 'released', operation: released.operation };
    const { operation, continuation } = released;
    if (continuation === null) throw new Error(`held ${operation.referenceNumber} has no continuation`);
    let outcome: ProviderOutcome;
    try {
      outcome = await this.continuations.callOf(continuation)(operation.referenceNumber);
    } catch (error) {
      // Pending with its hold: the worker follows it from the provider's status, as after any failed call.
      this.log.error(
        { err: error, reference: operation.referenceNumber },
        'provider call after release failed',
      );
      return { outcome: 'released', operation };
    }
    const resolution = resolutionOf(operation.kind, outcome);
    const resolved = resolution
      ? await resolveOperation(this.db, this.accounts, operation, resolution)
      : null;
    return { outcome: 'released', operation: resolved?.operation ?? operation };
  }

  /**
   * A money move refused by a tier limit (under the wallet lock, so nothing of it happened): its 400 is stored under
   * the key, as an insufficient-funds refusal is (a repeat replays it rather than deciding again), with a
   * 'limit.refused' row in the user's audit chain, in one transaction. Any other error goes on as it is.
   */
  private async refusedByLimit(
    error: unknown,
    idempotency: IdempotencyKey,
    draft: OperationDraft,
  ): Promise<StoredAnswer> {
    // A frozen account's move: refused, nothing stored under the key (once unfrozen, the same request goes).
    if (isAccountOnHold(error)) throw accountOnHoldError();
    const refusal = limitRefusalOf(error);
    if (!refusal) throw error;
    const answer = limitAnswer(refusal);
    const recorded = await this.db.transaction(async (tx) => {
      if (!(await recordAnswer(tx, idempotency, answer))) return false;
      await appendAudit(tx, {
        actor: { kind: 'user', id: idempotency.userId },
        action: 'limit.refused',
        subject: `user:${idempotency.userId}`,
        after: { kind: draft.kind, amountMinor: draft.amountMinor, ...refusal },
      });
      return true;
    });
    return recorded ? answer : this.repeat(idempotency);
  }

  /** A user's operation and the wallet's available balance (another user's reference is not found either). */
  async operationOf(
    userId: number,
    referenceNumber: string,
  ): Promise<{ operation: Operation; availableMinor: number }> {
    const operation = await findOperation(this.db, { referenceNumber, userId });
    if (!operation) throw new OperationNotFoundError(referenceNumber);
    return { operation, availableMinor: await availableBalance(this.db, userId) };
  }

  /**
   * The answer to a key already recorded (a repeat of a request): its stored answer, a 409 for a different body,
   * or the first request resumed. The routes that must decide before creating anything (a transfer cart already
   * paid or expired) ask this first, so a repeat of the request that paid the cart replays its answer.
   */
  async replay(idempotency: IdempotencyKey): Promise<StoredAnswer | null> {
    if (!(await findIdempotencyRecord(this.db, idempotency))) return null;
    return this.repeat(idempotency);
  }

  /**
   * The cart of the draft is paid by an operation already: the one this key created (a concurrent copy of the
   * request, waiting on the cart's unique index, then refused by it) is replayed; another key's is a 409.
   */
  private async cartPaidBefore(idempotency: IdempotencyKey, draft: OperationDraft): Promise<StoredAnswer> {
    const answer = await this.replay(idempotency);
    if (answer) return answer;
    throw new CartAlreadyPaidError(draft.cartId ?? '');
  }

  /**
   * The same key again: a different body is a 409; a stored answer is replayed; otherwise the first request is
   * still running (wait for its answer a little) or died mid-way (resume from the provider's status).
   */
  private async repeat(idempotency: IdempotencyKey): Promise<StoredAnswer> {
    const deadline = Date.now() + this.repeatWaitMs;
    for (;;) {
      const record = await findIdempotencyRecord(this.db, idempotency);
      // Keys are only ever written in one committed statement with their operation, or with their refusal.
      if (!record) throw new Error('an idempotency key vanished');
      if (record.requestHash !== idempotency.requestHash) throw new IdempotencyConflictError(idempotency.key);
      if (record.answer) {
        if (record.operationId !== null && isPendingAnswer(record.answer))
          await this.nudge(record.operationId);
        return record.answer;
      }
      if (record.operationId === null) throw new Error('an idempotency key has neither operation nor answer');
      if (Date.now() >= deadline) return this.resume(record.operationId, idempotency);
      await sleep(REPEAT_POLL_MS);
    }
  }

  /**
   * A repeat of a request answered 'pending' at creation: if the operation is still pending once it is older than
   * the time a live request needs to reach the provider, its first request may have died before the call. Then the
   * provider is asked, and a reference it never received is cancelled (so a late call fails), as for a repeat
   * without a stored answer: the hold is released now rather than when the worker gets to it. A younger operation
   * is looked at again when it is old enough, in the background. The stored answer is replayed either way.
   */
  private async nudge(operationId: number): Promise<void> {
    try {
      const operation = await findOperation(this.db, { id: operationId });
      if (!operation || operation.status !== 'pending') return;
      const young = this.repeatWaitMs - (Date.now() - operation.createdAt.getTime());
      if (young > 0) {
        setTimeout(() => void this.nudge(operationId), young + 10).unref();
        return;
      }
      const resolution = resolutionOf(operation.kind, await this.providerOutcome(operation, true));
      if (resolution) await resolveOperation(this.db, this.accounts, operation, resolution);
    } catch (error) {
      this.log.warn({ err: error, operationId }, 'checking a repeated pending operation failed');
    }
  }

  private async resume(operationId: number, idempotency: IdempotencyKey): Promise<StoredAnswer> {
    const operation = await findOperation(this.db, { id: operationId });
    if (!operation) throw new Error(`operation ${operationId} of an idempotency key is missing`);
    if (operation.status !== 'pending') {
      return storeAnswer(
        this.db,
        idempotency,
        answerFor(operation, await availableBalance(this.db, operation.userId)),
      );
    }
    const outcome = await this.providerOutcome(operation, true);
    return this.settle(operation, outcome, await availableBalance(this.db, operation.userId), idempotency);
  }

  /** The provider's status; a reference it never received is cancelled when `cancelUnknown` (so it cannot start late). */
  private async providerOutcome(operation: Operation, cancelUnknown: boolean): Promise<ProviderOutcome> {
    const outcome = await this.provider.status(operation.referenceNumber);
    return outcome.status === 'unknown' && cancelUnknown
      ? this.provider.cancel(operation.referenceNumber)
      : outcome;
  }

  private async settle(
    operation: Operation,
    outcome: ProviderOutcome,
    availableMinor: number,
    idempotency: IdempotencyKey,
  ): Promise<StoredAnswer> {
    const resolution = resolutionOf(operation.kind, outcome);
    if (!resolution) return storeAnswer(this.db, idempotency, answerFor(operation, availableMinor));
    // One statement: the resolution and the answer stored under the key.
    const resolved = await resolveOperation(this.db, this.accounts, operation, resolution, idempotency);
    if (resolved?.answer) return resolved.answer;
    if (resolved) {
      // Resolved here, but a repeat stored an answer under the key meanwhile: that one stands.
      const record = await findIdempotencyRecord(this.db, idempotency);
      if (record?.answer) return record.answer;
    }
    // Resolved by someone else meanwhile (webhook, worker, a repeat): answer from what it became.
    const current = (await findOperation(this.db, { id: operation.id })) ?? operation;
    return storeAnswer(
      this.db,
      idempotency,
      answerFor(current, await availableBalance(this.db, operation.userId)),
    );
  }

  /** A signed provider callback: resolves its operation once; duplicates and late ones change nothing. */
  async applyEvent(event: ProviderEvent): Promise<'resolved' | 'ignored'> {
    const operation = await findOperation(this.db, { referenceNumber: event.reference });
    if (!operation || operation.status !== 'pending') return 'ignored';
    const resolution = resolutionOf(operation.kind, event);
    if (!resolution) return 'ignored';
    return (await resolveOperation(this.db, this.accounts, operation, resolution)) ? 'resolved' : 'ignored';
  }

  /** The worker's look at one pending operation: expire a MoMo request past its time, else ask the provider. */
  async checkPending(
    operation: Operation,
    { now, momoExpiryMs, unknownAfterMs }: PendingCheck,
  ): Promise<void> {
    const age = now.getTime() - operation.createdAt.getTime();
    let outcome: ProviderOutcome;
    if (operation.kind === 'momo_top_up' && age >= momoExpiryMs) {
      // Cancelled at the provider first, so a payer approving at the last second is not charged for nothing.
      outcome = await this.provider.cancel(operation.referenceNumber);
      if (outcome.status === 'failed') outcome = { status: 'failed', reason: 'expired' };
    } else {
      outcome = await this.providerOutcome(operation, age >= unknownAfterMs);
    }
    const resolution = resolutionOf(operation.kind, outcome);
    if (resolution) await resolveOperation(this.db, this.accounts, operation, resolution);
  }
}
