import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { ProofOfAddress } from '../../src/contract/upgrade';
import type { UpgradeData } from '../../src/machines/account-upgrade.machine';
import { UpgradePage, type UpgradeActors } from '../../src/app/routes/upgrade-route';
import { DashboardHomeScreen } from '../../src/screens/dashboard-home-screen';
import { auth, fakeSession, httpError, renderScreen } from './render';
import { fakeMonthSummary, fakeWallet } from './wallet-fixtures';
import { fakePhoneVerification } from './phone-verification-fixtures';

const minimum: UpgradeData = {
  tier: {
    tier: 'minimum',
    dailyLimit: 300_000,
    dailyUsed: 200_000,
    monthlyLimit: 1_000_000,
    monthlyUsed: 250_000,
    balanceLimit: 500_000,
    nextTier: { tier: 'medium', requirements: ['ghanaCard'] },
  },
  ghanaCards: [
    { id: 11, number: '5555100001' },
    { id: 12, number: '5555100002' },
  ],
  proofOfAddress: null,
};
const medium: UpgradeData = {
  ...minimum,
  tier: {
    ...minimum.tier,
    tier: 'medium',
    dailyLimit: 1_500_000,
    monthlyLimit: null,
    balanceLimit: 4_000_000,
    nextTier: { tier: 'enhanced', requirements: ['proofOfAddress'] },
  },
};
const pending: ProofOfAddress = {
  id: 5,
  documentKind: 'tenancyAgreement',
  status: 'pending',
  reason: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
};

/** A meter's spoken value, its no-break spaces read as spaces. */
const valueText = (meter: HTMLElement) => meter.getAttribute('aria-valuetext')?.replace(/\s/g, ' ');

/** The page with fakes: each load answers the next of `loads` (the last one again when they run out). */
const renderPage = (loads: (() => Promise<UpgradeData>)[], overrides: Partial<UpgradeActors> = {}) => {
  const calls = {
    loads: 0,
    verified: [] as number[],
    uploads: [] as { documentKind: string; size: number }[],
  };
  const actors: UpgradeActors = {
    loadUpgrade: fromPromise(async () => {
      const answer = loads[Math.min(calls.loads, loads.length - 1)]!;
      calls.loads += 1;
      return answer();
    }),
    verifyGhanaCard: async (identificationId) => {
      calls.verified.push(identificationId);
      return { tier: 'medium' };
    },
    uploadProofOfAddress: async (input) => {
      calls.uploads.push({ documentKind: input.documentKind, size: input.document.size });
      return pending;
    },
    ...overrides,
  };
  renderScreen(<UpgradePage actors={actors} />, { route: '/Dashboard/upgrade' });
  return calls;
};

describe('the Upgrade account page', () => {
  it("shows the tier, today's and this month's use against each limit, and what the next tier needs", async () => {
    renderPage([async () => minimum]);
    expect(await screen.findByRole('heading', { name: 'Your account tier: Minimum' })).toBeInTheDocument();
    expect(valueText(screen.getByRole('meter', { name: 'Sent today' }))).toBe('GH₵ 2,000.00 of GH₵ 3,000.00');
    expect(valueText(screen.getByRole('meter', { name: 'Sent this month' }))).toBe(
      'GH₵ 2,500.00 of GH₵ 10,000.00',
    );
    expect(screen.getByText('Maximum balance: GH₵ 5,000.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Next tier: Medium' })).toBeInTheDocument();
    expect(
      screen.getByText('Verify your Ghana Card with the national identity register.'),
    ).toBeInTheDocument();
  });

  it('verifies the Ghana Card chosen among those on file, then shows the Medium tier', async () => {
    const calls = renderPage([async () => minimum, async () => medium]);
    const step = (await screen.findByRole('heading', { name: 'Verify your Ghana Card' })).closest('li')!;
    await userEvent.selectOptions(within(step).getByLabelText('Ghana Card on file'), 'Ghana Card 5555100002');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify Ghana Card' }));
    // The new tier is read out: focus moves to its heading.
    expect(await screen.findByRole('heading', { name: 'Your account tier: Medium' })).toHaveFocus();
    expect(calls.verified).toEqual([12]);
    expect(screen.getByText('Your Ghana Card is verified.')).toBeInTheDocument();
    expect(screen.getByText('GH₵ 2,500.00 (no monthly limit)')).toBeInTheDocument();
  });

  it('says why the register refused the card, and offers to try again', async () => {
    renderPage([async () => minimum], {
      verifyGhanaCard: () => Promise.reject(httpError(400, 'upgrade.ghanaCard.nameDiffers')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Ghana Card' }));
    expect(
      await screen.findByText(
        'The name on this Ghana Card is not the name on your account. Please contact support.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your account tier: Minimum' })).toBeInTheDocument();
  });

  it('without a Ghana Card on file, links to the identifications; the proof of address waits for Medium', async () => {
    renderPage([async () => ({ ...minimum, ghanaCards: [] })]);
    expect(await screen.findByRole('link', { name: 'Add an identification' })).toHaveAttribute(
      'href',
      '/Dashboard/myIdentifications',
    );
    expect(screen.getByText('Please verify your Ghana Card first.')).toBeInTheDocument();
  });

  it('sends a proof of address (kind and photo checked first), then shows it pending review', async () => {
    const calls = renderPage([async () => medium, async () => ({ ...medium, proofOfAddress: pending })]);
    const send = await screen.findByRole('button', { name: 'Send for review' });
    await userEvent.click(send);
    expect(await screen.findByText('Please choose the kind of document.')).toBeInTheDocument();
    expect(screen.getByText('Please upload a photo of the document.')).toBeInTheDocument();
    expect(calls.uploads).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Tenancy agreement' }));
    const photo = new File(['lease'], 'lease.png', { type: 'image/png' });
    await userEvent.upload(
      screen.getByLabelText('Photo of the document (JPEG, PNG or WebP, at most 5 MB)'),
      photo,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Document: Tenancy agreement')).toBeInTheDocument();
    expect(
      screen.getByText(/^Sent on .*2026: waiting for review by a compliance officer\.$/),
    ).toBeInTheDocument();
    expect(calls.uploads).toEqual([{ documentKind: 'tenancyAgreement', size: photo.size }]);
  });

  it("shows a rejection's reason and lets the user send another document", async () => {
    renderPage([
      async () => ({
        ...medium,
        proofOfAddress: {
          ...pending,
          status: 'rejected',
          reason: 'The lease is not signed.',
          decidedAt: pending.submittedAt,
        },
      }),
    ]);
    expect(await screen.findByText(/Not accepted\. Reason: The lease is not signed\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
  });

  it('says when the tier cannot be loaded, and loads it again on Try again', async () => {
    renderPage([() => Promise.reject(httpError(500)), async () => minimum]);
    expect(
      await screen.findByText('Your account tier could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your account tier: Minimum' })).toBeInTheDocument(),
    );
  });
});

describe("the balance card's Upgrade account", () => {
  it('opens /Dashboard/upgrade', () => {
    const { actor } = fakeSession({ auth: auth(0) });
    renderScreen(
      <DashboardHomeScreen
        session={actor}
        wallet={fakeWallet().actor}
        phoneVerification={fakePhoneVerification().actor}
        monthSummary={fakeMonthSummary()}
      />,
    );
    const card = screen.getByRole('region', { name: 'Available Balance' });
    expect(within(card).getByRole('link', { name: 'Upgrade account' })).toHaveAttribute(
      'href',
      '/Dashboard/upgrade',
    );
  });
});
