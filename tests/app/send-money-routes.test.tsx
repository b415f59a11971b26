import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageOf } from '../../src/domain/paging';
import type { Beneficiary } from '../../src/contract/beneficiary';
import type { TransactionDetail, TransactionHistoryRow } from '../../src/contract/transfer';
import { setAuthSource } from '../../src/services/http';
import { auth, fakeSession, renderApp } from '../screens/render';
import { beneficiary, purposes, rates } from '../support/machine-models-transfer';

// Long user-event journeys (many selects and typed fields): seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

type Call = { url: string; method: string; headers: Headers; body: unknown };
const calls: Call[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, status = 200) => json({ code: status, message: 'OK', data }, status);

const CART = '6f1c1a52-3b7e-4c1e-9a57-0d3c2f7b1a11';
const mobile: Beneficiary = beneficiary(11, 'mobile');
const bank: Beneficiary = beneficiary(12, 'bank');

/** The transfers on the fake server, as the API answers them (decimal GHS), newest first. */
const historyRows: TransactionHistoryRow[] = Array.from({ length: 6 }, (_, index) => ({
  id: 6 - index,
  senderName: 'Ama Mensah',
  receiverName: `Receiver ${6 - index}`,
  referenceNumber: `TRF-000${6 - index}`,
  sendAmount: 10 * (6 - index),
  fee: (6 - index) / 10,
  status: 'Successful',
  direction: 'sent',
  receiveAmount: 10 * (6 - index),
  currency: 'GHS',
  date: '2026-11-20T12:00:00.000Z',
}));

const detail = (referenceNumber: string): TransactionDetail => ({
  referenceNumber,
  direction: 'sent',
  status: 'Successful',
  failureMessageId: null,
  sendDateTime: '2026-11-20T12:00:00.000Z',
  senderName: 'Ama Mensah',
  senderPhone: '+233241112222',
  receiverName: 'Ama Mensah11',
  receiverPhone: '+233241234567',
  receiverAccount: '',
  receiverCountry: 'Ghana',
  transferAmount: 250,
  processingFee: 2.5,
  payAmount: 252.5,
  receiveAmount: 250,
  currency: 'GHS',
  rate: '1',
  purpose: 'Family support',
  deliveryMethod: 'Mobile Money',
  paymentType: 'Wallet',
  collectionCode: null,
  couponDiscount: 0,
});

/** The API as the route containers' real services call it. */
const fakeApi = vi.fn(async (url: string, init: RequestInit = {}) => {
  calls.push({
    url,
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
  });
  const path = url.split('?')[0];
  const query = new URL(url, 'http://localhost').searchParams;
  switch (path) {
    case '/api/User/GetWalletAmountByUserId':
      return ok({ walletAmount: 1000 });
    case '/api/Beneficiary/BeneficiariesByUserId':
      return ok([mobile]);
    case '/api/Bank/BeneficiariesBanksByUserId':
      return ok([bank]);
    case '/api/Transaction/GetAllTransactionPurposes':
      return ok(purposes);
    case '/api/Transaction/GetExchangeRates':
      return ok(rates);
    case '/api/Transaction/InitiateTransfer':
      return ok(
        {
          guidId: CART,
          sendAmount: 250,
          processingFee: 2.5,
          totalPay: 252.5,
          sendCurrency: 'GHS',
          currency: 'GHS',
          receiveAmount: 250,
          rate: '1',
          expiresAt: '2026-11-20T12:15:00.000Z',
          beneficiaryId: 11,
          paymentMethodId: 1,
          deliveryMethodId: 1,
          couponCode: null,
          couponDiscount: 0,
        },
        201,
      );
    case '/api/Transaction/PayNow':
      return ok({
        referenceNumber: 'TRF-0007',
        status: 'Successful',
        failureMessageId: null,
        amount: 250,
        walletAmount: 747.5,
      });
    case '/api/Transaction/GetTransactionByReferenceNumber':
      return ok(detail(query.get('referenceNumber') ?? ''));
    case '/api/Transaction/GetTransactionsHistoryPage': {
      const pageSize = Number(query.get('pageSize') ?? 5);
      const shown = pageOf(historyRows, Number(query.get('page') ?? 0), pageSize);
      return ok({ rows: shown.rows, total: historyRows.length, page: shown.window.page, pageSize });
    }
    default:
      return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
  }
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

const identified = (walletAmount = 0) => {
  const session = auth(walletAmount);
  return fakeSession({ auth: { ...session, user: { ...session.user, hasIdentification: true } } }).actor;
};

describe('send money with the real services', () => {
  it('quotes and pays a transfer: the request, the Idempotency-Key, the new balance and the persisted draft', async () => {
    const session = identified(50_000);
    renderApp('/sendmoney', { session });
    await userEvent.selectOptions(await screen.findByLabelText('Purpose of transfer'), 'Family support');
    // Both lists: MoMo first, then bank.
    expect(within(screen.getByLabelText('Beneficiary')).getAllByRole('option')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('Beneficiary'), 'Ama Mensah11 (MTN •••• 4567)');
    await userEvent.type(screen.getByLabelText('You send (GH₵)'), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The balance was read from the server first (GH₵ 1,000), not the session's GH₵ 500.
    const card = await screen.findByRole('region', { name: 'Pay from your wallet' });
    expect(within(card).getByText('Amount after transfer').nextElementSibling).toHaveTextContent(
      'GH₵ 747.50',
    );

    const initiate = calls.find((call) => call.url === '/api/Transaction/InitiateTransfer')!;
    expect(initiate.method).toBe('POST');
    expect(initiate.body).toEqual({
      sendAmount: 250,
      receiveAmount: 250,
      currency: 'GHS',
      sendingCountryId: 1,
      receivingCountryId: 1,
      paymentMethodId: 1,
      senderId: 7,
      beneficiaryId: 11,
      deliveryMethodId: 1,
      transactionPurposeId: 1,
      processingFee: 2.5,
      totalPay: 252.5,
      payeeNote: '',
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    const pay = calls.find((call) => call.url === '/api/Transaction/PayNow')!;
    expect(pay.body).toEqual({ userId: 7, cartId: CART });
    expect(pay.headers.get('Idempotency-Key')).toMatch(/.+-1$/);
    expect(pay.headers.get('Authorization')).toBe('Bearer token-1');
    expect(session.getSnapshot().context.auth?.user.walletAmount).toBe(74_750);
    // Spec section 3: only walletAmount, sendAmount, currency and receiveAmount of the transaction are kept.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('transaction') ?? 'null')).toEqual({
        walletAmount: 747.5,
        sendAmount: 250,
        currency: 'GHS',
        receiveAmount: 250,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'View Receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(receipt).findByText('Reference number TRF-0007')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe(
      '/api/Transaction/GetTransactionByReferenceNumber?referenceNumber=TRF-0007',
    );
  });

  it('shows the transaction history under the dashboard home, five a page, each opening its receipt', async () => {
    renderApp('/Dashboard', { session: identified() });
    const panel = await screen.findByRole('region', { name: 'Transaction History' });
    expect(await within(panel).findByText('Showing 1-5 of 6')).toBeInTheDocument();
    expect(screen.getByText('Available Balance')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Open the receipt of TRF-0005' }));
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(receipt).findByText('Reference number TRF-0005')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.startsWith('/api/Transaction/GetTransactionsHistoryPage'))
        .map((c) => c.url),
    ).toEqual(['/api/Transaction/GetTransactionsHistoryPage?userId=7&page=0&pageSize=5']);
  });
});
