/** Path-test model of the cookie-consent machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import { cookieConsentMachine } from '../../src/machines/cookie-consent.machine';
import { named, expectUnchanged } from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const cookieConsentCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const { consent } = snapshot.context as { consent: boolean | null };
  expect(snapshot.value).toBe(consent === null ? 'undecided' : 'decided');
  if (previous === null) return expect(actions).toEqual([]);
  if (!previous.matches('undecided')) return expectUnchanged(step);
  const expected = event.type === 'ACCEPT';
  expect(consent).toBe(expected);
  expect(named(actions)).toEqual([['storeConsent', { consent: expected }]]);
};

export const model: MachineModel<typeof cookieConsentMachine> = {
  name: 'cookie-consent',
  machine: cookieConsentMachine,
  inputs: [
    { label: 'no cookie', input: { consent: null } },
    { label: 'accepted before', input: { consent: true } },
    { label: 'declined before', input: { consent: false } },
  ],
  events: () => [{ type: 'ACCEPT' }, { type: 'DECLINE' }],
  check: cookieConsentCheck,
};
