/**
 * Paged lists ('Showing x-y of n' with Previous / Next): `serverPagedList` asks the server for one page at a time
 * (wallet history; next: transaction, betting and billing histories), `clientPagedList` loads a short list once
 * and pages it in the browser (identifications). Both: loading -> ready | failed (its message, RETRY), REFRESH
 * reloads. Each factory takes the page size, the message of a failed load and the id of the first load; the
 * loader is the actor `loadPage` (server pages) or `loadList` (client pages), provided by the app. SEARCH (the
 * search box's text) goes back to the first page of what contains the term: the server is asked again after a
 * short pause in typing (`searchDelay`), a client list is filtered at once by the factory's matcher. The term is
 * trimmed; an empty one lists everything (the context then has no `search`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../../domain/messages';
import { pageOf, pageWindow, searchTerm, type PageWindow } from '../../domain/paging';
import { notProvided } from '../failure-messages';

export type PagedListEvent =
  | { type: 'PREVIOUS' }
  | { type: 'NEXT' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  /** The search box's text (not yet trimmed). */
  | { type: 'SEARCH'; text: string };

/** How long typing pauses before a server-paged list asks for what it searches (one request, not one a key). */
export const SEARCH_DELAY_MS = 300;

/** The term searched for, from the search box's text: undefined when it lists everything. */
const termOf = (text: string): string | undefined => searchTerm(text) || undefined;

const termChanged = ({ context, event }: { context: { search?: string }; event: PagedListEvent }) =>
  event.type === 'SEARCH' && termOf(event.text) !== context.search;

const searchOf = (event: PagedListEvent) => (event.type === 'SEARCH' ? termOf(event.text) : undefined);

/* ------------------------------------------------------------------------------------------ server pages */

export interface PageRequest {
  page: number;
  pageSize: number;
  /** Only the rows containing this (absent: every row). */
  search?: string;
}

/** One page as the server answers it: the page is clamped to the pages there are. */
export interface ServerPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ServerPagedListContext<Row> {
  /** The rows of the page shown. */
  rows: Row[];
  /** Every row there is, as the server last counted them. */
  total: number;
  /** 0-based page shown, as the server answered it. */
  page: number;
  /** The page being (or last) asked for. */
  wanted: number;
  /** The term the list is searched for; absent, every row. */
  search?: string;
  error: DomainMessageId | null;
}

export interface PagedListOptions {
  id: string;
  /** The id of the first load's invoke. */
  loadId: string;
  pageSize: number;
  failedMessage: DomainMessageId;
}

/**
 * A list the server pages: loading (invoke `loadPage` for the wanted page) -> ready | failed. In ready, PREVIOUS /
 * NEXT load the neighbouring page (loadingPage, invoke id `loadPage`, keeps the current rows shown meanwhile) and
 * REFRESH reloads the page shown. SEARCH with a new term, in any state, waits in searching (the rows stay shown;
 * each further SEARCH starts the wait again) for `searchDelay`, then loads the first page of what matches.
 */
export const serverPagedList = <Row>(options: PagedListOptions) => {
  const windowOf = (context: ServerPagedListContext<Row>): PageWindow =>
    pageWindow(context.page, options.pageSize, context.total);
  const request = ({ context }: { context: ServerPagedListContext<Row> }): PageRequest => ({
    page: context.wanted,
    pageSize: options.pageSize,
    ...(context.search === undefined ? {} : { search: context.search }),
  });
  const search = { guard: 'termChanged', actions: 'setSearch' } as const;
  const load = {
    type: 'setPage' as const,
    params: ({ event }: { event: { output: ServerPage<Row> } }) => event.output,
  };
  return setup({
    types: {
      context: {} as ServerPagedListContext<Row>,
      events: {} as PagedListEvent,
    },
    actors: {
      /** One page of the list, with the total. */
      loadPage: fromPromise<ServerPage<Row>, PageRequest>(async () => notProvided('loadPage')),
    },
    delays: { searchDelay: SEARCH_DELAY_MS },
    guards: {
      hasPrevious: ({ context }) => windowOf(context).hasPrevious,
      hasNext: ({ context }) => windowOf(context).hasNext,
      termChanged,
    },
    actions: {
      setSearch: assign(({ event }) => ({ search: searchOf(event), wanted: 0, error: null })),
      setPage: assign((_, params: ServerPage<Row>) => ({
        rows: params.rows,
        total: params.total,
        page: params.page,
        wanted: params.page,
        error: null,
      })),
      setLoadFailed: assign({ error: options.failedMessage }),
      clearError: assign({ error: null }),
      wantPrevious: assign(({ context }) => ({ wanted: windowOf(context).page - 1 })),
      wantNext: assign(({ context }) => ({ wanted: windowOf(context).page + 1 })),
      wantShown: assign(({ context }) => ({ wanted: context.page })),
    },
  }).createMachine({
    id: options.id,
    context: { rows: [], total: 0, page: 0, wanted: 0, error: null },
    initial: 'loading',
    on: { SEARCH: { ...search, target: '.searching' } },
    states: {
      loading: {
        invoke: {
          id: options.loadId,
          src: 'loadPage',
          input: request,
          onDone: { target: 'ready', actions: load },
          onError: { target: 'failed', actions: 'setLoadFailed' },
        },
      },
      ready: {
        on: {
          PREVIOUS: { guard: 'hasPrevious', target: 'loadingPage', actions: 'wantPrevious' },
          NEXT: { guard: 'hasNext', target: 'loadingPage', actions: 'wantNext' },
          REFRESH: { target: 'loading', actions: 'wantShown' },
        },
      },
      /** The neighbouring page is on its way; the current rows stay shown. */
      loadingPage: {
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: request,
          onDone: { target: 'ready', actions: load },
          onError: { target: 'failed', actions: 'setLoadFailed' },
        },
      },
      /** A new term was typed: the first page of its matches is asked for when typing pauses. */
      searching: {
        on: { SEARCH: { ...search, target: 'searching', reenter: true } },
        after: { searchDelay: { target: 'loading' } },
      },
      failed: {
        on: { RETRY: { target: 'loading', actions: 'clearError' } },
      },
    },
  });
};

