import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LogInRoute, { arrivalOf } from '../../src/app/routes/log-in-route';
import { I18nProvider } from '../../src/i18n/i18n';

/** /LogIn as sign-up and the password reset open it: router state { email, done } (issue 23). */
const openLogIn = (state: unknown) =>
  render(
    <I18nProvider>
      <MemoryRouter initialEntries={[{ pathname: '/LogIn', state }]}>
        <LogInRoute />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('the log-in page after sign-up or a password reset', () => {
  it.each([
    ['signUp', 'Your account has been created. Please log in.'],
    ['passwordReset', 'Your password has been changed. Please log in.'],
  ])('after %s: says so and has the e-mail filled in', async (done, line) => {
    openLogIn({ email: 'ama@example.com', done });
    expect(screen.getByRole('status')).toHaveTextContent(line);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ama@example.com'));
  });

  it('shows no success line and an empty form when opened otherwise', () => {
    openLogIn(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('takes only what sign-up and the reset send', () => {
    expect(arrivalOf({ email: 'a@b.co', done: 'signUp' })).toEqual({
      email: 'a@b.co',
      notice: 'signUp.done',
    });
    expect(arrivalOf({ email: 'a@b.co', done: 'somethingElse' })).toBeNull();
    expect(arrivalOf({ email: 42, done: 'signUp' })).toBeNull();
    expect(arrivalOf({ from: '/deposit/x' })).toBeNull();
  });
});
