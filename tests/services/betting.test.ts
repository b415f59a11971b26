import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getBettingHistoryPage,
  getBettingOperators,
  getBettingPaymentRequest,
  getBettingReceipt,
  initiateBetting,
} from '../../src/services/betting';
import { setAuthSource } from '../../src/services/http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return {
    url: new URL(String(url), 'http://wallet.test'),
    init: init!,
    headers: new Headers(init!.headers),
  };
};
const answer = (data: unknown, status = 200) =>
  fetchMock.mockImplementationOnce(async () => json(status, { code: status, message: 'OK', data }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

describe('betting services', () => {
  it('initiateBetting sends the spec’s request in cedis with the key, and hands the answer on in pesewas', async () => {
    answer({
      referenceNumber: 'WB-1',
      referenceNo: 'WB-1',
      status: 'pending',
      failureMessageId: null,
      amount: 50,
      walletAmount: 49.5,
    });
    const operation = await initiateBetting(
      {
        operatorId: 1,
        bettingNo: '0241234567',
        receiverPhoneNo: '0241234567',
        sendAmount: 5000,
        totalPay: 5050,
      },
      'key-bet',
    );
    expect(operation).toEqual({
      referenceNumber: 'WB-1',
      referenceNo: 'WB-1',
      status: 'pending',
      failureMessageId: null,
      amount: 5000,
      walletAmount: 4950,
    });
    const { url, init, headers } = lastRequest();
    expect(url.pathname).toBe('/api/Transaction/InitiateBettingTransaction');
    expect(init.method).toBe('POST');
    expect(headers.get('Idempotency-Key')).toBe('key-bet');
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(JSON.parse(String(init.body))).toEqual({
      userId: 7,
      operatorId: 1,
      bettingNo: '0241234567',
      receiverPhoneNo: '0241234567',
      sendAmount: 50,
      totalPay: 50.5,
      status: 'pending',
    });
  });

  it('reads the operators, a history page (with its search) and a receipt, amounts in pesewas', async () => {
    answer([{ id: 1, name: 'SportyBet Ghana', code: 'sportybet' }]);
    expect(await getBettingOperators()).toEqual([{ id: 1, name: 'SportyBet Ghana', code: 'sportybet' }]);

    const row = {
      id: 3,
      senderName: 'Ama Mensah',
      paymentMethod: 'Wallet',
      referenceNumber: 'WB-3',
      sendAmount: 12.34,
      status: 'Successful',
      operatorName: 'SportyBet Ghana',
      bettingNo: '0241234567',
      date: '2026-11-23T12:00:00.000Z',
    };
    answer({ rows: [row], total: 6, page: 1, pageSize: 5 });
    const page = await getBettingHistoryPage({ page: 1, pageSize: 5, search: 'WB' });
    expect(page).toEqual({ rows: [{ ...row, sendAmount: 1234 }], total: 6, page: 1, pageSize: 5 });
    // The spec's GetBettingTransactionByUserId answers data[]; the pages are on their own path.
    expect(lastRequest().url.pathname).toBe('/api/Transaction/GetBettingHistoryPage');
    expect(Object.fromEntries(lastRequest().url.searchParams)).toEqual({
      userId: '7',
      page: '1',
      pageSize: '5',
      search: 'WB',
    });

    answer({ ...row, processingFee: 0.12, totalPay: 12.46, failureMessageId: null, receiverPhoneNo: '024' });
    const receipt = await getBettingReceipt('WB-3');
    expect(receipt).toMatchObject({ sendAmount: 1234, processingFee: 12, totalPay: 1246 });
    expect(lastRequest().url.searchParams.get('referenceNumber')).toBe('WB-3');
  });

  it('reads a payment link’s request by its token; no amount stays null', async () => {
    const request = {
      operatorId: 1,
      operatorName: 'SportyBet Ghana',
      bettingNo: '0241234567',
      receiverPhoneNo: '0241234567',
      sendAmount: null,
      processingFee: null,
      totalPay: null,
      firstName: 'Kwame',
      lastName: 'Asante',
      expiresAt: '2026-11-23T12:15:00.000Z',
    };
    answer(request);
    expect(await getBettingPaymentRequest('tok-1')).toEqual(request);
    expect(lastRequest().url.searchParams.get('token')).toBe('tok-1');
    answer({ ...request, sendAmount: 50, processingFee: 0.5, totalPay: 50.5 });
    expect(await getBettingPaymentRequest('tok-1')).toMatchObject({
      sendAmount: 5000,
      processingFee: 50,
      totalPay: 5050,
    });
  });
});
