import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type AuthSession } from '../../src/machines/session.machine';
import { auth, httpError, networkError, timeoutError } from '../support/machine-fixtures';
import { model } from '../support/machine-model-session';
import { describeMachinePaths } from '../support/machine-paths';
import { proves } from '../support/requirements';

describeMachinePaths(model);

describe("session with the app's side effects faked", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A session whose validateToken answers with `answer` each time; every side effect is logged in order. */
  const start = (
    answer: (input: { token: string }) => Promise<unknown>,
    input: { auth: AuthSession | null; visible?: boolean } = { auth },
  ) => {
    const log: unknown[][] = [];
    const validateToken = vi.fn(answer);
    const logOut = vi.fn(async (_input: { token: string }) => ({}));
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          validateToken: fromPromise(({ input }) => validateToken(input)),
          logOut: fromPromise(({ input }) => logOut(input)),
        },
        actions: {
          persistSession: (_, params) => log.push(['persistSession', params.auth]),
          resetAmountDraft: () => log.push(['resetAmountDraft']),
          navigate: (_, params) => log.push(['navigate', params.to]),
        },
      }),
      { input },
    );
    actor.start();
    return { actor, log, validateToken, logOut };
  };

  test(
    proves(
      ['S9.timers.1', 'S4.sessionValidation.1'],
      'validates the token every second while the tab is visible',
    ),
    async () => {
      const { actor, validateToken } = start(async () => ({ valid: true }));
      await vi.advanceTimersByTimeAsync(999);
      expect(validateToken).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(validateToken).toHaveBeenCalledTimes(1);
      expect(validateToken).toHaveBeenCalledWith({ token: auth.token });
      await vi.advanceTimersByTimeAsync(2000);
      expect(validateToken).toHaveBeenCalledTimes(3);
      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    },
  );

  test(
    proves(
      ['S9.timers.1', 'S4.sessionValidation.2', 'S4.sessionValidation.4'],
      '401: "Token expired" popup, then after 3 s the session is cleared, the draft reset and /LogIn shown, in that order',
    ),
    async () => {
      const { actor, log } = start(() => Promise.reject(httpError(401, 'auth.required')));
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().matches({ endingSession: 'tokenExpired' })).toBe(true);
      expect(actor.getSnapshot().context.endingMessage).toBe('session.expired');
      expect(actor.getSnapshot().context.auth).toEqual(auth);
      await vi.advanceTimersByTimeAsync(2999);
      expect(log).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(log).toEqual([['persistSession', null], ['resetAmountDraft'], ['navigate', '/LogIn']]);
      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(actor.getSnapshot().context).toMatchObject({ auth: null, endingMessage: null });
    },
  );

  test.each([
    ['network', networkError()],
    ['timeout', timeoutError()],
  ])(
    'a %s failure shows "Network connection issue. Logging you out..." and ends the session',
    async (_, error) => {
      const { actor, log } = start(() => Promise.reject(error));
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().matches({ endingSession: 'connectionLost' })).toBe(true);
      expect(actor.getSnapshot().context.endingMessage).toBe('session.connectionLost');
      await vi.advanceTimersByTimeAsync(3000);
      expect(log.map((entry) => entry[0])).toEqual(['persistSession', 'resetAmountDraft', 'navigate']);
    },
  );

  test.each([500, 503, 429])(
    'a %i answer keeps the session and tries again on the next tick',
    async (status) => {
      const { actor, log, validateToken } = start(() => Promise.reject(httpError(status, 'server.error')));
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().matches({ loggedIn: { validation: 'waiting' } })).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(validateToken).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().context.auth).toEqual(auth);
      expect(log).toEqual([]);
    },
  );

  test('a hidden tab does not validate; becoming visible validates at once', async () => {
    const { actor, validateToken } = start(async () => ({ valid: true }));
    actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
    expect(actor.getSnapshot().matches({ loggedIn: { validation: 'hidden' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(validateToken).not.toHaveBeenCalled();
    actor.send({ type: 'VISIBILITY_CHANGED', visible: true });
    expect(validateToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(validateToken).toHaveBeenCalledTimes(2);
  });

  test('a session restored in a hidden tab waits for the tab to show', async () => {
    const { actor, validateToken } = start(async () => ({ valid: true }), { auth, visible: false });
    expect(actor.getSnapshot().matches({ loggedIn: { validation: 'hidden' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(validateToken).not.toHaveBeenCalled();
  });

  test('LOGGED_IN stores the session; LOG_OUT revokes the token, forgets it and goes home even when the call fails', async () => {
    const { actor, log, logOut } = start(async () => ({ valid: true }), { auth: null });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'LOGGED_IN', auth });
    expect(log).toEqual([['persistSession', auth]]);
    actor.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: 2050 });
    expect(actor.getSnapshot().context.auth?.user.walletAmount).toBe(2050);
    actor.send({ type: 'IDENTIFICATION_ADDED' });
    expect(actor.getSnapshot().context.auth?.user.hasIdentification).toBe(true);
    logOut.mockRejectedValueOnce(networkError());
    actor.send({ type: 'LOG_OUT' });
    expect(logOut).toHaveBeenCalledWith({ token: auth.token });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log.slice(-2)).toEqual([
      ['persistSession', null],
      ['navigate', '/'],
    ]);
  });

  test("without the app's implementations a side effect fails loudly", () => {
    const actor = createActor(sessionMachine, { input: { auth: null } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'LOGGED_IN', auth });
    expect(String(errors[0])).toMatch(/persistSession not provided/);
  });
});
