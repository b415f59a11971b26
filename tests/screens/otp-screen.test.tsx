import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpScreen } from '../../src/screens/otp-screen';
import { httpError, renderScreen } from './render';
import { atCodeStep, flowActor } from './forgot-password';

const box = (position: number) => screen.getByLabelText(`Digit ${position} of 6`);
const values = () => [1, 2, 3, 4, 5, 6].map((position) => (box(position) as HTMLInputElement).value);

describe('OtpScreen: e-mail step', () => {
  it('asks for the e-mail, refuses a bad one at its field, then sends the code', async () => {
    const requestCode = vi.fn(() => Promise.resolve(null));
    const { actor } = flowActor({ requestCode });
    renderScreen(<OtpScreen actorRef={actor} />, { route: '/otp' });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(requestCode).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'Ama@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(requestCode).toHaveBeenCalledWith({ email: 'ama@example.com' });
    expect(screen.getByText('We sent a 6-digit code to a**@example.com')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for this email');
  });

  it('shows a failure to send as an alert', async () => {
    const { actor } = flowActor({ requestCode: () => Promise.reject(httpError(429, 'request.tooMany')) });
    renderScreen(<OtpScreen actorRef={actor} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ama@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });
});

describe('OtpScreen: code step', () => {
  it('has six labelled one-digit boxes, the first with one-time-code autocomplete', async () => {
    const { actor } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(2)).toHaveAttribute('inputmode', 'numeric');
  });

  it('advances the focus as digits are typed and ignores anything but digits', async () => {
    const { actor } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('4');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('x');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('27');
    expect(values()).toEqual(['4', '2', '7', '', '', '']);
    expect(box(4)).toHaveFocus();
  });

  it('moves back with backspace on an empty box, clearing as it goes', async () => {
    const { actor } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    expect(box(4)).toHaveFocus();

    await userEvent.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
  });

  it('fills every box from a pasted code and focuses the last', async () => {
    const { actor } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    box(1).focus();
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 123-456 ' } });
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    await waitFor(() => expect(box(6)).toHaveFocus());

    // A paste that is not six digits changes nothing.
    fireEvent.paste(box(6), { clipboardData: { getData: () => '12ab' } });
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('verifies the code and reports a wrong one against the boxes', async () => {
    const verifyCode = vi.fn(() => Promise.reject(httpError(400, 'otp.invalidOrExpired')));
    const { actor, navigate } = await atCodeStep({ verifyCode });
    renderScreen(<OtpScreen actorRef={actor} />);

    await userEvent.click(screen.getByRole('button', { name: 'Verify email address' }));
    expect(box(1)).toHaveAccessibleDescription('Please enter the 6-digit code.');
    expect(verifyCode).not.toHaveBeenCalled();

    fireEvent.paste(box(1), { clipboardData: { getData: () => '654321' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify email address' }));
    await waitFor(() => expect(box(1)).toHaveAccessibleDescription(/This code is wrong or has expired/));
    expect(verifyCode).toHaveBeenCalledWith({ email: 'ama@example.com', code: '654321' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes on to /createnewpassword once the code is verified', async () => {
    const { actor, navigate } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '111111' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify email address' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/createnewpassword'));
  });

  it('stays on the code step while a new code is sent', async () => {
    let sent!: () => void;
    const requestCode = vi
      .fn()
      .mockResolvedValueOnce(null)
      .mockImplementationOnce(() => new Promise<null>((resolve) => (sent = () => resolve(null))));
    const { actor } = await atCodeStep({ requestCode });
    renderScreen(<OtpScreen actorRef={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    sent();
    await waitFor(() => expect(requestCode).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
  });

  it('can start over with another e-mail', async () => {
    const { actor } = await atCodeStep();
    renderScreen(<OtpScreen actorRef={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });
});
