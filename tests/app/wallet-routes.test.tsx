import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageOf } from '../../src/domain/paging';
import { setAuthSource } from '../../src/services/http';
import { auth, fakeSession, renderApp } from '../screens/render';
import { apiOperation, apiRow, identification } from '../screens/wallet-fixtures';
import { stubCanvas } from '../screens/canvas-stub';

type Call = { url: string; method: string; headers: Headers; body: unknown };
const calls: Call[] = [];

/** The user's movements on the fake server, newest first. */
const movements = Array.from({ length: 7 }, (_, index) =>
  apiRow({
    id: index + 1,
    referenceNumber: `WT-000${index + 1}`,
    ...(index % 2 === 1 ? { actionType: 'Debit' as const, kind: 'momo_withdrawal' as const } : {}),
  }),
);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, status = 200) => json({ code: status, message: 'OK', data }, status);

let identifications = [identification()];

/** The API as the route containers' real services call it. */
const fakeApi = vi.fn(async (url: string, init: RequestInit = {}) => {
  calls.push({
    url,
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
  });
  if (url.startsWith('/api/User/GetWalletAmountByUserId')) return ok({ walletAmount: 12.5 });
  if (url.startsWith('/api/User/GetWalletHistoryPage')) {
    // One page of the movements, as the server answers it (past the end: the last page).
    const query = new URL(url, 'http://localhost').searchParams;
    const pageSize = Number(query.get('pageSize') ?? 5);
    const shown = pageOf(movements, Number(query.get('page') ?? 0), pageSize);
    return ok({ rows: shown.rows, total: movements.length, page: shown.window.page, pageSize });
  }
  if (url.startsWith('/api/User/AddFundsToWallet'))
    return ok(apiOperation({ referenceNumber: 'WT-9000', walletAmount: 62.5 }));
  if (url.startsWith('/api/User/GetAllIdentificationsByUserId')) return ok(identifications);
  if (url.startsWith('/api/Transaction/GetIdentitficationTypes'))
    return ok([{ id: 1, identificationType: 'Ghana Card' }]);
  if (url.startsWith('/api/Transaction/AddUserIdentification')) return ok(identification({ id: 2 }), 201);
  if (url.startsWith('/api/Transaction/GetIdentificationImage'))
    return new Response(new Uint8Array([1, 2]), { status: 200, headers: { 'Content-Type': 'image/png' } });
  return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
});

/** The upload goes through XMLHttpRequest (for its progress events): a stand-in that answers at once. */
class FakeXhr {
  static sent: { headers: Record<string, string>; body: unknown }[] = [];
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  timeout = 0;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(body: unknown) {
    FakeXhr.sent.push({ headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
      this.status = 201;
      this.responseText = JSON.stringify({
        code: 201,
        message: 'Created',
        data: { imageId: 'img-42', contentType: 'image/jpeg', sizeBytes: 4 },
      });
      this.onload?.();
    }, 5);
  }
}

beforeAll(stubCanvas);

