import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { GatewayUser, GemPacksInPesewas, GemPurchasePage } from '../../src/contract/gems';
import type { WalletOperation } from '../../src/contract/wallet';
import { gemBalanceMachine, gemPurchasesMachine } from '../../src/machines/game.machine';
import { paymentGatewayMachine, type BuyGemPackInput } from '../../src/machines/payment-gateway.machine';
import { treasureShopMachine } from '../../src/machines/treasure-shop.machine';
import { GameScreen } from '../../src/screens/game-screen';
import { PaymentGatewayScreen } from '../../src/screens/payment-gateway-screen';
import { TreasureShopScreen } from '../../src/screens/treasure-shop-screen';
import { WIDE_SCREEN_QUERY } from '../../src/screens/ui/viewport';
import { networkError } from '../support/machine-fixtures';
import { gatewayUser, shopPacks } from '../support/machine-models-shop';
import { httpError, renderScreen } from './render';
import { expectLimitAlert, limitRefusal } from './limit-refusal';

const shop = () => {
  const saveChoice = vi.fn();
  const openGateway = vi.fn();
  const actor = createActor(
    treasureShopMachine.provide({
      actors: { loadPacks: fromPromise<GemPacksInPesewas, void>(async () => shopPacks) },
      actions: {
        saveChoice: (_, params) => saveChoice(params.packId),
        openGateway: () => openGateway(),
      },
    }),
    { input: { selected: null } },
  ).start();
  renderScreen(<TreasureShopScreen actorRef={actor} />, { route: '/treasure-shop' });
  return { saveChoice, openGateway };
};

describe('the treasure shop', () => {
  it('shows the three packs in GH₵ and dollars, back and close buttons, and asks for a pack before paying', async () => {
    const { saveChoice, openGateway } = shop();
    const packs = await screen.findByRole('group', { name: 'Select a card (a gem pack)' });
    expect(
      within(packs)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['gems-2500', 'gems-6500', 'gems-14000']);
    expect(screen.getByText(/GH₵\s624\.88 \(\$49\.99\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/Dashboard');
    expect(
      screen.getByRole('link', { name: 'Close the shop and go to the home page' }).getAttribute('href'),
    ).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a card before making a payment.');
    expect(openGateway).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: '6,500 gems' }));
    expect(saveChoice).toHaveBeenCalledWith('gems-6500');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
    expect(openGateway).toHaveBeenCalledTimes(1);
  });
});

const gateway = ({
  user = gatewayUser(100_000),
  buy = async (input: BuyGemPackInput): Promise<WalletOperation> => ({
    referenceNumber: 'GEM-77',
    status: 'Successful',
    failureMessageId: null,
    amount: input.priceMinor,
    walletAmount: user.walletAmount - input.priceMinor,
  }),
  loadUser = async (): Promise<GatewayUser> => user,
  packId = 'gems-6500' as string | null,
} = {}) => {
  const walletChanged = vi.fn();
  const clearChoice = vi.fn();
  const actor = createActor(
    paymentGatewayMachine.provide({
      actors: {
        loadUser: fromPromise<GatewayUser, void>(loadUser),
        loadPacks: fromPromise<GemPacksInPesewas, void>(async () => shopPacks),
        buyGemPack: fromPromise<WalletOperation, BuyGemPackInput>(({ input }) => buy(input)),
      },
      actions: {
        walletChanged: (_, params) => walletChanged(params.walletAmount),
        clearChoice: () => clearChoice(),
      },
    }),
    { input: { packId, keySeed: 'seed' } },
  ).start();
  renderScreen(<PaymentGatewayScreen actorRef={actor} />, { route: '/PaymentGateway' });
  return { walletChanged, clearChoice };
};

