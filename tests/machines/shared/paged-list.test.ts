import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pageOf } from '../../../src/domain/paging';
import {
  clientPagedList,
  serverPagedList,
  serverPageShown,
  type PageRequest,
  type ServerPage,
} from '../../../src/machines/shared/paged-list';
import { pagedServer } from '../../support/paged-server';

const rows = Array.from({ length: 7 }, (_, index) => index + 1);

/** A server that pages `rows` (clamped like ours). */
const serve = async ({ page, pageSize }: PageRequest): Promise<ServerPage<number>> => {
  const shown = pageOf(rows, page, pageSize);
  return { rows: shown.rows, total: rows.length, page: shown.window.page, pageSize };
};

const listMachine = () =>
  serverPagedList<number>({ id: 'list', loadId: 'load', pageSize: 3, failedMessage: 'wallet.historyFailed' });

/** Next, next, next, previous: the 'Showing x-y of n' text after each. */
const walk = async (loader: (request: PageRequest) => Promise<ServerPage<number>>) => {
  const actor = createActor(
    listMachine().provide({ actors: { loadPage: fromPromise(({ input }) => loader(input)) } }),
  ).start();
  const seen: string[] = [];
  const settle = async () => {
    const s = await waitFor(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
    const { window } = serverPageShown(s.context, 3);
    seen.push(`${window.from}-${window.to} of ${window.total}: ${s.context.rows.join(',')}`);
  };
  await settle();
  for (const type of ['NEXT', 'NEXT', 'NEXT', 'PREVIOUS'] as const) {
    actor.send({ type });
    await settle();
  }
  actor.stop();
  return seen;
};

describe('server-paged list', () => {
  test('asks the server for each page; Next stops at the last page', async () => {
    expect(await walk(serve)).toEqual([
      '1-3 of 7: 1,2,3',
      '4-6 of 7: 4,5,6',
      '7-7 of 7: 7',
      '7-7 of 7: 7',
      '4-6 of 7: 4,5,6',
    ]);
  });

  test('the check catches a broken loader that ignores the page asked for', async () => {
    const firstPageOnly = (request: PageRequest) => serve({ ...request, page: 0 });
    expect(await walk(firstPageOnly)).not.toEqual(await walk(serve));
  });

  test('a failed load keeps the rows shown and RETRY reloads', async () => {
    const machine = serverPagedList<number>({
      id: 'list',
      loadId: 'load',
      pageSize: 3,
      failedMessage: 'wallet.historyFailed',
    });
    const answers = [serve, () => Promise.reject(new Error('offline')), serve];
    const actor = createActor(
      machine.provide({ actors: { loadPage: fromPromise(({ input }) => answers.shift()!(input)) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'NEXT' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context).toMatchObject({ rows: [1, 2, 3], wanted: 1, error: 'wallet.historyFailed' });
    actor.send({ type: 'RETRY' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context).toMatchObject({ rows: [4, 5, 6], page: 1, error: null });
  });
});

describe('client-paged list', () => {
  const machine = clientPagedList<number, 'items'>({
    id: 'items',
    loadId: 'loadItems',
    listKey: 'items',
    pageSize: 3,
    failedMessage: 'identification.loadFailed',
    matches: (row: number, term: string) => String(row).includes(term),
  });

  const pages = async (list: number[][]) => {
    const answers = [...list];
    const actor = createActor(
      machine.provide({ actors: { loadList: fromPromise(async () => answers.shift()!) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const seen = [actor.getSnapshot().context.page];
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    seen.push(actor.getSnapshot().context.page);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready'));
    seen.push(actor.getSnapshot().context.page);
    return { seen, items: actor.getSnapshot().context.items };
  };

  test('pages in the browser within the pages there are; a reload keeps the page while it exists', async () => {
    expect(await pages([rows, rows.slice(0, 4)])).toEqual({ seen: [0, 2, 1], items: [1, 2, 3, 4] });
  });

  test('the check catches a broken variant whose Next goes past the last page', async () => {
    const unguarded = machine.provide({ guards: { hasNext: () => true } });
    const actor = createActor(
      unguarded.provide({ actors: { loadList: fromPromise(async () => rows) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    for (let i = 0; i < 4; i++) actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.page).not.toBe(2);
  });
});

describe('search', () => {
  /** A server that pages the rows containing the term (as text), recording each request. */
  const searchingServer = () => {
    const server = pagedServer(rows, (row, term) => String(row).includes(term));
    const actor = createActor(
      listMachine().provide({ actors: { loadPage: fromPromise(({ input }) => server.load(input)) } }),
    ).start();
    return { actor, requests: server.requests };
  };

  test('a server-paged list asks once typing pauses, for the first page of the last term', async () => {
    vi.useFakeTimers();
    try {
      const { actor, requests } = searchingServer();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
      actor.send({ type: 'NEXT' });
      await vi.waitFor(() => expect(actor.getSnapshot().context.page).toBe(1));
      for (const text of ['5', ' 5 ', '7']) {
        actor.send({ type: 'SEARCH', text });
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(actor.getSnapshot().value).toBe('searching');
      expect(requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
      expect(requests.slice(2)).toEqual([{ page: 0, pageSize: 3, search: '7' }]);
      expect(actor.getSnapshot().context).toMatchObject({ rows: [7], total: 1, page: 0, search: '7' });
      // Paging keeps the term; an empty term lists everything again (the request without one).
      actor.send({ type: 'SEARCH', text: '  ' });
      await vi.advanceTimersByTimeAsync(300);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
      expect(requests.at(-1)).toEqual({ page: 0, pageSize: 3 });
      expect(actor.getSnapshot().context.total).toBe(7);
      // The same term again asks for nothing.
      actor.send({ type: 'SEARCH', text: '' });
      expect(actor.getSnapshot().value).toBe('ready');
    } finally {
      vi.useRealTimers();
    }
  });

  test('the check catches a broken variant that asks on every key', async () => {
    vi.useFakeTimers();
    try {
      const requests: PageRequest[] = [];
      const broken = createActor(
        serverPagedList<number>({
          id: 'l',
          loadId: 'load',
          pageSize: 3,
          failedMessage: 'wallet.historyFailed',
        })
          .provide({ delays: { searchDelay: 0 } })
          .provide({
            actors: {
              loadPage: fromPromise(
                async ({ input }: { input: PageRequest }): Promise<ServerPage<number>> => {
                  requests.push(input);
                  return { rows: [], total: 0, page: 0, pageSize: 3 };
                },
              ),
            },
          }),
      ).start();
      for (const text of ['5', '57']) {
        broken.send({ type: 'SEARCH', text });
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(requests.filter((request) => request.search !== undefined)).not.toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a client-paged list filters what it loaded by its matcher, from the first page', async () => {
    const machine = clientPagedList<number, 'items'>({
      id: 'items',
      loadId: 'loadItems',
      listKey: 'items',
      pageSize: 2,
      failedMessage: 'identification.loadFailed',
      matches: (row, term) => row % Number(term) === 0,
    });
    const actor = createActor(
      machine.provide({ actors: { loadList: fromPromise(async () => rows) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SEARCH', text: ' 2 ' });
    expect(actor.getSnapshot().context).toMatchObject({ items: rows, page: 0, search: '2' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    // 2, 4 | 6: two pages of matches.
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'SEARCH', text: '' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 0, search: undefined });
    for (let i = 0; i < 5; i++) actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.page).toBe(3);
  });
});