beforeEach(() => {
  calls.length = 0;
  FakeXhr.sent = [];
  identifications = [identification()];
  vi.stubGlobal('fetch', fakeApi);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setAuthSource({ token: () => 'token-1', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

const location = () => screen.getByTestId('location').textContent;
const identified = (walletAmount = 0) => {
  const session = auth(walletAmount);
  return fakeSession({ auth: { ...session, user: { ...session.user, hasIdentification: true } } }).actor;
};

describe('identity gate on the money routes', () => {
  it.each([
    ['/WalletTopUp', 'Wallet Top Up'],
    ['/Dashboard/walletTopUp', 'Wallet Top Up'],
    ['/Withdrawal', 'Withdraw Funds'],
  ])(
    '%s without an identification shows the notice and its link',
    async (path, title) => {
      renderApp(path, { session: fakeSession({ auth: auth() }).actor });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(/Please add your identification to continue to this page/)).toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Click here' }));
      await waitFor(() => expect(location()).toBe('/Dashboard/myIdentifications'));
      // Sent by a money page, the form opens at once (and brings the user back there once the ID is added).
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Add Identification' }),
      ).toBeInTheDocument();
    },
    15_000,
  );
});

describe('wallet routes with the real services', () => {
  it('tops up by card with an Idempotency-Key and hands the new balance to the session', async () => {
    const session = identified(1250);
    renderApp('/WalletTopUp', { session });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    await userEvent.type(screen.getByLabelText('First name'), 'Ama');
    await userEvent.type(screen.getByLabelText('Last name'), 'Mensah');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1239');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    // The review starts from the balance the server reports (GH₵ 12.50): GH₵ 62.50 once the GH₵ 50 is in.
    expect(await screen.findByText('GH₵ 62.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeInTheDocument();

    const pay = calls.find((call) => call.url === '/api/User/AddFundsToWallet')!;
    expect(pay.method).toBe('POST');
    expect(pay.headers.get('Idempotency-Key')).toMatch(/.+-1$/);
    expect(pay.headers.get('Authorization')).toBe('Bearer token-1');
    expect(pay.body).toMatchObject({
      userId: 7,
      amount: 50,
      cardNumber: '4242424242424242',
      expiryYear: 2039,
    });
    expect(session.getSnapshot().context.auth?.user.walletAmount).toBe(6250);
    // The balance read, the form, the review and the payment: slow on a loaded machine.
  }, 20_000);

  it('reads the available balance before a withdrawal and checks the amount against it', async () => {
    const session = identified(50000);
    renderApp('/Withdrawal', { session });
    expect(await screen.findByText('Available: GH₵ 12.50')).toBeInTheDocument();
    expect(session.getSnapshot().context.auth?.user.walletAmount).toBe(1250);
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('Insufficient funds');
    expect(calls.some((call) => call.url.startsWith('/api/Transaction/WithDrawalMoney'))).toBe(false);
  });

  it('shows the wallet history at /Dashboard/walletHistory', async () => {
    renderApp('/Dashboard/walletHistory', { session: identified() });
    expect(await screen.findByText('Showing 1-5 of 7')).toBeInTheDocument();
    expect(screen.getByText('WT-0005')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 6-7 of 7')).toBeInTheDocument();
    expect(screen.getByText('WT-0007')).toBeInTheDocument();
    expect(screen.queryByText('WT-0005')).not.toBeInTheDocument();
    // One page at a time from the server, never the whole history.
    const history = calls.filter((call) => call.url.startsWith('/api/User/GetWalletHistory'));
    expect(history.map((call) => call.url)).toEqual([
      '/api/User/GetWalletHistoryPage?userId=7&page=0&pageSize=5',
      '/api/User/GetWalletHistoryPage?userId=7&page=1&pageSize=5',
    ]);
  });

  it('refreshes the balance and recent activity on the dashboard home', async () => {
    const session = fakeSession({ auth: auth(0) }).actor;
    renderApp('/Dashboard', { session });
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('GH₵ 12.50')).toBeInTheDocument();
    // Only the latest five movements are asked for.
    const history = calls.filter((call) => call.url.startsWith('/api/User/GetWalletHistory'));
    expect(history.map((call) => call.url)).toEqual([
      '/api/User/GetWalletHistoryPage?userId=7&page=0&pageSize=5',
    ]);
    expect(session.getSnapshot().context.auth?.user.walletAmount).toBe(1250);
  });
});

describe('identifications route with the real services', () => {
  it('shows the Ghana Card with its photo fetched with the bearer', async () => {
    renderApp('/Dashboard/myIdentifications', { session: identified() });
    expect(await screen.findByRole('article', { name: 'Ghana Card 1234567890' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls
          .find((call) => call.url.startsWith('/api/Transaction/GetIdentificationImage'))
          ?.headers.get('Authorization'),
      ).toBe('Bearer token-1'),
    );
    expect(screen.queryByRole('button', { name: '+ Add Identification' })).not.toBeInTheDocument();
  });

  it('adds a first identification with its uploaded image, then the session has one and the dashboard opens', async () => {
    identifications = [];
    const session = fakeSession({ auth: auth() }).actor;
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderApp('/Dashboard/myIdentifications', { session });
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Identification' }));
    await userEvent.selectOptions(await screen.findByLabelText('Identification type'), 'Ghana Card');
    await userEvent.type(screen.getByLabelText('ID number'), '1234567890');
    await userEvent.selectOptions(screen.getByLabelText('Issue day'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Issue month'), 'March');
    await userEvent.selectOptions(screen.getByLabelText('Issue year'), '2021');
    // The expiry is not pre-filled (issue 23): each part is chosen.
    await userEvent.selectOptions(screen.getByLabelText('Expiry day'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Expiry month'), 'March');
    await userEvent.selectOptions(screen.getByLabelText('Expiry year'), '2031');
    await userEvent.upload(
      screen.getByLabelText('ID image'),
      new File([new Uint8Array(4)], 'card.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('card.jpg is uploaded.')).toBeInTheDocument();
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('Bearer token-1');

    await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));
    expect(await screen.findByText('Identification added successfully!')).toBeInTheDocument();
    const add = calls.find((call) => call.url === '/api/Transaction/AddUserIdentification')!;
    expect(add.body).toMatchObject({ userId: 7, identificationNumber: '1234567890', imgUrl: 'img-42' });
    expect(session.getSnapshot().context.auth?.user.hasIdentification).toBe(true);
    // After the message's 3 s, /Dashboard (which opens its home panel).
    await waitFor(() => expect(location()).toBe('/Dashboard/transactionHistory'), { timeout: 5000 });
    created.mockRestore();
    revoked.mockRestore();
  }, 10_000);
});
