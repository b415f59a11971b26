/**
 * A receipt loaded by its reference number (spec section 2: each history row opens one, as does View Receipt):
 * loading (invoke `loadReceipt` with the reference number) -> ready with the receipt | failed ('We could not find
 * that transaction.' for a 404, else 'Something went wrong, please try again later'; RETRY loads it again).
 * `receiptMachine` makes one for a kind of receipt (a transfer's 'Transaction Details', a bet's 'Betting Details').
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../../domain/messages';
import { failureStatus, notProvided } from '../failure-messages';

export interface ReceiptInput {
  referenceNumber: string;
}

export interface ReceiptContext<Receipt> {
  referenceNumber: string;
  receipt: Receipt | null;
  error: DomainMessageId | null;
}

export const receiptFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === 404 ? 'operation.notFound' : 'server.error';

export const receiptMachine = <Receipt>(id: string) =>
  setup({
    types: {
      context: {} as ReceiptContext<Receipt>,
      events: {} as { type: 'RETRY' },
      input: {} as ReceiptInput,
    },
    actors: {
      /** The receipt by its reference number (the app's GET for this kind). */
      loadReceipt: fromPromise<Receipt, ReceiptInput>(async () => notProvided('loadReceipt')),
    },
    actions: {
      setReceipt: assign((_, params: { receipt: Receipt }) => ({ receipt: params.receipt, error: null })),
      setFailed: assign((_, params: { error: unknown }) => ({ error: receiptFailureMessage(params.error) })),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id,
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

/** The machine `receiptMachine` makes for one kind of receipt. */
export type ReceiptMachine<Receipt> = ReturnType<typeof receiptMachine<Receipt>>;
