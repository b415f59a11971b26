/**
 * Submitting and following a wallet operation: the answer to a money-moving POST is Successful, pending or
 * Failed, and a pending one is followed by reading its status every `pollDelay` (for at most `deadline`, when
 * given) until it is Successful or Failed. A failed read asks again on the next tick: the operation itself is
 * recorded on the server, only the answer was lost.
 *
 * `submitOperation` and `followOperation` build the states; the machine spreads `operationGuards` into its
 * `setup` and names, with `setOperation`, the action that keeps each answer.
 */
import { and, fromPromise } from 'xstate';
import type { DomainMessageId } from '../../domain/messages';
import type { WalletOperation, WalletOperationStatus } from '../../contract/wallet';
import { isDomainMessageId, notProvided } from '../failure-messages';
import type { SharedStateConfig, TransitionTo } from './state-config';

export interface OperationQuery {
  referenceNumber: string;
}

interface ResultEvent {
  event: { output: WalletOperation };
}
interface ErrorEvent {
  event: { error: unknown };
}

const statusIs =
  (status: WalletOperationStatus) =>
  (_: unknown, params: { result: WalletOperation }): boolean =>
    params.result.status === status;

/** The actor `followOperation` invokes, for a machine's `setup`: GET api/User/GetWalletOperation?referenceNumber=. */
export const followActors = {
  getOperation: fromPromise<WalletOperation, OperationQuery>(async () => notProvided('getOperation')),
};

/** Guards for a machine's `setup`, each taking `{ result }`. */
export const operationGuards = {
  // A move held for review (issue 25) is answered and ends the flow like a success: its money is set aside, and
  // the done screen's figures say it is under review (screens/ui/receipt-summary.tsx), never a failure.
  isSuccessful: (_: unknown, params: { result: WalletOperation }): boolean =>
    statusIs('Successful')(_, params) || statusIs('review')(_, params),
  isPending: statusIs('pending'),
  isFailed: statusIs('Failed'),
};

/** Why an operation ended Failed: its failureMessageId when we know it ('topUp.momoRejected', ...). */
export const operationFailureMessage = (
  result: WalletOperation,
  fallback: DomainMessageId,
): DomainMessageId => (isDomainMessageId(result.failureMessageId) ? result.failureMessageId : fallback);

/** A guard or action of the machine, given the answer (`{ result }`) of the invoke that just finished. */
export const withResult = (type: string) => ({
  type,
  params: ({ event }: ResultEvent) => ({ result: event.output }),
});

/** A guard or action of the machine, given the failure (`{ error }`) of the invoke that just failed. */
export const withError = (type: string) => ({
  type,
  params: ({ event }: ErrorEvent) => ({ error: event.error }),
});

/** The machine's `walletChanged` action with the balance an answer carries. */
export const walletChangedByResult = {
  type: 'walletChanged',
  params: ({ event }: ResultEvent) => ({ walletAmount: event.output.walletAmount }),
};

const actionsOf = (transition: TransitionTo): unknown[] =>
  transition.actions === undefined
    ? []
    : Array.isArray(transition.actions)
      ? transition.actions
      : [transition.actions];

/** Every answer is kept (`setOperation`) before the transition's own actions. */
const keeping = (transition: TransitionTo, guard?: string) => ({
  ...(guard ? { guard: withResult(guard) } : {}),
  target: transition.target,
  actions: [withResult('setOperation'), ...actionsOf(transition)],
});

export interface SubmitOperationOptions<TContext> {
  /** The invoke's id and actor name. */
  id: string;
  /** The call for this attempt (its request and the attempt's Idempotency-Key). */
  input: (context: TContext) => unknown;
  successful: TransitionTo;
  /** Pending: one transition, or several (each guard, given `{ result }`, tried in order; the last unguarded). */
  pending: TransitionTo | TransitionTo[];
  /** Failed, or any status we do not know. */
  failed: TransitionTo;
  /** The call failed (no answer, 400 violations, 402, 403, ...): guarded transitions, the last unguarded. */
  onError: TransitionTo[];
}

/** A pending answer's transition, its own guard (if any, given `{ result }`) and-ed with isPending. */
const pendingBranch = (transition: TransitionTo) =>
  transition.guard === undefined
    ? keeping(transition, 'isPending')
    : {
        ...keeping(transition),
        guard: and([withResult('isPending'), withResult(transition.guard as string)]),
      };

/** The state that sends the operation and goes where its answer says. */
export const submitOperation = <TContext>(options: SubmitOperationOptions<TContext>): SharedStateConfig => ({
  invoke: {
    id: options.id,
    src: options.id,
    input: ({ context }: { context: TContext }) => options.input(context),
    onDone: [
      keeping(options.successful, 'isSuccessful'),
      ...(Array.isArray(options.pending) ? options.pending : [options.pending]).map(pendingBranch),
      keeping(options.failed),
    ],
    onError: options.onError,
  },
});

export interface FollowOperationOptions {
  /** The machine's id, so the outcomes can leave this state. */
  machineId: string;
  /** The delay (by name) between two reads of the status. */
  pollDelay: string;
  /** Targets are states of the machine's root. */
  successful: TransitionTo;
  failed: TransitionTo;
  /** When given: still pending after this delay (by name), take this transition. */
  deadline?: { delay: string } & TransitionTo;
  /** Reads that failed in a way that ends the following (e.g. a 404); any other failure reads again. */
  onReadError?: TransitionTo[];
}

const fromRoot = (machineId: string, transition: TransitionTo): TransitionTo => ({
  ...transition,
  target: `#${machineId}.${transition.target}`,
});

/**
 * The state that follows a pending operation: waiting -(pollDelay)-> checking (invoke `getOperation` with the
 * operation's reference) -> the outcome, or waiting again while it is pending.
 */
export const followOperation = (options: FollowOperationOptions): SharedStateConfig => ({
  initial: 'waiting',
  ...(options.deadline
    ? {
        after: {
          [options.deadline.delay]: { target: options.deadline.target, actions: options.deadline.actions },
        },
      }
    : {}),
  states: {
    waiting: {
      after: { [options.pollDelay]: { target: 'checking' } },
    },
    checking: {
      invoke: {
        id: 'getOperation',
        src: 'getOperation',
        input: ({ context }: { context: { operation: WalletOperation | null } }): OperationQuery => ({
          referenceNumber: context.operation?.referenceNumber ?? '',
        }),
        onDone: [
          keeping(fromRoot(options.machineId, options.successful), 'isSuccessful'),
          keeping(fromRoot(options.machineId, options.failed), 'isFailed'),
          keeping({ target: 'waiting' }),
        ],
        onError: [
          ...(options.onReadError ?? []).map((transition) => fromRoot(options.machineId, transition)),
          // A lost connection or a busy server: ask again on the next tick.
          { target: 'waiting' },
        ],
      },
    },
  },
});
