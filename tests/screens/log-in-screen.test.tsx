import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { logInMachine } from '../../src/machines/log-in.machine';
import { draftLogIn, initialLogInContext } from '../../src/machines/log-in.form';
import { connectivityMachine } from '../../src/machines/connectivity.machine';
import type { LogInRequest, LogInResponse } from '../../src/contract/user';
import { useDeferredActor } from '../../src/app/deferred-actor';
import { LogInScreen } from '../../src/screens/log-in-screen';
import { apiError, auth, httpError, renderScreen } from './render';

type Started = { actor: ReturnType<typeof logInActor>; connectivity: ReturnType<typeof connectivityActor> };

const logInActor = (
  logIn: (input: LogInRequest) => Promise<LogInResponse>,
  loggedIn: (auth: unknown) => void,
) =>
  createActor(
    logInMachine.provide({
      actors: { logIn: fromPromise(({ input }) => logIn(input)) },
      actions: { loggedIn: (_, params) => loggedIn(params.auth) },
    }),
  );

const connectivityActor = (probe: () => Promise<unknown>) =>
  createActor(
    connectivityMachine.provide({ actors: { probeHealth: fromPromise<unknown, void>(() => probe()) } }),
  );

/** The page as src/app/routes/log-in-route.tsx wires it: the actors come from `start`, at the first interaction. */
function DeferredLogIn({
  start,
  eager,
}: {
  start: () => Promise<Started & { stop: () => void }>;
  eager: boolean;
}) {
  const form = useDeferredActor({
    start,
    initialDraft: initialLogInContext,
    applyToDraft: draftLogIn,
    eager,
  });
  return <LogInScreen form={form} connectivity={form.started?.connectivity ?? null} />;
}

const setup = (
  logIn: (input: LogInRequest) => Promise<LogInResponse>,
  probe: () => Promise<unknown> = () => Promise.resolve({}),
) => {
  const loggedIn = vi.fn();
  const actor = logInActor(logIn, loggedIn).start();
  const connectivity = connectivityActor(probe).start();
  const stop = vi.fn();
  const start = () => Promise.resolve({ actor, connectivity, stop });
  renderScreen(<DeferredLogIn start={start} eager />, { route: '/LogIn' });
  return { actor, connectivity, loggedIn };
};

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
};

