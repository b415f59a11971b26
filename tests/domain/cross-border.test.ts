import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convert,
  converterAmountMinor,
  converterTransferViolations,
  deliveryViolations,
  DELIVERY_METHOD_IDS,
  formatCollectionCode,
  isCrossBorderDeliveryMethod,
  PAYMENT_METHOD_IDS,
  paymentWayViolations,
  payoutRailOf,
  swapCurrencies,
  termsViolations,
  type ConverterState,
} from '../../src/domain/cross-border';
import { parseRate, RATE_DECIMALS } from '../../src/domain/fx';
import { proves } from '../support/requirements';

const SCALE = 10n ** BigInt(RATE_DECIMALS);
const rateText = (scaled: bigint): string => {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
};
/** Rates per GHS of a realistic table: 0.001 to 100,000. */
const rates = fc.bigInt({ min: 10n ** 5n, max: 10n ** 13n }).map(rateText);
/** What can be typed in 'You send:': amounts up to the largest transfer, with 0 to 2 decimals. */
const typedAmounts = fc
  .tuple(fc.integer({ min: 0, max: 20_000_000 }), fc.integer({ min: 0, max: 2 }))
  .map(([minor, decimals]) =>
    decimals === 2
      ? (minor / 100).toFixed(2)
      : decimals === 1
        ? (Math.floor(minor / 10) / 10).toFixed(1)
        : String(Math.floor(minor / 100)),
  );
const states = fc
  .record({ fromRate: rates, toRate: rates, sendTyped: typedAmounts })
  .map(({ fromRate, toRate, sendTyped }) => ({
    table: { AAA: fromRate, BBB: toRate } as Record<string, string>,
    state: { fromCurrency: 'AAA', toCurrency: 'BBB', sendTyped } satisfies ConverterState,
  }));

describe(proves('S9.currency.2', 'the converter'), () => {
  it('counts what is not a number as 0, keeps two decimals, never goes below 0', () => {
    expect(converterAmountMinor('')).toBe(0);
    expect(converterAmountMinor('abc')).toBe(0);
    expect(converterAmountMinor('-')).toBe(0);
    expect(converterAmountMinor('-5')).toBe(500);
    expect(converterAmountMinor('1,000')).toBe(100_000);
    expect(converterAmountMinor('12.345')).toBe(1234);
    expect(converterAmountMinor('0.5')).toBe(50);
    fc.assert(fc.property(fc.string(), (typed) => converterAmountMinor(typed) >= 0));
  });

  it('converts amount x to-rate / from-rate: GH₵ 1,000 at USD 0.12 is $120.00, rate line 0.12', () => {
    expect(
      convert({ fromCurrency: 'GHS', toCurrency: 'USD', sendTyped: '1000' }, { GHS: '1', USD: '0.12' }),
    ).toEqual({
      sendMinor: 100_000,
      receiveMinor: 12_000,
      rate: '0.12',
    });
    expect(convert({ fromCurrency: 'GHS', toCurrency: 'XXX', sendTyped: '1' }, { GHS: '1' })).toBeNull();
  });

  it('receive never exceeds send x rate, and falls short of it by less than one minor unit', () => {
    fc.assert(
      fc.property(states, ({ table, state }) => {
        const result = convert(state, table);
        if (!result) return false;
        const from = parseRate(table.AAA ?? '') ?? 0n;
        const to = parseRate(table.BBB ?? '') ?? 0n;
        // receive <= send x to / from, exactly: receive x from <= send x to < (receive + 1) x from.
        const sendTimesTo = BigInt(result.sendMinor) * to;
        return (
          BigInt(result.receiveMinor) * from <= sendTimesTo &&
          sendTimesTo < BigInt(result.receiveMinor + 1) * from
        );
      }),
    );
  });

  it('swapping twice gives back the amount and the figures (within one minor unit: exactly)', () => {
    fc.assert(
      fc.property(states, ({ table, state }) => {
        const twice = swapCurrencies(swapCurrencies(state));
        const before = convert(state, table);
        const after = convert(twice, table);
        if (!before || !after) return false;
        return (
          twice.fromCurrency === state.fromCurrency &&
          Math.abs(after.sendMinor - before.sendMinor) <= 1 &&
          Math.abs(after.receiveMinor - before.receiveMinor) <= 1
        );
      }),
    );
  });

  it('a swap exchanges From and To and keeps what was typed', () => {
    const swapped = swapCurrencies({ fromCurrency: 'GHS', toCurrency: 'USD', sendTyped: '50' });
    expect(swapped).toEqual({ fromCurrency: 'USD', toCurrency: 'GHS', sendTyped: '50' });
    expect(convert(swapped, { GHS: '1', USD: '0.12' })?.receiveMinor).toBe(41_666);
  });

  it('sends from the GHS wallet only, and needs the terms agreed', () => {
    expect(converterTransferViolations({ fromCurrency: 'GHS', toCurrency: 'USD', sendTyped: '1' })).toEqual(
      [],
    );
    expect(converterTransferViolations({ fromCurrency: 'USD', toCurrency: 'GHS', sendTyped: '1' })).toEqual([
      { field: 'fromCurrency', messageId: 'crossBorder.sendFromWallet' },
    ]);
    expect(termsViolations(true)).toEqual([]);
    expect(termsViolations(false)).toEqual([{ field: 'terms', messageId: 'crossBorder.termsRequired' }]);
  });
});

