import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Identification } from '../../src/contract/identification';
import { identificationsMachine, identificationsPage } from '../../src/machines/identifications.machine';
import { httpError } from '../support/machine-fixtures';
import { identification, identificationsModel } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';
import { proves } from '../support/requirements';

describeMachinePaths(identificationsModel);

const start = (answers: (() => Promise<Identification[]>)[]) => {
  const actor = createActor(
    identificationsMachine.provide({
      actors: { loadList: fromPromise(async () => answers.shift()!()) },
    }),
  );
  actor.start();
  return actor;
};

describe('identifications', () => {
  test(proves('S9.pageSize.1', 'two cards a page with Previous and Next'), async () => {
    const actor = start([async () => [1, 2, 3, 4, 5].map(identification)]);
    await waitFor(actor, (s) => s.matches('ready'));
    const shown = () => identificationsPage(actor.getSnapshot().context).rows.map((card) => card.id);
    expect(shown()).toEqual([1, 2]);
    actor.send({ type: 'NEXT' });
    expect(shown()).toEqual([3, 4]);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(shown()).toEqual([5]);
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    expect(shown()).toEqual([1, 2]);
  });

  test("a failed load shows 'Failed to load identification data.' and RETRY loads again", async () => {
    const actor = start([() => Promise.reject(httpError(500, 'server.error')), async () => []]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('identification.loadFailed');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ identifications: [], page: 0, error: null });
  });
});
