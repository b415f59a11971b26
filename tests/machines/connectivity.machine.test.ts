import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectivityMachine } from '../../src/machines/connectivity.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import { model } from '../support/machine-model-connectivity';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(model);

describe('connectivity with a faked health probe', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (probe: () => Promise<unknown>) => {
    const probeHealth = vi.fn(probe);
    const actor = createActor(
      connectivityMachine.provide({ actors: { probeHealth: fromPromise(() => probeHealth()) } }),
    );
    actor.start();
    return { actor, probeHealth };
  };

  test('a probe that cannot reach the server shows the banner and retries every 5 s', async () => {
    const { actor, probeHealth } = start(() => Promise.reject(networkError()));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(actor.getSnapshot().context.message).toBe('connectivity.offline');
    await vi.advanceTimersByTimeAsync(5000);
    expect(probeHealth).toHaveBeenCalledTimes(2);
    probeHealth.mockResolvedValue({ database: 'up' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('online');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  test('any HTTP answer, even 503, means the network is up', async () => {
    const { actor } = start(() => Promise.reject(httpError(503, 'server.error')));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('online');
  });

  test('the browser going offline shows the banner at once; coming back probes again', async () => {
    const { actor, probeHealth } = start(async () => ({ database: 'up' }));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'WENT_OFFLINE' });
    expect(actor.getSnapshot().context.message).toBe('connectivity.offline');
    actor.send({ type: 'WENT_ONLINE' });
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('online');
    expect(probeHealth).toHaveBeenCalledTimes(2);
  });
});