describe('delivery and payment methods', () => {
  it('the delivery method decides the payout rail; the wallet one follows the beneficiary', () => {
    expect(payoutRailOf(DELIVERY_METHOD_IDS.mobileWallet)).toBe('momo');
    expect(payoutRailOf(DELIVERY_METHOD_IDS.bankDeposit)).toBe('bank');
    expect(payoutRailOf(DELIVERY_METHOD_IDS.cashPickup)).toBe('cash_pickup');
    expect(payoutRailOf(DELIVERY_METHOD_IDS.wallet)).toBe('beneficiary');
    expect([1, 2, 3, 4].filter(isCrossBorderDeliveryMethod)).toEqual([1, 2, 3]);
  });

  it('a delivery method must suit the beneficiary', () => {
    const phone = '+233241234567';
    expect(
      deliveryViolations({ deliveryMethodId: 1, beneficiaryType: 'mobile', beneficiaryPhone: phone }),
    ).toEqual([]);
    expect(
      deliveryViolations({ deliveryMethodId: 1, beneficiaryType: 'bank', beneficiaryPhone: '' }),
    ).toEqual([{ field: 'deliveryMethodId', messageId: 'delivery.needsMobileBeneficiary' }]);
    expect(
      deliveryViolations({ deliveryMethodId: 2, beneficiaryType: 'mobile', beneficiaryPhone: phone }),
    ).toEqual([{ field: 'deliveryMethodId', messageId: 'delivery.needsBankBeneficiary' }]);
    expect(
      deliveryViolations({ deliveryMethodId: 3, beneficiaryType: 'bank', beneficiaryPhone: ' ' }),
    ).toEqual([{ field: 'deliveryMethodId', messageId: 'delivery.cashPickupNeedsPhone' }]);
    expect(
      deliveryViolations({ deliveryMethodId: 3, beneficiaryType: 'bank', beneficiaryPhone: phone }),
    ).toEqual([]);
    expect(
      deliveryViolations({ deliveryMethodId: 4, beneficiaryType: 'bank', beneficiaryPhone: '' }),
    ).toEqual([]);
  });

  it('a card cart is paid by card only; a mobile-wallet cart by MoMo or the wallet; any other by the wallet', () => {
    const mismatch = [{ field: 'paymentMethodId', messageId: 'payment.methodMismatch' }];
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.card, 'card')).toEqual([]);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.card, 'wallet')).toEqual(mismatch);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.mobileWallet, 'momo')).toEqual([]);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.mobileWallet, 'wallet')).toEqual([]);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.mobileWallet, 'card')).toEqual(mismatch);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.walletBalance, 'momo')).toEqual(mismatch);
    expect(paymentWayViolations(PAYMENT_METHOD_IDS.bankTransfer, 'wallet')).toEqual([]);
  });

  it('shows a collection code in groups', () => {
    expect(formatCollectionCode('1234567890')).toBe('123 456 7890');
    expect(formatCollectionCode('123')).toBe('123');
  });
});
