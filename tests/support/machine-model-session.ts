/** Path-test model of the session machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { failureStatus, isConnectionFailure } from '../../src/contract/failure';
import { sessionMachine, type AuthSession } from '../../src/machines/session.machine';
import {
  auth,
  doneEvent,
  errorEvent,
  httpError,
  networkError,
  otherAuth,
  timeoutError,
  named,
  expectUnchanged,
  errorOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const sessionEvents: AnyEventObject[] = [
  { type: 'LOGGED_IN', auth },
  { type: 'LOGGED_IN', auth: otherAuth },
  { type: 'LOG_OUT' },
  { type: 'VISIBILITY_CHANGED', visible: false },
  { type: 'VISIBILITY_CHANGED', visible: true },
  { type: 'WALLET_AMOUNT_CHANGED', walletAmount: 123450 },
  { type: 'IDENTIFICATION_ADDED' },
  { type: 'PHONE_VERIFIED' },
  doneEvent('validateToken', { valid: true }),
  errorEvent('validateToken', httpError(401, 'auth.required')),
  errorEvent('validateToken', networkError()),
  errorEvent('validateToken', timeoutError()),
  errorEvent('validateToken', httpError(500, 'server.error')),
  errorEvent('validateToken', httpError(429, 'request.tooMany')),
  doneEvent('logOut', {}),
  errorEvent('logOut', httpError(401, 'auth.required')),
  errorEvent('logOut', networkError()),
];

const sessionCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as {
    auth: AuthSession | null;
    endingMessage: string | null;
    visible: boolean;
  };
  // Invariants of every state.
  if (snapshot.matches('loggedOut')) expect(context.auth).toBeNull();
  else expect(context.auth).not.toBeNull();
  if (snapshot.matches('endingSession.tokenExpired')) expect(context.endingMessage).toBe('session.expired');
  else if (snapshot.matches('endingSession.connectionLost'))
    expect(context.endingMessage).toBe('session.connectionLost');
  else expect(context.endingMessage).toBeNull();
  if (snapshot.matches('loggedIn.validation.waiting')) expect(context.visible).toBe(true);
  if (snapshot.matches('loggedIn.validation.hidden')) expect(context.visible).toBe(false);
  const idle = context.visible ? 'loggedIn.validation.waiting' : 'loggedIn.validation.hidden';

  if (previous === null) {
    expect(actions).toEqual([]);
    expect(snapshot.matches(context.auth ? idle : 'loggedOut')).toBe(true);
    return;
  }
  const before = previous.context as typeof context;
  const wasLoggedIn = previous.matches('loggedIn');
  switch (event.type) {
    case 'LOGGED_IN': {
      if (!previous.matches('loggedOut') && !wasLoggedIn) return expectUnchanged(step);
      const given = (event as unknown as { auth: AuthSession }).auth;
      expect(context.auth).toEqual(given);
      expect(snapshot.matches(idle)).toBe(true);
      expect(named(actions)).toEqual([['persistSession', { auth: given }]]);
      return;
    }
    case 'LOG_OUT':
      if (!wasLoggedIn) return expectUnchanged(step);
      expect(snapshot.value).toBe('loggingOut');
      expect(context.auth).toEqual(before.auth);
      expect(actions).toEqual([]);
      return;
    case 'VISIBILITY_CHANGED': {
      const { visible } = event as unknown as { visible: boolean };
      expect(context.visible).toBe(visible);
      expect(context.auth).toEqual(before.auth);
      expect(actions).toEqual([]);
      if (previous.matches('loggedIn.validation.hidden') && visible) {
        // Becoming visible validates at once.
        expect(snapshot.matches('loggedIn.validation.validating')).toBe(true);
      } else if (previous.matches('loggedIn.validation.waiting') && !visible) {
        expect(snapshot.matches('loggedIn.validation.hidden')).toBe(true);
      } else {
        expect(snapshot.value).toEqual(previous.value);
      }
      return;
    }
    case 'WALLET_AMOUNT_CHANGED':
    case 'IDENTIFICATION_ADDED': {
      if (!wasLoggedIn) return expectUnchanged(step);
      const expected = {
        ...before.auth!,
        user:
          event.type === 'IDENTIFICATION_ADDED'
            ? { ...before.auth!.user, hasIdentification: true }
            : {
                ...before.auth!.user,
                walletAmount: (event as unknown as { walletAmount: number }).walletAmount,
              },
      };
      expect(context.auth).toEqual(expected);
      expect(snapshot.value).toEqual(previous.value);
      expect(named(actions)).toEqual([['persistSession', { auth: expected }]]);
      return;
    }
    case 'PHONE_VERIFIED': {
      if (!wasLoggedIn) return expectUnchanged(step);
      expect(context.auth).toEqual({ ...before.auth!, user: { ...before.auth!.user, phoneVerified: true } });
      expect(snapshot.value).toEqual(previous.value);
      // Not one of the spec's persisted fields.
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.after.validationInterval.session.loggedIn.validation.waiting':
      expect(previous.matches('loggedIn.validation.waiting')).toBe(true);
      expect(snapshot.matches('loggedIn.validation.validating')).toBe(true);
      return;
    case 'xstate.done.actor.validateToken':
      if (!previous.matches('loggedIn.validation.validating')) return expectUnchanged(step);
      expect(snapshot.matches(idle)).toBe(true);
      expect(context.auth).toEqual(before.auth);
      return;
    case 'xstate.error.actor.validateToken': {
      if (!previous.matches('loggedIn.validation.validating')) return expectUnchanged(step);
      const error = errorOf(event);
      if (failureStatus(error) === 401) expect(snapshot.matches('endingSession.tokenExpired')).toBe(true);
      else if (isConnectionFailure(error))
        expect(snapshot.matches('endingSession.connectionLost')).toBe(true);
      else expect(snapshot.matches(idle)).toBe(true); // 5xx and 429 keep the session
      expect(context.auth).toEqual(before.auth);
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.done.actor.logOut':
    case 'xstate.error.actor.logOut':
      if (!previous.matches('loggingOut')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loggedOut');
      expect(named(actions)).toEqual([
        ['persistSession', { auth: null }],
        ['navigate', { to: '/' }],
      ]);
      return;
    case 'xstate.after.logoutDelay.session.endingSession':
      expect(previous.matches('endingSession')).toBe(true);
      expect(snapshot.value).toBe('loggedOut');
      expect(named(actions)).toEqual([
        ['persistSession', { auth: null }],
        ['resetAmountDraft', undefined],
        ['navigate', { to: '/LogIn' }],
      ]);
      return;
    default:
      throw new Error(`session model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  inputs: [
    { label: 'no stored session', input: { auth: null } },
    { label: 'stored session', input: { auth } },
    { label: 'stored session, hidden tab', input: { auth, visible: false } },
  ],
  events: () => sessionEvents,
  key: (snapshot) => {
    const context = snapshot.context as { auth: AuthSession | null; visible: boolean };
    return [context.visible, context.auth?.token ?? null];
  },
  check: sessionCheck,
};
