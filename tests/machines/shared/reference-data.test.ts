import { describe, expect, test } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { referenceDataStates } from '../../../src/machines/shared/reference-data';

const machine = (states = referenceDataStates) => {
  const banks = states({
    id: 'loadBanks',
    loading: 'loading',
    failed: 'failed',
    loaded: 'ready',
    setAction: 'setBanks',
    failedAction: 'setFailed',
    also: { BACK: { target: 'choosing' } },
  });
  return setup({
    types: {
      context: {} as { banks: string[]; error: string | null },
      events: {} as { type: 'GO' } | { type: 'RETRY' } | { type: 'BACK' },
    },
    actors: { loadBanks: fromPromise<string[], void>(async () => []) },
    // A setup without guards types them as never, which a shared state's loosely typed config cannot meet.
    guards: { unused: () => false },
    actions: {
      setBanks: assign((_, params: { data: string[] }) => ({ banks: params.data })),
      setFailed: assign({ error: 'banks.loadFailed' }),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    context: { banks: [], error: null },
    initial: 'choosing',
    states: {
      choosing: { on: { GO: 'loading' } },
      loading: banks.loading,
      failed: banks.failed,
      ready: {},
    },
  });
};

/** First load fails, RETRY loads the banks: the states passed and what the context holds at the end. */
const retried = async (states = referenceDataStates) => {
  const answers = [() => Promise.reject(new Error('offline')), async () => ['GCB Bank']];
  const actor = createActor(
    machine(states).provide({ actors: { loadBanks: fromPromise(async () => answers.shift()!()) } }),
  ).start();
  const seen: string[] = [];
  actor.subscribe((s) => seen.push(String(s.value)));
  actor.send({ type: 'GO' });
  await waitFor(actor, (s) => s.matches('failed'));
  const failedError = actor.getSnapshot().context.error;
  actor.send({ type: 'RETRY' });
  await waitFor(actor, (s) => s.matches('ready'), { timeout: 500 }).catch(() => null);
  const end = actor.getSnapshot();
  actor.stop();
  return { failedError, end: end.value, context: end.context };
};

describe('reference-data loading', () => {
  test('loading -> failed (its message) -> RETRY -> loaded, the error cleared', async () => {
    expect(await retried()).toEqual({
      failedError: 'banks.loadFailed',
      end: 'ready',
      context: { banks: ['GCB Bank'], error: null },
    });
  });

  test('BACK leaves both states', () => {
    const actor = createActor(machine()).start();
    actor.send({ type: 'GO' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  test('the check catches a broken variant whose RETRY does not load again', async () => {
    const noRetry: typeof referenceDataStates = (options) => {
      const states = referenceDataStates(options);
      return { ...states, failed: { on: { ...options.also } } };
    };
    expect(await retried(noRetry)).not.toMatchObject({ end: 'ready' });
  });
});
