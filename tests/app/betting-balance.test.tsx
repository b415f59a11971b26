import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuthSource } from '../../src/services/http';
import { auth, fakeSession, renderApp } from '../screens/render';

/*
 * Spec section 8, betting: 'Failed to retrieve wallet amount. Please try again.' when the wallet amount is missing.
 * The betting page reads the balance from the server first; when it cannot, the session's copy stands in and the
 * page says so, with the way to read it again.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let balanceAnswers: number[] = [];
const balanceReads: string[] = [];

const fakeApi = vi.fn(async (url: string) => {
  if (url.startsWith('/api/User/GetWalletAmountByUserId')) {
    balanceReads.push(url);
    const status = balanceAnswers.shift() ?? 200;
    return status === 200
      ? json({ code: 200, message: 'OK', data: { walletAmount: 40 } })
      : json({ code: status, message: 'Something went wrong', data: { messageId: 'server.error' } }, status);
  }
  if (url.startsWith('/api/Transaction/GetBettingOperators'))
    return json({ code: 200, message: 'OK', data: [{ id: 1, code: 'sportybet', name: 'SportyBet Ghana' }] });
  return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
});

beforeEach(() => {
  balanceReads.length = 0;
  vi.stubGlobal('fetch', fakeApi);
  setAuthSource({ token: () => 'token-1', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

const identified = (walletAmount: number) => {
  const session = auth(walletAmount);
  return fakeSession({ auth: { ...session, user: { ...session.user, hasIdentification: true } } }).actor;
};

const notice = () =>
  screen
    .queryAllByRole('alert')
    .find((alert) => alert.textContent?.includes('Failed to retrieve wallet amount'));

describe('the betting page when the wallet amount cannot be read', () => {
  it(
    "says 'Failed to retrieve wallet amount. Please try again.' and reads it again on Try again",
    { timeout: 30_000 },
    async () => {
      balanceAnswers = [503, 200];
      renderApp('/Dashboard/bettingDeposit', { session: identified(1000) });

      // The route's code loads first (a lazy chunk): a slow machine takes seconds.
      await waitFor(() => expect(notice()).toBeDefined(), { timeout: 15_000 });
      expect(notice()).toHaveTextContent('Failed to retrieve wallet amount. Please try again.');

      await userEvent.click(within(notice()!).getByRole('button', { name: 'Try again' }));

      await waitFor(() => expect(balanceReads).toHaveLength(2));
      await waitFor(() => expect(notice()).toBeUndefined());
    },
  );

  it('says nothing of it when the server answers with the balance', { timeout: 30_000 }, async () => {
    balanceAnswers = [200];
    renderApp('/Dashboard/bettingDeposit', { session: identified(1000) });
    await waitFor(() => expect(balanceReads).toHaveLength(1), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(notice()).toBeUndefined();
  });
});
