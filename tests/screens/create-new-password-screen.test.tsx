import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateNewPasswordScreen } from '../../src/screens/create-new-password-screen';
import { httpError, renderScreen } from './render';
import { atNewPasswordStep, flowActor } from './forgot-password';

describe('CreateNewPasswordScreen', () => {
  it('without a verified code, offers to start over on /otp', () => {
    const { actor } = flowActor();
    renderScreen(<CreateNewPasswordScreen actorRef={actor} />, { route: '/createnewpassword' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create a new password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start over' })).toHaveAttribute('href', '/otp');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows the strength of the new password on a meter as it is typed', async () => {
    const { actor } = await atNewPasswordStep();
    renderScreen(<CreateNewPasswordScreen actorRef={actor} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters, with both letters and numbers.',
    );

    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    expect(meter).toHaveAttribute('aria-valuenow', '1');
    expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    await userEvent.type(screen.getByLabelText('New password'), 'defG');
    expect(meter).toHaveAttribute('aria-valuenow', '2');
    await userEvent.type(screen.getByLabelText('New password'), '1');
    expect(meter).toHaveAttribute('aria-valuenow', '3');
    expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
  });

  it('enforces the sign-up password rules at their fields', async () => {
    const resetPassword = vi.fn();
    const { actor } = await atNewPasswordStep({ resetPassword });
    renderScreen(<CreateNewPasswordScreen actorRef={actor} />);
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveFocus());
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('sets the new password with the reset token and goes to /LogIn', async () => {
    const resetPassword = vi.fn(() => Promise.resolve(null));
    const { actor, navigate } = await atNewPasswordStep({ resetPassword });
    renderScreen(<CreateNewPasswordScreen actorRef={actor} />);
    await userEvent.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'NewPassw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/LogIn'));
    expect(resetPassword).toHaveBeenCalledWith({
      resetToken: 'reset-1',
      newPassword: 'NewPassw0rd',
      confirmPassword: 'NewPassw0rd',
    });
  });

  it('shows an expired reset as an alert', async () => {
    const { actor } = await atNewPasswordStep({
      resetPassword: () => Promise.reject(httpError(400, 'resetPassword.expired')),
    });
    renderScreen(<CreateNewPasswordScreen actorRef={actor} />);
    await userEvent.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'NewPassw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reset link has expired.');
  });
});
