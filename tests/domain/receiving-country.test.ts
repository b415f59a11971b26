import { describe, expect, it } from 'vitest';
import { DELIVERY_METHOD_IDS } from '../../src/domain/cross-border';
import {
  COUNTRY_CURRENCIES,
  currencyOfCountry,
  receiveCurrencyOf,
  receivingViolations,
  type ReceivingInput,
} from '../../src/domain/receiving-country';
import { INITIAL_EXCHANGE_RATES } from '../../src/server/seed/exchange-rates';
import { COUNTRIES } from '../../src/server/seed/reference-data';

describe('the currency of a receiving country', () => {
  it('is known for every seeded country, and the table names no other', () => {
    expect(Object.keys(COUNTRY_CURRENCIES).sort()).toEqual(COUNTRIES.map((c) => c.isoCode).sort());
    expect(currencyOfCountry('GH')).toBe('GHS');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry('DE')).toBe('EUR');
    expect(currencyOfCountry('XX')).toBeNull();
  });

  it('is paid out in some country for every currency of the rate table', () => {
    const paid = new Set(Object.values(COUNTRY_CURRENCIES));
    expect(INITIAL_EXCHANGE_RATES.map((rate) => rate.code).filter((code) => !paid.has(code))).toEqual([]);
  });
});

describe('receivingViolations', () => {
  const toUs: ReceivingInput = {
    receivingCountryId: 90,
    countryCurrency: 'USD',
    currency: null,
    beneficiaryCountryId: 1,
    deliveryMethodId: DELIVERY_METHOD_IDS.cashPickup,
  };

  it('takes no currency (the country decides) or the country’s own', () => {
    expect(receivingViolations(toUs)).toEqual([]);
    expect(receiveCurrencyOf(toUs)).toBe('USD');
    expect(receivingViolations({ ...toUs, currency: 'USD' })).toEqual([]);
  });

  it('refuses a currency the country does not pay out in', () => {
    expect(receivingViolations({ ...toUs, currency: 'GHS' })).toEqual([
      { field: 'currency', messageId: 'transfer.currencyNotCountrys' },
    ]);
  });

  it('pays an account only in its own country; a cash pick-up anywhere', () => {
    for (const deliveryMethodId of [
      DELIVERY_METHOD_IDS.mobileWallet,
      DELIVERY_METHOD_IDS.bankDeposit,
      DELIVERY_METHOD_IDS.wallet,
    ]) {
      expect(receivingViolations({ ...toUs, deliveryMethodId })).toEqual([
        { field: 'receivingCountryId', messageId: 'transfer.beneficiaryCountry' },
      ]);
      expect(receivingViolations({ ...toUs, deliveryMethodId, beneficiaryCountryId: 90 })).toEqual([]);
    }
    // Before a beneficiary or a delivery method is chosen there is nothing to compare.
    expect(receivingViolations({ ...toUs, deliveryMethodId: 1, beneficiaryCountryId: null })).toEqual([]);
    expect(receivingViolations({ ...toUs, deliveryMethodId: 0 })).toEqual([]);
  });
});
