import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Beneficiary } from '../../src/contract/beneficiary';
import { setAuthSource } from '../../src/services/http';
import { auth, fakeSession, renderApp } from '../screens/render';
import { bankBeneficiary, beneficiaryBanks, mobileBeneficiary } from '../support/beneficiary-fixtures';

type Call = { url: string; method: string; body: unknown };
const calls: Call[] = [];
let mobile: Beneficiary[] = [];
let bank: Beneficiary[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, status = 200) => json({ code: status, message: 'OK', data }, status);

/** The beneficiaries API as the route's real services call it. */
const fakeApi = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
  if (url.startsWith('/api/Beneficiary/BeneficiariesByUserId')) return ok(mobile);
  if (url.startsWith('/api/Bank/BeneficiariesBanksByUserId')) return ok(bank);
  if (url.startsWith('/api/Bank/GetAllBanksByCountryId')) return ok(beneficiaryBanks);
  if (url.startsWith('/api/Beneficiary/ResolveAccountName')) return ok({ accountName: 'Esi Ofori' });
  if (url.startsWith('/api/Beneficiary/CreateBeneficiary')) {
    const created = mobileBeneficiary(9, 'Esi', 'Ofori');
    mobile = [...mobile, created];
    return ok(created, 201);
  }
  if (url.startsWith('/api/Beneficiary/DeleteBeneficiary')) {
    const id = Number(new URL(url, 'http://localhost').searchParams.get('id'));
    mobile = mobile.filter((b) => b.id !== id);
    bank = bank.filter((b) => b.id !== id);
    return ok(null);
  }
  return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
});

beforeEach(() => {
  calls.length = 0;
  mobile = [mobileBeneficiary(1)];
  bank = [bankBeneficiary(5)];
  vi.stubGlobal('fetch', fakeApi);
  setAuthSource({ token: () => 'token-1', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

const identified = () => {
  const session = auth();
  return fakeSession({ auth: { ...session, user: { ...session.user, hasIdentification: true } } }).actor;
};

describe('/Dashboard/beneficiaries', () => {
  it('without an identification shows the notice and its link', async () => {
    renderApp('/Dashboard/beneficiaries', { session: fakeSession({ auth: auth() }).actor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beneficiaries' })).toBeInTheDocument();
    expect(screen.getByText(/Please add your identification to continue to this page/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Beneficiary' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists both kinds from the two lists, deletes through the API and adds after the name lookup', async () => {
    renderApp('/Dashboard/beneficiaries', { session: identified() });
    expect(await screen.findByText('Showing 1-2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Ama Mensah')).toBeInTheDocument();
    expect(screen.getByText('Kofi Boateng')).toBeInTheDocument();
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/Bank/BeneficiariesBanksByUserId?UserId=7',
      '/api/Beneficiary/BeneficiariesByUserId?userId=7',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Kofi Boateng' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: '/api/Beneficiary/DeleteBeneficiary?id=5',
      method: 'DELETE',
      body: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Beneficiary' });
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Esi');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Ofori');
    await userEvent.type(within(dialog).getByLabelText('MoMo number'), '0551234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText('Beneficiary added successfully.');
    expect(calls.find((call) => call.url === '/api/Beneficiary/ResolveAccountName')?.body).toEqual({
      type: 'mobile',
      phoneCode: '+233',
      phoneNumber: '551234567',
    });
    // The browser sends the number without its first 3 characters, and the user from the session.
    expect(calls.find((call) => call.url === '/api/Beneficiary/CreateBeneficiary')?.body).toMatchObject({
      userId: 7,
      firstName: 'Esi',
      lastName: 'Ofori',
      phoneCode: '+233',
      phoneNumber: '551234567',
    });
    await waitFor(() => expect(screen.getByText('Showing 1-2 of 2')).toBeInTheDocument());
  });
});
