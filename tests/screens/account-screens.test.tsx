import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { MobileWalletScreen } from '../../src/screens/mobile-wallet-screen';
import { VerifyIdentityScreen } from '../../src/screens/verify-identity-screen';
import { auth, fakeSession, renderScreen } from './render';
import { fakePhoneVerification } from './phone-verification-fixtures';

const withIdentification = (hasIdentification: boolean) => {
  const session = auth(5000);
  return { ...session, user: { ...session.user, hasIdentification } };
};

describe('MobileWalletScreen', () => {
  it('shows the balance, the phone check and the three ways between the wallet and mobile money', () => {
    const { actor } = fakeSession({ auth: auth(123450) });
    renderScreen(<MobileWalletScreen session={actor} phoneVerification={fakePhoneVerification().actor} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile wallet' })).toHaveFocus();
    expect(screen.getByText('GH₵ 1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Phone verified')).toBeInTheDocument();
    for (const [name, to] of [
      ['Top up from mobile money', '/WalletTopUp'],
      ['Withdraw to mobile money', '/Withdrawal'],
      ['Send to a mobile money number', '/SendMoney'],
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', to);
  });

  it('offers to verify a phone that is not verified yet', async () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(
      <MobileWalletScreen
        session={actor}
        phoneVerification={fakePhoneVerification({ phoneVerified: false }).actor}
      />,
    );
    expect(await screen.findByRole('button', { name: /code/i })).toBeInTheDocument();
  });
});

describe('VerifyIdentityScreen', () => {
  it('tells a user without an identification what to do, and leads to the identifications page', () => {
    const { actor } = fakeSession({ auth: withIdentification(false) });
    renderScreen(<VerifyIdentityScreen session={actor} phoneVerification={fakePhoneVerification().actor} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify identity' })).toHaveFocus();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Register an identification document to send money, pay bills and withdraw.',
    );
    const document = screen
      .getByRole('heading', { level: 2, name: 'Identification document' })
      .closest('li')!;
    expect(within(document).getByText('Not registered yet')).toBeInTheDocument();
    expect(within(document).getByRole('link', { name: 'Add an identification' })).toHaveAttribute(
      'href',
      '/Dashboard/myIdentifications',
    );
  });

  it('says a registered identification is done, and follows the session when one is added', async () => {
    const { actor } = fakeSession({ auth: withIdentification(false) });
    renderScreen(<VerifyIdentityScreen session={actor} phoneVerification={fakePhoneVerification().actor} />);
    act(() => actor.send({ type: 'IDENTIFICATION_ADDED' }));
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Your identification is registered: you can send money, pay bills and withdraw.',
    );
    expect(screen.getByRole('link', { name: 'See your identifications' })).toBeInTheDocument();
    const phone = screen.getByRole('heading', { level: 2, name: 'Phone number' }).closest('li')!;
    expect(within(phone).getByText('Phone verified')).toBeInTheDocument();
  });
});
