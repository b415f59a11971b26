import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneVerificationCard } from '../../src/screens/phone-verification-card';
import { httpError, renderScreen } from './render';
import {
  fakePhoneVerification,
  maskedPhone,
  type FakePhoneVerificationOptions,
} from './phone-verification-fixtures';

const setup = (options: FakePhoneVerificationOptions = {}) => {
  const fake = fakePhoneVerification({ phoneVerified: false, ...options });
  renderScreen(<PhoneVerificationCard actorRef={fake.actor} />, { route: '/Dashboard/transactionHistory' });
  return fake;
};
const card = () => screen.findByRole('region', { name: 'Verify your phone number' });
const openDialog = async () => {
  await userEvent.click(within(await card()).getByRole('button', { name: 'Send me a code' }));
  return screen.findByRole('dialog', { name: 'Enter the code' });
};
const box = (position: number) => screen.getByLabelText(`Digit ${position} of 6`);

describe('PhoneVerificationCard', () => {
  it('offers verification and says why, then verifies the code from the SMS', async () => {
    const fake = setup();
    const region = await card();
    expect(region).toHaveTextContent(
      'Once your number is verified, money that other Cedi Wallet users send to it arrives in your wallet at once.',
    );
    expect(region).toHaveTextContent(`We will text a 6-digit code to ${maskedPhone}.`);

    const dialog = await openDialog();
    const time = new Intl.DateTimeFormat('en-GH', { timeStyle: 'short' }).format(
      new Date('2026-11-23T14:35:00.000Z'),
    );
    expect(dialog).toHaveTextContent(
      `We sent a 6-digit code by SMS to ${maskedPhone}. It works until ${time}.`,
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We have sent a 6-digit code to your phone.',
    );
    // The shared boxes: the first takes the phone's one-time code, focus advances as digits are typed.
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(box(1));
    await userEvent.keyboard('042917');
    expect(box(6)).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify phone number' }));

    expect(await screen.findByText('Phone verified')).toBeInTheDocument();
    expect(screen.getByText('Your phone number is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your phone number' })).not.toBeInTheDocument();
    expect(fake.calls).toEqual([['loadStatus'], ['sendCode'], ['verifyCode', '042917']]);
    expect(fake.toldSession()).toBe(1);
  });

  it('shows only a small "Phone verified" line to a verified account, without a call', () => {
    const fake = fakePhoneVerification({ phoneVerified: true });
    renderScreen(<PhoneVerificationCard actorRef={fake.actor} />);
    expect(screen.getByText('Phone verified')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('asks for six digits, shows a wrong code under the boxes, texts a new code, and closes on Cancel', async () => {
    setup({ verifyCode: () => Promise.reject(httpError(400, 'phoneVerification.codeInvalid')) });
    const dialog = await openDialog();
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify phone number' }));
    expect(within(dialog).getByText('Please enter the 6-digit code.')).toBeInTheDocument();
    expect(box(3)).toHaveFocus();

    await userEvent.keyboard('3456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify phone number' }));
    const wrong = 'This code is wrong or has expired. Please check it or ask for a new one.';
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    expect(box(1)).toHaveAccessibleDescription(wrong);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(within(dialog).queryByText(wrong)).not.toBeInTheDocument());
    expect((box(1) as HTMLInputElement).value).toBe('');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await card()).toBeInTheDocument();
    // Escape closes the dialog too.
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the SMS could not be sent, on the card', async () => {
    setup({ sendCode: () => Promise.reject(httpError(503, 'phoneVerification.smsFailed')) });
    await userEvent.click(within(await card()).getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send the text message. Please try again in a moment.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains a number another account verified first, and offers no code', async () => {
    setup({ sendCode: () => Promise.reject(httpError(409, 'phoneVerification.phoneTaken')) });
    await userEvent.click(within(await card()).getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already verified on another account. If the number is yours, please contact support.',
    );
    expect(within(await card()).queryByRole('button')).not.toBeInTheDocument();
  });
});
