import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { logInMachine } from '../../src/machines/log-in.machine';
import { connectivityMachine } from '../../src/machines/connectivity.machine';
import type { LogInRequest, LogInResponse } from '../../src/contract/user';
import { LogInScreen } from '../../src/screens/log-in-screen';
import { apiError, auth, httpError, renderScreen } from './render';

const setup = (
  logIn: (input: LogInRequest) => Promise<LogInResponse>,
  probe: () => Promise<unknown> = () => Promise.resolve({}),
) => {
  const loggedIn = vi.fn();
  const actor = createActor(
    logInMachine.provide({
      actors: { logIn: fromPromise(({ input }) => logIn(input)) },
      actions: { loggedIn: (_, params) => loggedIn(params.auth) },
    }),
  ).start();
  const connectivity = createActor(
    connectivityMachine.provide({ actors: { probeHealth: fromPromise<unknown, void>(() => probe()) } }),
  ).start();
  renderScreen(<LogInScreen actorRef={actor} connectivity={connectivity} />, { route: '/LogIn' });
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

  it('shows the banner when the health probe cannot reach the server', async () => {
    setup(vi.fn(), () => Promise.reject(apiError({ kind: 'network' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection issue');
  });
});
