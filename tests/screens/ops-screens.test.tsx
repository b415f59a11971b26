// The operations console's screens (src/screens/ops) over their machines with fake services: what a role is
// offered, a refusal of the server (403) said plainly, the sign-in's refusals, decisions sent with their reasons.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OpsLogInRequest, OpsSession, OpsUserView, ReviewItem } from '../../src/contract/ops';
import { reviewQueueMachine } from '../../src/machines/ops/ops-records.machine';
import { opsSessionMachine } from '../../src/machines/ops/ops-session.machine';
import { opsUserMachine, type FreezeChange } from '../../src/machines/ops/ops-user.machine';
import { sectionsFor } from '../../src/ops/ops-app';
import { OpsReviewQueueScreen } from '../../src/screens/ops/ops-records-screens';
import { OpsSignInScreen } from '../../src/screens/ops/ops-sign-in-screen';
import { OpsUserScreen } from '../../src/screens/ops/ops-user-screen';
import { httpError, renderScreen } from './render';

const emptyPage = { rows: [], total: 0, page: 0, pageSize: 5 };

const view: OpsUserView = {
  user: {
    userId: 42,
    email: 'kofi@example.com',
    fullName: 'Kofi Boateng',
    phone: '+233 241234567',
    accountTier: 'minimum',
    frozenAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    frozenReason: null,
    language: 'en',
    verifiedPhone: null,
  },
  tier: {
    tier: 'minimum',
    dailyLimit: 3000,
    dailyUsed: 250.5,
    monthlyLimit: 10000,
    monthlyUsed: 250.5,
    balanceLimit: 5000,
    nextTier: null,
  },
  wallet: { balance: 120, available: 100 },
  ledgerEntries: [
    {
      transactionId: 7,
      account: 'wallet',
      amount: -20,
      referenceNumber: 'TRX7',
      at: '2026-11-27T09:00:00.000Z',
    },
  ],
  walletHistory: emptyPage,
  transactionHistory: emptyPage,
  bettingHistory: emptyPage,
  billingHistory: emptyPage,
  identifications: [],
  sessions: [],
  auditEntries: [],
} as unknown as OpsUserView;

function UserHarness({
  mayFreeze,
  setFrozen,
}: {
  mayFreeze: boolean;
  setFrozen: (change: FreezeChange) => Promise<unknown>;
}) {
  const actor = useActorRef(
    opsUserMachine.provide({
      actors: {
        loadUser: fromPromise(async () => view),
        setFrozen: fromPromise<unknown, FreezeChange>(({ input }) => setFrozen(input)),
      },
    }),
    { input: { userId: 42 } },
  );
  return <OpsUserScreen actor={actor} mayFreeze={mayFreeze} />;
}

describe('the user view', () => {
  it('shows the user, their limits and wallet; a freeze the server refuses reads as a 403', async () => {
    const setFrozen = vi.fn(() => Promise.reject(httpError(403, 'auth.forbidden')));
    renderScreen(<UserHarness mayFreeze setFrozen={setFrozen} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng (user 42)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Wallet balance GH₵\s?120\.00, available GH₵\s?100\.00/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'TRX7' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Reason'), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Freeze the account' }));
    expect(await screen.findByText('Please give a reason of 3 to 500 characters.')).toBeInTheDocument();
    expect(setFrozen).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason'), 't today');
    await userEvent.click(screen.getByRole('button', { name: 'Freeze the account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Refused by the server (403): your role may not do this.',
    );
    expect(setFrozen).toHaveBeenCalledWith({ userId: 42, freeze: true, reason: 'not today' });
  });

  it('offers no freeze to a role that may not freeze', async () => {
    renderScreen(<UserHarness mayFreeze={false} setFrozen={() => Promise.resolve({})} />);
    expect(await screen.findByRole('heading', { name: 'Tier and limits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze the account' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
  });
});

const held: ReviewItem = {
  id: 'hold:3',
  kind: 'hold',
  userId: 42,
  reference: 'TRX9',
  amount: 2500,
  reason: 'newBeneficiary',
  createdAt: '2026-11-27T09:00:00.000Z',
};

function ReviewsHarness({ mayAct, act }: { mayAct: boolean; act: (action: unknown) => Promise<unknown> }) {
  const actor = useActorRef(
    reviewQueueMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(async () => [held]),
        act: fromPromise(({ input }) => act(input)),
      },
    }),
  );
  return <OpsReviewQueueScreen actor={actor} mayAct={mayAct} />;
}

describe('the review queue', () => {
  it('decides a held payment with its reason, then says so', async () => {
    const act = vi.fn(() => Promise.resolve({}));
    renderScreen(<ReviewsHarness mayAct act={act} />);
    expect(await screen.findByRole('heading', { name: 'Held payment TRX9' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Beneficiary confirmed');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(act).toHaveBeenCalledWith({ id: 'hold:3', decision: 'reject', reason: 'Beneficiary confirmed' }),
    );
    expect(await screen.findByText('Rejected.')).toBeInTheDocument();
  });

  it('is read-only for a role that may not decide', async () => {
    renderScreen(<ReviewsHarness mayAct={false} act={() => Promise.resolve({})} />);
    expect(await screen.findByRole('heading', { name: 'Held payment TRX9' })).toBeInTheDocument();
    expect(screen.getByText('Your role can read this page but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

function SignInHarness({ logIn }: { logIn: () => Promise<never> }) {
  const actor = useActorRef(
    opsSessionMachine.provide({
      actors: {
        resume: fromPromise<OpsSession | null, void>(async () => null),
        logIn: fromPromise<OpsSession, OpsLogInRequest>(logIn),
        logOut: fromPromise<void, void>(async () => undefined),
      },
    }),
  );
  const snapshot = useSelector(actor, (s) => s);
  return (
    <OpsSignInScreen
      error={snapshot.context.error}
      busy={snapshot.matches('signingIn')}
      onSubmit={(form) => actor.send({ type: 'SUBMIT', ...form })}
    />
  );
}

describe('the staff sign-in', () => {
  it('asks for the six-digit code, and says plainly when the server refuses the sign-in', async () => {
    renderScreen(<SignInHarness logIn={() => Promise.reject(httpError(401, 'ops.logIn.invalid'))} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ama@ops.example');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.type(screen.getByLabelText('6-digit code from your authenticator app'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter your email, your password and the 6-digit code.',
    );
    await userEvent.type(screen.getByLabelText('6-digit code from your authenticator app'), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email, password or code is wrong.')).toBeInTheDocument();
  });
});

describe('the sections a role sees', () => {
  it('follow the permissions table', () => {
    const paths = (role: 'support' | 'compliance' | 'auditor' | 'admin') =>
      sectionsFor({ id: 1, email: 'x@ops.example', role }).map((section) => section.path);
    expect(paths('support')).toEqual(['/users', '/reversals']);
    expect(paths('compliance')).toEqual([
      '/users',
      '/reviews',
      '/reversals',
      '/audit',
      '/monitoring',
      '/ledger',
    ]);
    expect(paths('admin')).toEqual(['/ledger', '/rates', '/coupons', '/partner-keys']);
    expect(paths('auditor')).toContain('/audit');
  });
});
