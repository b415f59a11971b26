/**
 * A transfer's receipt ('Transaction Details', spec sections 2 and 3): loading (invoke `loadReceipt` with the
 * reference number) -> ready with the receipt | failed ('We could not find that transaction.' for a 404, else
 * 'Something went wrong, please try again later'; RETRY loads it again).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { TransactionReceipt } from '../contract/transfer';
import { failureStatus, notProvided } from './failure-messages';

/**
 * A receipt as the browser holds it (amounts in minor units): the shape of services/transfer.ts's
 * TransactionReceipt, which machines may not import.
 */
export interface TransactionReceiptInput {
  referenceNumber: string;
}

export interface TransactionReceiptContext {
  referenceNumber: string;
  receipt: TransactionReceipt | null;
  error: DomainMessageId | null;
}

export const receiptFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === 404 ? 'operation.notFound' : 'server.error';

export const transactionReceiptMachine = setup({
  types: {
    context: {} as TransactionReceiptContext,
    events: {} as { type: 'RETRY' },
    input: {} as TransactionReceiptInput,
  },
  actors: {
    /** GET api/Transaction/GetTransactionByReferenceNumber. */
    loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(async () =>
      notProvided('loadReceipt'),
    ),
  },
  actions: {
    setReceipt: assign((_, params: { receipt: TransactionReceipt }) => ({
      receipt: params.receipt,
      error: null,
    })),
    setFailed: assign((_, params: { error: unknown }) => ({ error: receiptFailureMessage(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'transactionReceipt',
  context: ({ input }) => ({ referenceNumber: input.referenceNumber, receipt: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ referenceNumber: context.referenceNumber }),
        onDone: {
          target: 'ready',
          actions: { type: 'setReceipt', params: ({ event }) => ({ receipt: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type TransactionReceiptMachine = typeof transactionReceiptMachine;
