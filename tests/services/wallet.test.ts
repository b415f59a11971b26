import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthSource } from '../../src/services/http';
import {
  getWalletAmount,
  getWalletHistory,
  getWalletHistoryPage,
  getMonthSummary,
  getWalletOperation,
  newIdempotencyKey,
  topUpByBank,
  topUpByCard,
  topUpByMomo,
  withdraw,
} from '../../src/services/wallet';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

const result = {
  referenceNumber: 'WT-1',
  status: 'Successful',
  failureMessageId: null,
  amount: 50,
  walletAmount: 150,
};
/** The same answer as the services hand it on: in pesewas. */
const resultInPesewas = { ...result, amount: 5000, walletAmount: 15000 };

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json(200, { code: 200, message: 'OK', data: result }));
  vi.stubGlobal('fetch', fetchMock);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

describe('money-moving calls', () => {
  const card = {
    userId: 7,
    amount: 50,
    firstName: 'Ama',
    lastName: 'Mensah',
    cardNumber: '4242424242424242',
    cvv: '123',
    expiryMonth: 12,
    expiryYear: 2030,
  };
  const bank = { userId: 7, amount: 50, bankAccountNumber: '1234567890', bankId: 2, accountTypeId: 1 };
  const momo = { userId: 7, amount: 50, phone: '0244123456', provider: 'MTN' };
  const withdrawal = { userId: 7, amount: 20, isMOMOWithdrawal: true, momoMobileNumber: '0244123456' };
  // Callers give amounts in pesewas; the bodies above are what goes on the wire.
  const cardCall = { ...card, amount: 5000 };
  const bankCall = { ...bank, amount: 5000 };
  const momoCall = { ...momo, amount: 5000 };
  const withdrawalCall = { ...withdrawal, amount: 2000 };

  it.each([
    ['card top-up', () => topUpByCard(cardCall, 'key-card'), '/api/User/AddFundsToWallet', card, 'key-card'],
    [
      'bank top-up',
      () => topUpByBank(bankCall, 'key-bank'),
      '/api/User/AddBanksFundsToWallet',
      bank,
      'key-bank',
    ],
    [
      'MoMo top-up',
      () => topUpByMomo(momoCall, 'key-momo'),
      '/api/User/AddMOMOFundsToWallet',
      momo,
      'key-momo',
    ],
    [
      'withdrawal',
      () => withdraw(withdrawalCall, 'key-out'),
      '/api/Transaction/WithDrawalMoney',
      withdrawal,
      'key-out',
    ],
  ] as const)(
    '%s posts its body with the Idempotency-Key it was given and the bearer',
    async (_, call, path, body, key) => {
      await expect(call()).resolves.toEqual(resultInPesewas);
      const { url, init, headers } = lastRequest();
      expect(url).toBe(path);
      expect(init.method).toBe('POST');
      expect(headers.get('Idempotency-Key')).toBe(key);
      expect(headers.get('Authorization')).toBe('Bearer secret-token');
      expect(headers.get('Content-Type')).toMatch(/application\/json/);
      expect(JSON.parse(String(init.body))).toEqual(body);
    },
  );

  it('sends the same key again on a retry, so the server can answer the first result', async () => {
    await topUpByMomo(momoCall, 'same-key');
    await topUpByMomo(momoCall, 'same-key');
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(keys).toEqual(['same-key', 'same-key']);
  });

  it('rejects a declined card with the server’s messageId', async () => {
    fetchMock.mockResolvedValueOnce(
      json(402, { code: 402, message: 'declined', data: { messageId: 'card.declined' } }),
    );
    await expect(topUpByCard(cardCall, 'k')).rejects.toMatchObject({
      failure: { kind: 'http', status: 402, data: { messageId: 'card.declined' } },
    });
  });

  it('makes a different key for each submit attempt', () => {
    const keys = new Set(Array.from({ length: 20 }, newIdempotencyKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(32);
  });
});

describe('reading calls', () => {
  it('reads an operation by its reference, without an Idempotency-Key', async () => {
    await getWalletOperation('WT-1');
    const { url, headers, init } = lastRequest();
    expect(url).toBe('/api/User/GetWalletOperation?referenceNumber=WT-1');
    expect(init.method).toBe('GET');
    expect(headers.has('Idempotency-Key')).toBe(false);
  });

  it('reads the history and the balance of the user', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: [] }));
    await expect(getWalletHistory()).resolves.toEqual([]);
    expect(lastRequest().url).toBe('/api/User/GetWalletHistoryByUserId?userId=7');
    const page = { rows: [], total: 0, page: 0, pageSize: 5 };
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: page }));
    await expect(getWalletHistoryPage({ page: 2, pageSize: 5 })).resolves.toEqual(page);
    expect(lastRequest().url).toBe('/api/User/GetWalletHistoryPage?userId=7&page=2&pageSize=5');
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: { walletAmount: 12.5 } }));
    await expect(getWalletAmount()).resolves.toEqual({ walletAmount: 1250 });
    expect(lastRequest().url).toBe('/api/User/GetWalletAmountByUserId?userId=7');
  });

  it('hands on history rows in pesewas and refuses an answer whose amount is not a two-decimal number', async () => {
    const wireRow = { id: 1, amount: 12.5, fee: 0.13, actionType: 'Credit', referenceNumber: 'WT-1' };
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: [wireRow] }));
    await expect(getWalletHistory()).resolves.toEqual([{ ...wireRow, amount: 1250, fee: 13 }]);
    const page = { rows: [wireRow], total: 1, page: 0, pageSize: 5 };
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: page }));
    await expect(getWalletHistoryPage({ page: 0, pageSize: 5 })).resolves.toEqual({
      ...page,
      rows: [{ ...wireRow, amount: 1250, fee: 13 }],
    });
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: { walletAmount: 1.005 } }));
    await expect(getWalletAmount()).rejects.toThrow(RangeError);
  });

  it("reads the month's summary by its month, in pesewas as the server sums it", async () => {
    const summary = {
      month: '2026-11',
      inMinor: 1250,
      outMinor: 300,
      weeks: [{ week: 1, from: '2026-11-01', to: '2026-11-07', inMinor: 1250, outMinor: 300 }],
    };
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'OK', data: summary }));
    await expect(getMonthSummary('2026-11')).resolves.toEqual(summary);
    expect(lastRequest().url).toBe('/api/Wallet/MonthSummary?month=2026-11');
  });
});
