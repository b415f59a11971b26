/**
 * Path-test models shared by the histories (server-paged lists, src/machines/shared/paged-list.ts) and the
 * receipts (src/machines/shared/receipt.ts): each history or receipt machine gets them with its own id, message
 * and rows.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { HISTORY_PAGE_SIZE, pageOf, pageWindow, searchTerm } from '../../src/domain/paging';
import { failureStatus } from '../../src/contract/failure';
import { doneEvent, errorEvent, httpError, networkError } from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const outputOf = <T>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;

const expectUnchanged = (step: ModelStep) => {
  expect(step.snapshot.value).toEqual(step.previous?.value);
  expect(step.snapshot.context).toEqual(step.previous?.context);
  expect(step.actions).toEqual([]);
};

const contextKey = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.context);

type HistoryContext = {
  rows: unknown[];
  total: number;
  page: number;
  wanted: number;
  search?: string;
  error: string | null;
};

/** What the server answers for `page` of these rows (newest first), clamped to the pages there are. */
export const historyPageOf = <Row>(rows: readonly Row[], page: number) => {
  const shown = pageOf(rows, page, HISTORY_PAGE_SIZE);
  return { rows: shown.rows, total: rows.length, page: shown.window.page, pageSize: HISTORY_PAGE_SIZE };
};

export interface PagedHistoryModelOptions<TMachine extends AnyStateMachine> {
  name: string;
  machine: TMachine;
  /** The machine's id (its search timer's event names it). */
  machineId: string;
  /** The id of the first page's load (invoke), 'loadHistory' unless the machine names it otherwise. */
  loadId?: string;
  failedMessage: string;
  /** What the server may hold (the history may change between two pages, or a search keep fewer). */
  histories: unknown[][];
  /** A search box text that names a new term. */
  searchText: string;
}

/**
 * A history five a page from the server: loading -> ready | failed (its message, RETRY); PREVIOUS / NEXT within the
 * pages the total makes load the neighbouring page (loadingPage keeps the rows shown); REFRESH reloads the page
 * shown; SEARCH with a new term waits in searching (rows shown, the wait restarted by each new term), then loads
 * its first page. Two models: the paging (12, 3 and no rows answered), and the search apart (its terms on top of
 * the paging samples would multiply the simple paths).
 */
