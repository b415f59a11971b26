/**
 * The identifications panel (/Dashboard/myIdentifications): loading (invoke `loadIdentifications`) -> ready, two
 * Ghana Cards per page with PREVIOUS / NEXT and REFRESH, | failed ('identification.loadFailed', RETRY).
 */
import { assign, fromPromise, setup } from 'xstate';
import { IDENTIFICATIONS_PAGE_SIZE } from '../domain/identification';
import type { DomainMessageId } from '../domain/messages';
import { pageOf, type PageWindow } from '../domain/paging';
import type { Identification } from '../contract/identification';
import { notProvided } from './failure-messages';

export interface IdentificationsContext {
  identifications: Identification[];
  /** 0-based page, always one that exists. */
  page: number;
  error: DomainMessageId | null;
}

export type IdentificationsEvent =
  { type: 'PREVIOUS' } | { type: 'NEXT' } | { type: 'REFRESH' } | { type: 'RETRY' };

/** The cards shown and the page's figures. */
export const identificationsPage = (context: Pick<IdentificationsContext, 'identifications' | 'page'>) =>
  pageOf(context.identifications, context.page, IDENTIFICATIONS_PAGE_SIZE);

const windowOf = (context: IdentificationsContext): PageWindow => identificationsPage(context).window;

export const identificationsMachine = setup({
  types: {
    context: {} as IdentificationsContext,
    events: {} as IdentificationsEvent,
  },
  actors: {
    /** GET api/User/GetAllIdentificationsByUserId (the signed-in user's, oldest first). */
    loadIdentifications: fromPromise<Identification[], void>(async () => notProvided('loadIdentifications')),
  },
  guards: {
    hasPrevious: ({ context }) => windowOf(context).hasPrevious,
    hasNext: ({ context }) => windowOf(context).hasNext,
  },
  actions: {
    setIdentifications: assign(({ context }, params: { identifications: Identification[] }) => ({
      identifications: params.identifications,
      // The page stays where it was when it still exists (a reload after an add), else the last one.
      page: pageOf(params.identifications, context.page, IDENTIFICATIONS_PAGE_SIZE).window.page,
      error: null,
    })),
    setLoadFailed: assign({ error: 'identification.loadFailed' }),
    clearError: assign({ error: null }),
    previousPage: assign(({ context }) => ({ page: windowOf(context).page - 1 })),
    nextPage: assign(({ context }) => ({ page: windowOf(context).page + 1 })),
  },
}).createMachine({
  id: 'identifications',
  context: { identifications: [], page: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadIdentifications',
        src: 'loadIdentifications',
        onDone: {
          target: 'ready',
          actions: { type: 'setIdentifications', params: ({ event }) => ({ identifications: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    ready: {
      on: {
        PREVIOUS: { guard: 'hasPrevious', actions: 'previousPage' },
        NEXT: { guard: 'hasNext', actions: 'nextPage' },
        REFRESH: { target: 'loading' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type IdentificationsMachine = typeof identificationsMachine;
