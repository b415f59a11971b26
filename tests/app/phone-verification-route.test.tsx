import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths } from '../../src/contract/paths';
import { setAuthSource } from '../../src/services/http';
import { auth, fakeSession, renderApp } from '../screens/render';

type Call = { url: string; method: string; authorization: string | null; body: unknown };
const calls: Call[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 200, message: 'OK', data });

/** The API as the dashboard's real services call it. */
const fakeApi = vi.fn(async (url: string, init: RequestInit = {}) => {
  calls.push({
    url,
    method: init.method ?? 'GET',
    authorization: new Headers(init.headers).get('Authorization'),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
  });
  if (url.startsWith(apiPaths.walletAmount)) return ok({ walletAmount: 0 });
  if (url.startsWith(apiPaths.walletHistoryPage)) return ok({ rows: [], total: 0, page: 0, pageSize: 5 });
  if (url === apiPaths.phoneVerification) return ok({ phoneVerified: false, maskedPhone: '+233 ******567' });
  if (url === apiPaths.sendPhoneVerificationCode)
    return ok({ maskedPhone: '+233 ******567', expiresAt: '2026-11-23T14:35:00.000Z' });
  if (url === apiPaths.verifyPhone) return ok({ phoneVerified: true, maskedPhone: '+233 ******567' });
  return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fakeApi);
  setAuthSource({ token: () => 'token-1', userId: () => 7 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

const phoneCalls = () =>
  calls
    .filter((call) => call.url.includes('Phone'))
    .map(({ url, method, authorization, body }) => [method, url, authorization, body]);

describe('phone verification on the dashboard home', () => {
  it('asks the server, texts a code, verifies it, and the session learns it (without persisting it)', async () => {
    const session = fakeSession({ auth: auth() });
    renderApp('/Dashboard', { session: session.actor });
    const card = await screen.findByRole('region', { name: 'Verify your phone number' });
    await userEvent.click(within(card).getByRole('button', { name: 'Send me a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code' });
    await userEvent.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('042917');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify phone number' }));
    expect(await screen.findByText('Phone verified')).toBeInTheDocument();

    expect(phoneCalls()).toEqual([
      ['GET', apiPaths.phoneVerification, 'Bearer token-1', null],
      ['POST', apiPaths.sendPhoneVerificationCode, 'Bearer token-1', null],
      ['POST', apiPaths.verifyPhone, 'Bearer token-1', { code: '042917' }],
    ]);
    expect(session.actor.getSnapshot().context.auth?.user.phoneVerified).toBe(true);
    // PHONE_VERIFIED persists nothing (the balance refresh did, before it).
    expect(session.persisted.every((saved) => saved?.user.phoneVerified === false)).toBe(true);
  });

  it('makes no call for a session that knows the phone is verified', async () => {
    const signedIn = auth();
    const session = fakeSession({ auth: { ...signedIn, user: { ...signedIn.user, phoneVerified: true } } });
    renderApp('/Dashboard', { session: session.actor });
    expect(await screen.findByText('Phone verified')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith(apiPaths.walletAmount))).toBe(true));
    expect(phoneCalls()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Verify your phone number' })).not.toBeInTheDocument();
  });
});