/** The machine `serverPagedList` makes for rows of one type. */
export type ServerPagedListMachine<Row> = ReturnType<typeof serverPagedList<Row>>;

/** The rows shown and the 'Showing x-y of n' figures of a server-paged list. */
export const serverPageShown = <Row>(
  context: Pick<ServerPagedListContext<Row>, 'rows' | 'page' | 'total'>,
  pageSize: number,
): { rows: Row[]; window: PageWindow } => ({
  rows: context.rows,
  window: pageWindow(context.page, pageSize, context.total),
});

/* ------------------------------------------------------------------------------------------ client pages */

export type ClientPagedListContext<Row, ListKey extends string> = Record<ListKey, Row[]> & {
  /** 0-based page of the rows shown (those the search matches), always one that exists. */
  page: number;
  /** The term the list is filtered by; absent, every row. */
  search?: string;
  error: DomainMessageId | null;
};

/** Whether a row contains the search term (already trimmed, never empty). */
export type RowMatcher<Row> = (row: Row, term: string) => boolean;

/** The rows a client-paged list shows: those `matches` keeps for the term, or all of them without one. */
export const matchingRows = <Row>(
  rows: Row[],
  search: string | undefined,
  matches: RowMatcher<Row>,
): Row[] => (search === undefined ? rows : rows.filter((row) => matches(row, search)));

/**
 * A short list loaded whole and paged in the browser: loading (invoke `loadList`) -> ready | failed. PREVIOUS /
 * NEXT move within the pages there are; REFRESH reloads and keeps the page while it still exists. SEARCH with a
 * new term, in any state, filters the list by `matches` and shows its first page (the whole list stays loaded).
 */
export const clientPagedList = <Row, ListKey extends string>(
  options: PagedListOptions & { listKey: ListKey; matches: RowMatcher<Row> },
) => {
  type Context = ClientPagedListContext<Row, ListKey>;
  const listOf = (context: Context): Row[] =>
    matchingRows(context[options.listKey], context.search, options.matches);
  const windowOf = (context: Context): PageWindow =>
    pageOf(listOf(context), context.page, options.pageSize).window;
  const changed = (change: Record<string, unknown>) => change as unknown as Partial<Context>;
  return setup({
    types: {
      context: {} as Context,
      events: {} as PagedListEvent,
    },
    actors: {
      /** The whole list. */
      loadList: fromPromise<Row[], void>(async () => notProvided('loadList')),
    },
    guards: {
      hasPrevious: ({ context }) => windowOf(context).hasPrevious,
      hasNext: ({ context }) => windowOf(context).hasNext,
      termChanged,
    },
    actions: {
      setSearch: assign(({ event }) => changed({ search: searchOf(event), page: 0 })),
      setList: assign(({ context }, params: { list: Row[] }) =>
        changed({
          [options.listKey]: params.list,
          // The page stays where it was when it still exists (a reload after an add), else the last one.
          page: pageOf(
            matchingRows(params.list, context.search, options.matches),
            context.page,
            options.pageSize,
          ).window.page,
          error: null,
        }),
      ),
      setLoadFailed: assign(() => changed({ error: options.failedMessage })),
      clearError: assign(() => changed({ error: null })),
      previousPage: assign(({ context }) => changed({ page: windowOf(context).page - 1 })),
      nextPage: assign(({ context }) => changed({ page: windowOf(context).page + 1 })),
    },
  }).createMachine({
    id: options.id,
    context: { [options.listKey]: [], page: 0, error: null } as unknown as Context,
    initial: 'loading',
    on: { SEARCH: { guard: 'termChanged', actions: 'setSearch' } },
    states: {
      loading: {
        invoke: {
          id: options.loadId,
          src: 'loadList',
          onDone: {
            target: 'ready',
            actions: {
              type: 'setList',
              params: ({ event }: { event: { output: Row[] } }) => ({ list: event.output }),
            },
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
};
