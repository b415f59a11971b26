/** Path-test model of the connectivity machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import { isConnectionFailure } from '../../src/contract/failure';
import { connectivityMachine } from '../../src/machines/connectivity.machine';
import {
  doneEvent,
  errorEvent,
  httpError,
  networkError,
  timeoutError,
  expectUnchanged,
  errorOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const connectivityCheck = (step: ModelStep): void => {
  const { previous, event, snapshot } = step;
  const { message } = snapshot.context as { message: string | null };
  expect(message).toBe(snapshot.matches('offline') ? 'connectivity.offline' : null);
  if (previous === null) return expect(snapshot.value).toBe('checking');
  switch (event.type) {
    case 'WENT_OFFLINE':
      return expect(snapshot.value).toBe('offline');
    case 'WENT_ONLINE':
      return expect(snapshot.value).toBe(previous.matches('offline') ? 'checking' : previous.value);
    case 'xstate.after.offlineRecheck.connectivity.offline':
      return expect(snapshot.value).toBe('checking');
    case 'xstate.done.actor.probeHealth':
      if (!previous.matches('checking')) return expectUnchanged(step);
      return expect(snapshot.value).toBe('online');
    case 'xstate.error.actor.probeHealth':
      if (!previous.matches('checking')) return expectUnchanged(step);
      // Any HTTP answer proves the network works; only a network failure or a timeout means offline.
      return expect(snapshot.value).toBe(isConnectionFailure(errorOf(event)) ? 'offline' : 'online');
    default:
      throw new Error(`connectivity model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof connectivityMachine> = {
  name: 'connectivity',
  machine: connectivityMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: () => [
    { type: 'WENT_ONLINE' },
    { type: 'WENT_OFFLINE' },
    doneEvent('probeHealth', { database: 'up' }),
    errorEvent('probeHealth', httpError(503, 'server.error')),
    errorEvent('probeHealth', networkError()),
    errorEvent('probeHealth', timeoutError()),
  ],
  check: connectivityCheck,
};