export const pagedHistoryModels = <TMachine extends AnyStateMachine>(
  options: PagedHistoryModelOptions<TMachine>,
): [MachineModel<TMachine>, MachineModel<TMachine>] => {
  const loadId = options.loadId ?? 'loadHistory';
  const check = (step: ModelStep): void => {
    const { previous, event, snapshot, actions } = step;
    const context = snapshot.context as HistoryContext;
    expect(actions).toEqual([]);
    expect(context.rows.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
    expect(context.page).toBe(pageWindow(context.page, HISTORY_PAGE_SIZE, context.total).page);
    if (snapshot.matches('failed')) expect(context.error).toBe(options.failedMessage);
    else expect(context.error).toBeNull();
    if (snapshot.matches('ready')) expect(context.wanted).toBe(context.page);
    if (snapshot.matches('loadingPage')) expect(Math.abs(context.wanted - context.page)).toBe(1);
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ rows: [], total: 0, page: 0, wanted: 0, error: null });
      return;
    }
    const before = previous.context as HistoryContext;
    const loaded = (state: string) => {
      if (!previous.matches(state)) return expectUnchanged(step);
      const answer = outputOf<ReturnType<typeof historyPageOf>>(event);
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({
        rows: answer.rows,
        total: answer.total,
        page: answer.page,
        wanted: answer.page,
        error: null,
        search: before.search,
      });
    };
    const failedIn = (state: string) => {
      if (!previous.matches(state)) return expectUnchanged(step);
      expect(snapshot.value).toBe('failed');
      // The rows, the total and the page asked for stay as they were.
      expect({ ...context, error: null }).toEqual(before);
    };
    switch (event.type) {
      case `xstate.done.actor.${loadId}`:
        return loaded('loading');
      case 'xstate.done.actor.loadPage':
        return loaded('loadingPage');
      case `xstate.error.actor.${loadId}`:
        return failedIn('loading');
      case 'xstate.error.actor.loadPage':
        return failedIn('loadingPage');
      case 'NEXT':
      case 'PREVIOUS': {
        const wanted = before.page + (event.type === 'NEXT' ? 1 : -1);
        const exists = wanted >= 0 && wanted * HISTORY_PAGE_SIZE < before.total;
        if (!previous.matches('ready') || !exists) return expectUnchanged(step);
        expect(snapshot.value).toBe('loadingPage');
        expect(context).toEqual({ ...before, wanted });
        return;
      }
      case 'REFRESH':
        if (!previous.matches('ready')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context).toEqual({ ...before, wanted: before.page });
        return;
      case 'RETRY':
        if (!previous.matches('failed')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context).toEqual({ ...before, error: null });
        return;
      case 'SEARCH': {
        const term = searchTerm((event as unknown as { text: string }).text) || undefined;
        if (term === before.search) return expectUnchanged(step);
        // In any state: the rows stay shown while typing pauses; the first page of the term is wanted.
        expect(snapshot.value).toBe('searching');
        expect(context).toEqual({ ...before, search: term, wanted: 0, error: null });
        return;
      }
      case `xstate.after.searchDelay.${options.machineId}.searching`:
        if (!previous.matches('searching')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context).toEqual(before);
        return;
      default:
        throw new Error(`${options.name} model: unexpected event ${event.type}`);
    }
  };
  const paging: MachineModel<TMachine> = {
    name: options.name,
    machine: options.machine,
    inputs: [{ label: 'start', input: undefined as never }],
    events: (snapshot) => {
      const { wanted } = snapshot.context as HistoryContext;
      const answers = (id: string) => [
        ...options.histories.map((rows) => doneEvent(id, historyPageOf(rows, wanted))),
        errorEvent(id, networkError()),
        errorEvent(id, httpError(500, 'server.error')),
      ];
      return [
        { type: 'PREVIOUS' },
        { type: 'NEXT' },
        { type: 'REFRESH' },
        { type: 'RETRY' },
        // The term it already has (none): nothing happens. New terms are the search model's.
        { type: 'SEARCH', text: ' ' },
        ...(snapshot.matches('loading') ? answers(loadId) : []),
        ...(snapshot.matches('loadingPage') ? answers('loadPage') : []),
      ];
    },
    key: contextKey,
    // Whether Previous and Next lead anywhere decides where they go.
    simpleKey: (snapshot) => {
      const { page, total } = snapshot.context as HistoryContext;
      const window = pageWindow(page, HISTORY_PAGE_SIZE, total);
      return [window.hasPrevious, window.hasNext];
    },
    check,
  };
  const search: MachineModel<TMachine> = {
    name: `${options.name} search`,
    machine: options.machine,
    inputs: [{ label: 'start', input: undefined as never }],
    events: (snapshot) => {
      const answers = (id: string) => [doneEvent(id, historyPageOf([], 0)), errorEvent(id, networkError())];
      return [
        { type: 'SEARCH', text: options.searchText },
        { type: 'SEARCH', text: '' },
        { type: 'NEXT' },
        { type: 'PREVIOUS' },
        { type: 'REFRESH' },
        { type: 'RETRY' },
        ...(snapshot.matches('loading') ? answers(loadId) : []),
        ...(snapshot.matches('loadingPage') ? answers('loadPage') : []),
      ];
    },
    key: contextKey,
    simpleKey: (snapshot) => [(snapshot.context as HistoryContext).search ?? null],
    check,
  };
  return [paging, search];
};

type ReceiptContext = { referenceNumber: string; receipt: unknown; error: string | null };

/** A receipt: loading -> ready | failed (404: not found; else the generic message), RETRY loads it again. */
export const receiptModel = <TMachine extends AnyStateMachine>(options: {
  name: string;
  machine: TMachine;
  referenceNumber: string;
  receipt: unknown;
}): MachineModel<TMachine> => ({
  name: options.name,
  machine: options.machine,
  inputs: [{ label: options.referenceNumber, input: { referenceNumber: options.referenceNumber } as never }],
  events: (snapshot) => [
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadReceipt', options.receipt),
          errorEvent('loadReceipt', httpError(404, 'operation.notFound')),
          errorEvent('loadReceipt', networkError()),
          errorEvent('loadReceipt', httpError(500)),
        ]
      : []),
  ],
  key: contextKey,
  check: ({ previous, event, snapshot, actions }) => {
    const context = snapshot.context as ReceiptContext;
    expect(actions).toEqual([]);
    expect(context.referenceNumber).toBe(options.referenceNumber);
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ referenceNumber: options.referenceNumber, receipt: null, error: null });
      return;
    }
    const before = previous.context as ReceiptContext;
    switch (event.type) {
      case 'xstate.done.actor.loadReceipt':
        expect(snapshot.value).toBe('ready');
        expect(context.receipt).toEqual(outputOf(event));
        expect(context.error).toBeNull();
        return;
      case 'xstate.error.actor.loadReceipt':
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe(
          failureStatus(errorOf(event)) === 404 ? 'operation.notFound' : 'server.error',
        );
        expect(context.receipt).toEqual(before.receipt);
        return;
      case 'RETRY':
        if (!previous.matches('failed')) {
          expect(snapshot.value).toEqual(previous.value);
          expect(context).toEqual(before);
          return;
        }
        expect(snapshot.value).toBe('loading');
        expect(context.error).toBeNull();
        return;
      default:
        throw new Error(`${options.name} model: unexpected event ${event.type}`);
    }
  },
});
