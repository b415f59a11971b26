import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pageOf } from '../../../src/domain/paging';
import {
  clientPagedList,
  serverPagedList,
  serverPageShown,
  type PageRequest,
  type ServerPage,
} from '../../../src/machines/shared/paged-list';

const rows = Array.from({ length: 7 }, (_, index) => index + 1);

/** A server that pages `rows` (clamped like ours). */
const serve = async ({ page, pageSize }: PageRequest): Promise<ServerPage<number>> => {
  const shown = pageOf(rows, page, pageSize);
  return { rows: shown.rows, total: rows.length, page: shown.window.page, pageSize };
};

/** Next, next, next, previous: the 'Showing x-y of n' text after each. */
const walk = async (loader: (request: PageRequest) => Promise<ServerPage<number>>) => {
  const machine = serverPagedList<number>({
    id: 'list',
    loadId: 'load',
    pageSize: 3,
    failedMessage: 'wallet.historyFailed',
  });
  const actor = createActor(
    machine.provide({ actors: { loadPage: fromPromise(({ input }) => loader(input)) } }),
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
