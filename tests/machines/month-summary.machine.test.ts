import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MonthSummary } from '../../src/contract/wallet';
import { monthSummaryMachine } from '../../src/machines/month-summary.machine';
import { networkError } from '../support/machine-fixtures';
import { monthSummaryModel, novemberSummary } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(monthSummaryModel);

describe('month summary', () => {
  test('asks for its month; a failure is retried, and REFRESH reads the figures again', async () => {
    const asked: string[] = [];
    const answers: (() => Promise<MonthSummary>)[] = [
      () => Promise.reject(networkError()),
      async () => novemberSummary(),
      async () => novemberSummary(9900),
    ];
    const actor = createActor(
      monthSummaryMachine.provide({
        actors: {
          loadMonthSummary: fromPromise(async ({ input }: { input: { month: string } }) => {
            asked.push(input.month);
            return answers.shift()!();
          }),
        },
      }),
      { input: { month: '2026-11' } },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.summary).toBeNull();
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.summary).toEqual(novemberSummary());
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.summary?.inMinor === 9900);
    expect(asked).toEqual(['2026-11', '2026-11', '2026-11']);
  });
});
