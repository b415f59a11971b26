import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthSource } from '../../src/services/http';
import { getDeliveryMethods, getPaymentMethods } from '../../src/services/reference';
import { checkCoupon, payNow } from '../../src/services/transfer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};
const bodyOf = () => JSON.parse(String(lastRequest().init.body)) as Record<string, unknown>;

const CART = '6f1d2a52-2b1c-4c62-9a55-0d8e4c1f7a10';
const result = {
  referenceNumber: 'TRF-1',
  status: 'pending',
  failureMessageId: null,
  amount: 1000,
  walletAmount: 0,
};

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

describe('PayNow, by the way the cart is paid', () => {
  it('from the wallet: the spec body (userId, cartId) and the key', async () => {
    expect(await payNow(CART, 'key-1')).toEqual({ ...result, amount: 100_000, walletAmount: 0 });
    expect(bodyOf()).toEqual({ userId: 7, cartId: CART });
    expect(lastRequest().headers.get('Idempotency-Key')).toBe('key-1');
  });

  it("by card: the spec's card variant, the total in cedis", async () => {
    await payNow(
      CART,
      'key-2',
      {},
      {
        method: 'card',
        firstName: 'Ama',
        lastName: 'Mensah',
        cardNumber: '4242 4242 4242 4242',
        expiryMonth: 12,
        expiryYear: 30,
        cvc: '123',
        amount: 101_000,
      },
    );
    expect(bodyOf()).toEqual({
      userId: 7,
      cartId: CART,
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: '4242 4242 4242 4242',
      cardExpiryMonth: 12,
      cardExpiryYear: 30,
      cardCVCNumber: '123',
      cardAmount: 1010,
      currency: 'GHS',
      isBankPayment: false,
    });
  });

  it("by MoMo: the payer's number and network; a 202 is the collection still pending", async () => {
    fetchMock.mockImplementation(async () =>
      json(202, { code: 202, message: 'Approve', data: { ...result, amount: 1010 } }),
    );
    const pending = await payNow(CART, 'key-3', {}, { method: 'momo', phone: '0241234567', provider: 'MTN' });
    expect(pending).toMatchObject({ status: 'pending', amount: 101_000 });
    expect(bodyOf()).toEqual({ userId: 7, cartId: CART, momoPhone: '0241234567', momoProvider: 'MTN' });
  });
});

describe('coupons and method lists', () => {
  it('CheckCoupon sends the amount in cedis and answers in pesewas', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        code: 200,
        message: 'OK',
        data: {
          couponCode: 'SAVE10',
          feeBeforeDiscount: 10,
          couponDiscount: 1,
          processingFee: 9,
          totalPay: 1009,
        },
      }),
    );
    expect(await checkCoupon('save10', 100_000)).toEqual({
      couponCode: 'SAVE10',
      feeBeforeDiscount: 1000,
      couponDiscount: 100,
      processingFee: 900,
      totalPay: 100_900,
    });
    const url = new URL(lastRequest().url, 'http://localhost');
    expect(url.pathname).toBe('/api/Transaction/CheckCoupon');
    expect(Object.fromEntries(url.searchParams)).toEqual({ couponCode: 'save10', sendAmount: '1000' });
  });

  it('asks for the cross-border methods only when told to', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, message: 'OK', data: [] }));
    await getDeliveryMethods({}, { crossBorder: 'true' });
    expect(new URL(lastRequest().url, 'http://localhost').search).toBe('?crossBorder=true');
    await getPaymentMethods();
    expect(new URL(lastRequest().url, 'http://localhost').search).toBe('');
  });
});
