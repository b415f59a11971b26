import { describe, expect, test } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import type { WalletOperationResult } from '../../../src/contract/wallet';
import {
  followOperation,
  operationFailureMessage,
  operationGuards,
  submitOperation,
  withResult,
  type FollowOperationOptions,
  type OperationQuery,
} from '../../../src/machines/shared/follow-operation';
import { httpError } from '../../support/machine-fixtures';
import { operation } from '../../support/machine-models-wallet';

/** A machine made of the two shared states: submit, then follow a pending answer. */
const flow = (follow: (options: FollowOperationOptions) => ReturnType<typeof followOperation>) =>
  setup({
    types: {
      context: {} as { operation: WalletOperationResult | null; error: string | null; reads: number },
    },
    actors: {
      pay: fromPromise<WalletOperationResult, void>(async () => operation('pending')),
      getOperation: fromPromise<WalletOperationResult, OperationQuery>(async () => operation('pending')),
    },
    guards: { ...operationGuards, isGone: (_, params: { error: unknown }) => params.error !== null },
    actions: {
      setOperation: assign(({ context }, params: { result: WalletOperationResult }) => ({
        operation: params.result,
        reads: context.reads + 1,
      })),
      setFailed: assign((_, params: { result: WalletOperationResult }) => ({
        error: operationFailureMessage(params.result, 'topUp.failed'),
      })),
      setGone: assign({ error: 'operation.notFound' }),
      setLate: assign({ error: 'late' }),
    },
    delays: { poll: 5, deadline: 200 },
  }).createMachine({
    id: 'flow',
    context: { operation: null, error: null, reads: 0 },
    initial: 'paying',
    states: {
      paying: submitOperation({
        id: 'pay',
        input: () => undefined,
        successful: { target: 'done' },
        pending: { target: 'following' },
        failed: { target: 'failed', actions: withResult('setFailed') },
        onError: [{ target: 'failed' }],
      }),
      following: follow({
        machineId: 'flow',
        pollDelay: 'poll',
        deadline: { delay: 'deadline', target: 'late', actions: 'setLate' },
        successful: { target: 'done' },
        failed: { target: 'failed', actions: withResult('setFailed') },
        onReadError: [
          {
            guard: {
              type: 'isGone',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
            target: 'failed',
            actions: 'setGone',
          },
        ],
      }),
      done: {},
      failed: {},
      late: {},
    },
  });

type Read = () => Promise<WalletOperationResult>;

/** Runs the flow with these status reads (the last repeats) and says where it stopped and after how many reads. */
const run = async (reads: Read[], follow = followOperation) => {
  const queue = [...reads];
  const actor = createActor(
    flow(follow).provide({
      actors: {
        getOperation: fromPromise(async () => (queue.length > 1 ? queue.shift()! : queue[0]!)()),
      },
    }),
  ).start();
  const end = await waitFor(
    actor,
    (s) => (['done', 'failed', 'late'] as const).some((state) => s.matches(state)),
    {
      timeout: 2000,
    },
  );
  actor.stop();
  return { state: end.value, error: end.context.error, reference: end.context.operation?.referenceNumber };
};

const answer =
  (status: WalletOperationResult['status'], failureMessageId: string | null = null): Read =>
  async () =>
    operation(status, { failureMessageId });

describe('follow an operation', () => {
  test('polls while pending and stops on the final state', async () => {
    expect(await run([answer('pending'), answer('pending'), answer('Successful')])).toEqual({
      state: 'done',
      error: null,
      reference: 'WOP-1',
    });
    expect(await run([answer('pending'), answer('Failed', 'topUp.momoRejected')])).toMatchObject({
      state: 'failed',
      error: 'topUp.momoRejected',
    });
  });

  test('a failed read asks again; a read error the machine names ends it', async () => {
    const lost: Read = () => Promise.reject(null);
    expect(await run([lost, lost, answer('Successful')])).toMatchObject({ state: 'done' });
    expect(await run([() => Promise.reject(httpError(404, 'operation.notFound'))])).toMatchObject({
      state: 'failed',
      error: 'operation.notFound',
    });
  });

  test('still pending at the deadline: the deadline transition', async () => {
    expect(await run([answer('pending')])).toMatchObject({ state: 'late', error: 'late' });
  });

  test('the checks catch a broken variant that ignores the deadline (it would poll for ever)', async () => {
    const noDeadline = (options: FollowOperationOptions) =>
      followOperation({ ...options, deadline: undefined });
    await expect(run([answer('pending')], noDeadline)).rejects.toThrow();
  });

  test('the checks catch a broken variant that stops polling after the first pending read', async () => {
    const once = (options: FollowOperationOptions) => {
      const config = followOperation(options);
      const checking = config.states!.checking!;
      const invoke = checking.invoke as unknown as { onDone: { target: string }[] };
      invoke.onDone[2] = { ...invoke.onDone[2]!, target: `#flow.late` };
      return config;
    };
    expect(await run([answer('pending'), answer('Successful')], once)).not.toMatchObject({ state: 'done' });
  });

  test('a failure message the catalogue does not know falls back', () => {
    expect(
      operationFailureMessage(operation('Failed', { failureMessageId: 'not.an.id' }), 'topUp.failed'),
    ).toBe('topUp.failed');
  });
});
