/**
 * The console's user search (/ops/users): idle; SEARCH {query} (an e-mail, a phone number or an operation's
 * reference; empty is refused here) -> searching (invoke `searchUsers`) -> idle with the users found, or with the
 * failure (403 said plainly). Diagram: docs/machines/ops-user-search.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OpsUserSummary } from '../../contract/ops';
import { notProvided } from '../failure-messages';
import { opsFailure, type OpsMessageId } from './ops-failure';

export type OpsUserSearchMessageId = OpsMessageId | 'ops.users.queryRequired';

export interface OpsUserSearchContext {
  query: string;
  /** null until a search has answered. */
  results: OpsUserSummary[] | null;
  error: OpsUserSearchMessageId | null;
}

export type OpsUserSearchEvent = { type: 'SEARCH'; query: string };

export const opsUserSearchMachine = setup({
  types: {
    context: {} as OpsUserSearchContext,
    events: {} as OpsUserSearchEvent,
  },
  actors: {
    searchUsers: fromPromise<OpsUserSummary[], string>(async () => notProvided('searchUsers')),
  },
  guards: {
    hasQuery: ({ event }) => event.query.trim() !== '',
  },
  actions: {
    setQuery: assign(({ event }) => ({ query: event.query.trim(), error: null })),
    setResults: assign((_, params: { results: OpsUserSummary[] }) => ({
      results: params.results,
      error: null,
    })),
    setError: assign((_, params: { error: OpsUserSearchMessageId }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'opsUserSearch',
  context: { query: '', results: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SEARCH: [
          { guard: 'hasQuery', target: 'searching', actions: 'setQuery' },
          { actions: { type: 'setError', params: { error: 'ops.users.queryRequired' } } },
        ],
      },
    },
    searching: {
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => context.query,
        onDone: {
          target: 'idle',
          actions: { type: 'setResults', params: ({ event }) => ({ results: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'setError', params: ({ event }) => ({ error: opsFailure(event.error) }) },
        },
      },
    },
  },
});

export type OpsUserSearchMachine = typeof opsUserSearchMachine;