describe('the payment gateway', () => {
  it('shows the user without the hidden fields, the pack in both currencies, and pays it from the wallet', async () => {
    const { walletChanged, clearChoice } = gateway();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getByText('Ama Mensah')).toBeTruthy();
    // The e-mail may wrap before '@' and after a dot, never inside a word (issue 23).
    const email = details.querySelector('.email');
    expect(email?.textContent).toBe('ama@example.com');
    expect(email?.innerHTML).toBe('ama<wbr>@example.<wbr>com');
    // Never the id, hasIdentification, totalBeneficiaries or countryId.
    expect(details.textContent).not.toMatch(/totalBeneficiaries|hasIdentification|countryId/);
    expect(within(details).queryByText('2')).toBeNull();
    expect(within(details).queryByText('7')).toBeNull();
    const pack = screen.getByRole('region', { name: 'Gem pack' });
    expect(within(pack).getByText('6,500 gems')).toBeTruthy();
    expect(within(pack).getByText(/^\$49\.99$/)).toBeTruthy();
    expect(within(pack).getByText(/GH₵\s624\.88/)).toBeTruthy();
    // Gems carry no fee: no 'Processing fee (1%)' above GH₵ 0.00 (issue 23).
    const card = screen.getByRole('region', { name: 'Pay from your wallet' });
    expect(within(card).queryByText(/Processing fee/)).toBeNull();
    expect(within(card).getByText('Total').nextElementSibling?.textContent).toMatch(/GH₵\s624\.88/);
    // Figures are never cut in two.
    expect(within(card).getByText('Total').nextElementSibling).toHaveClass('figure');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Payment successful! Thank you for your purchase.',
    );
    expect(screen.getByText('GEM-77')).toBeTruthy();
    expect(walletChanged).toHaveBeenCalledWith(37_512);
    expect(clearChoice).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Treasure Shop' }).getAttribute('href')).toBe(
      '/treasure-shop',
    );
  });

  it('says when the user details cannot be read', async () => {
    gateway({ loadUser: () => Promise.reject(httpError(500)) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to fetch user details. Please try again later.',
    );
  });

  it('a refused payment says Transaction failed; a server failure Payment failed; a lost answer Failed to process payment', async () => {
    const failures = [httpError(402), httpError(500), httpError(503), networkError()];
    gateway({ buy: () => Promise.reject(failures.shift()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Wallet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Transaction failed. Please try again.'),
    );
    for (let server = 0; server < 2; server++) {
      await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Payment failed. Please try again later.'),
      );
    }
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to process payment. Please try again later.',
      ),
    );
  });

  it('a tier limit refusal names the limit and what is left, with the link to the upgrade page', async () => {
    gateway({
      buy: () => Promise.reject(limitRefusal()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Wallet' }));
    await expectLimitAlert();
  });

  it('without a pack chosen, asks for one', async () => {
    gateway({ packId: null });
    expect(await screen.findByText('No gem pack is chosen. Choose one in the Treasure Shop.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Wallet' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a card before making a payment.');
  });
});

const gemPurchasePage: GemPurchasePage = {
  rows: [
    {
      referenceNumber: 'GEM-77',
      packId: 'gems-6500',
      gems: 6500,
      amount: 62_488,
      usdCents: 4999,
      rate: '0.08',
      status: 'Successful',
      date: '2026-11-23T10:00:00.000Z',
    },
  ],
  total: 1,
  page: 0,
  pageSize: 5,
};

const showGame = () => {
  const balanceRef = createActor(
    gemBalanceMachine.provide({ actors: { loadGems: fromPromise<number, void>(async () => 6500) } }),
  ).start();
  const purchasesRef = createActor(
    gemPurchasesMachine.provide({ actors: { loadPage: fromPromise(async () => gemPurchasePage) } }),
  ).start();
  renderScreen(<GameScreen balanceRef={balanceRef} purchasesRef={purchasesRef} />, { route: '/Game' });
};

describe('the game', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the gem balance and the purchase history, and says what gems are for', async () => {
    showGame();
    expect(screen.getByText(/^Gems are what you spend in the games\./)).toBeTruthy();
    const balance = screen.getByRole('region', { name: 'Your gems' });
    expect(await within(balance).findByText('6,500 gems')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Gem purchases' });
    expect(within(table).getByText('GEM-77')).toBeTruthy();
    expect(within(table).getByText(/GH₵\s624\.88/)).toBeTruthy();
    expect(within(table).getByText(/^\$49\.99$/)).toBeTruthy();
    expect(screen.getByText('Showing 1-1 of 1')).toBeTruthy();
  });

  it('on a phone shows the purchases as cards, not a table that scrolls sideways', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query !== WIDE_SCREEN_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    showGame();
    const list = await screen.findByRole('list', { name: 'Gem purchases' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('6,500 gems');
    expect(card).toHaveTextContent(/Money out: GH₵\s624\.88/);
    expect(within(card!).getByText('Successful')).toBeTruthy();
    expect(card!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T10:00:00.000Z');
    expect(screen.getByText('Showing 1-1 of 1')).toBeTruthy();
  });
});
