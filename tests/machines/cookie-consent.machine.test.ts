import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { cookieConsentMachine } from '../../src/machines/cookie-consent.machine';
import { model } from '../support/machine-model-cookie-consent';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(model);

describe('cookie consent', () => {
  const start = (consent: boolean | null) => {
    const storeConsent = vi.fn();
    const actor = createActor(
      cookieConsentMachine.provide({ actions: { storeConsent: (_, params) => storeConsent(params) } }),
      { input: { consent } },
    );
    actor.start();
    return { actor, storeConsent };
  };

  test.each([
    ['ACCEPT', true],
    ['DECLINE', false],
  ] as const)('%s stores userConsent=%s once and hides the banner', (type, consent) => {
    const { actor, storeConsent } = start(null);
    expect(actor.getSnapshot().value).toBe('undecided');
    actor.send({ type });
    actor.send({ type: type === 'ACCEPT' ? 'DECLINE' : 'ACCEPT' });
    expect(storeConsent.mock.calls).toEqual([[{ consent }]]);
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.consent).toBe(consent);
  });

  test.each([true, false])('a stored decision (%s) keeps the banner hidden and writes nothing', (consent) => {
    const { actor, storeConsent } = start(consent);
    expect(actor.getSnapshot().value).toBe('decided');
    expect(storeConsent).not.toHaveBeenCalled();
  });
});