describe('LogInScreen', () => {
  it('shows each broken rule under its field, tied to it, and moves focus to the first', async () => {
    const logIn = vi.fn();
    setup(logIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email address.');
    expect(password).toHaveAccessibleDescription('Please enter your password.');
    await waitFor(() => expect(email).toHaveFocus());
    expect(logIn).not.toHaveBeenCalled();

    await userEvent.type(email, 'ama@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('is busy while logging in, then hands the session over', async () => {
    let answer!: (response: LogInResponse) => void;
    const { loggedIn } = setup(() => new Promise((resolve) => (answer = resolve)));
    await fill('ama@example.com', 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer({ token: 'token-1', userDetails: auth().user });
    await waitFor(() => expect(loggedIn).toHaveBeenCalledWith(auth()));
  });

  it('says "Invalid email or password" on a 401 and "Something went wrong" otherwise', async () => {
    const logIn = vi
      .fn<(input: LogInRequest) => Promise<LogInResponse>>()
      .mockRejectedValueOnce(httpError(401, 'logIn.invalidCredentials'))
      .mockRejectedValueOnce(apiError({ kind: 'network' }));
    setup(logIn);
    await fill('ama@example.com', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(logIn).toHaveBeenCalledWith({ email: 'ama@example.com', password: 'wrong' });

    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later',
    );
  });

  it('shows and hides the password', async () => {
    setup(vi.fn());
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', password.id);

    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('links to Forgot Password (/otp) and to sign-up', () => {
    setup(vi.fn());
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/otp');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/SignUp');
  });

  it('shows the offline banner while the connectivity actor is offline', async () => {
    const { connectivity } = setup(vi.fn());
    await waitFor(() => expect(connectivity.getSnapshot().matches('online')).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => connectivity.send({ type: 'WENT_OFFLINE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection issue');

    act(() => connectivity.send({ type: 'WENT_ONLINE' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('going offline before any interaction starts the actors, so the banner shows to a visitor who has not touched the page', async () => {
    const connectivity = connectivityActor(() => new Promise(() => undefined));
    const start = vi.fn(() => {
      connectivity.start();
      // What startConnectivity does when navigator.onLine is false.
      connectivity.send({ type: 'WENT_OFFLINE' });
      return Promise.resolve({ actor: logInActor(vi.fn(), vi.fn()).start(), connectivity, stop: vi.fn() });
    });
    renderScreen(<DeferredLogIn start={start} eager={false} />, { route: '/LogIn' });
    expect(start).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    expect(start).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection issue');
  });

  it('going offline before any interaction, with the code out of reach, names the connection and offers the reload', async () => {
    const start = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    renderScreen(<DeferredLogIn start={start} eager={false} />, { route: '/LogIn' });

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network connection issue');
    expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('before its actors run, keeps what the visitor types and does, and hands it all over in order', async () => {
    let startNow!: () => void;
    const logIn = vi.fn(() => new Promise<LogInResponse>(() => undefined));
    const actor = logInActor(logIn, vi.fn());
    const connectivity = connectivityActor(() => Promise.resolve({}));
    const stop = vi.fn();
    const start = vi.fn(
      () =>
        new Promise<Started & { stop: () => void }>((resolve) => {
          startNow = () => resolve({ actor: actor.start(), connectivity: connectivity.start(), stop });
        }),
    );
    const { unmount } = renderScreen(<DeferredLogIn start={start} eager={false} />, { route: '/LogIn' });
    // Nothing is loaded with the page: the first interaction asks for the actors.
    expect(start).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Email'), 'ama@example.com');
    expect(start).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ama@example.com');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(logIn).not.toHaveBeenCalled();

    act(() => startNow());
    await waitFor(() =>
      expect(logIn).toHaveBeenCalledWith({ email: 'ama@example.com', password: 'Secret123' }),
    );
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ama@example.com', passwordVisible: true });
    expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveAttribute('aria-busy', 'true');
    expect(start).toHaveBeenCalledTimes(1);
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('a form sent before its actors run shows the broken rules once they do, and focuses the first', async () => {
    let startNow!: () => void;
    const actor = logInActor(vi.fn(), vi.fn());
    const start = () =>
      new Promise<Started & { stop: () => void }>((resolve) => {
        startNow = () =>
          resolve({
            actor: actor.start(),
            connectivity: connectivityActor(() => Promise.resolve({})),
            stop: vi.fn(),
          });
      });
    renderScreen(<DeferredLogIn start={start} eager={false} />, { route: '/LogIn' });
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    act(() => startNow());
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address.');
  });

  it('keeps its running actors when the app’s own actors arrive after them (eager turns true)', async () => {
    const actor = logInActor(vi.fn(), vi.fn());
    const stop = vi.fn();
    const start = vi.fn(() =>
      Promise.resolve({
        actor: actor.start(),
        connectivity: connectivityActor(() => Promise.resolve({})),
        stop,
      }),
    );
    function AppActorsLater() {
      const [eager, setEager] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setEager(true)}>
            app ready
          </button>
          <DeferredLogIn start={start} eager={eager} />
        </>
      );
    }
    renderScreen(<AppActorsLater />, { route: '/LogIn' });
    await userEvent.type(screen.getByLabelText('Email'), 'ama@example.com');
    await waitFor(() => expect(actor.getSnapshot().context.email).toBe('ama@example.com'));
    await userEvent.click(screen.getByRole('button', { name: 'app ready' }));
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ama@example.com', password: 'x' });
  });

  it('says the connection is the problem when its code cannot be fetched, and tries again at the next interaction', async () => {
    const actor = logInActor(vi.fn(), vi.fn());
    let online = false;
    const start = vi.fn(() =>
      online
        ? Promise.resolve({
            actor: actor.start(),
            connectivity: connectivityActor(() => Promise.resolve({})),
            stop: vi.fn(),
          })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderScreen(<DeferredLogIn start={start} eager={false} />, { route: '/LogIn' });
    await userEvent.type(screen.getByLabelText('Email'), 'ama');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection issue');
    // A bundle may keep the failed import for the page's life: the reload that fetches it again is offered.
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ama');

    online = true;
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(actor.getSnapshot().context.email).toBe('ama@example.com');
  });

  it('a page left before its actors arrive stops them when they do', async () => {
    let startNow!: () => void;
    const stop = vi.fn();
    const start = () =>
      new Promise<Started & { stop: () => void }>((resolve) => {
        startNow = () =>
          resolve({
            actor: logInActor(vi.fn(), vi.fn()),
            connectivity: connectivityActor(() => Promise.resolve({})),
            stop,
          });
      });
    const { unmount } = renderScreen(<DeferredLogIn start={start} eager />, { route: '/LogIn' });
    unmount();
    await act(async () => startNow());
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('shows the banner when the health probe cannot reach the server', async () => {
    setup(vi.fn(), () => Promise.reject(apiError({ kind: 'network' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection issue');
    // The form's code is in: nothing to reload.
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument();
  });
});
