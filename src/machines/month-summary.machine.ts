/**
 * The dashboard home's picture of the month: loading (invoke `loadMonthSummary` for the input month, 'YYYY-MM') ->
 * ready | failed (RETRY). REFRESH reloads from ready (the last figures stay in context meanwhile), e.g. when the
 * tab comes back into view after money moved.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MonthSummary } from '../contract/wallet';
import type { IsoMonth } from '../domain/month';
import { notProvided } from './failure-messages';

export interface MonthSummaryContext {
  month: IsoMonth;
  /** The server's figures, null until the first answer. */
  summary: MonthSummary | null;
}

export type MonthSummaryEvent = { type: 'REFRESH' } | { type: 'RETRY' };

export const monthSummaryMachine = setup({
  types: {
    context: {} as MonthSummaryContext,
    events: {} as MonthSummaryEvent,
    input: {} as { month: IsoMonth },
  },
  actors: {
    /** GET api/Wallet/MonthSummary?month=YYYY-MM. */
    loadMonthSummary: fromPromise<MonthSummary, { month: IsoMonth }>(async () =>
      notProvided('loadMonthSummary'),
    ),
  },
  actions: {
    setSummary: assign((_, params: { summary: MonthSummary }) => ({ summary: params.summary })),
  },
}).createMachine({
  id: 'monthSummary',
  context: ({ input }) => ({ month: input.month, summary: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMonthSummary',
        src: 'loadMonthSummary',
        input: ({ context }) => ({ month: context.month }),
        onDone: {
          target: 'ready',
          actions: { type: 'setSummary', params: ({ event }) => ({ summary: event.output }) },
        },
        onError: { target: 'failed' },
      },
    },
    ready: {
      on: { REFRESH: { target: 'loading' } },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
  },
});

export type MonthSummaryMachine = typeof monthSummaryMachine;
