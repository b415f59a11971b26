// The phone metadata subset (src/domain/phone-metadata.json) knows every country the app offers, as the full
// metadata does, and nothing it does not offer.
import { createRequire } from 'node:module';
import { AsYouType } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { phoneMetadataFor, type PhoneMetadata } from '../../src/domain/phone-metadata-subset';
import subset from '../../src/domain/phone-metadata.json';
import {
  asYouType,
  formatPhone,
  isSupportedCountry,
  parsePhoneNumber,
  toE164,
} from '../../src/domain/phone-numbers';
import { COUNTRIES } from '../../src/server/seed/reference-data';

const require = createRequire(import.meta.url);
const full = require('libphonenumber-js/metadata.min.json') as PhoneMetadata;
const examples = require('libphonenumber-js/examples.mobile.json') as Record<string, string>;

describe('the phone metadata subset', () => {
  it('is exactly what `npm run phone-metadata` makes from the seeded countries (else run it)', () => {
    expect(subset).toEqual(
      phoneMetadataFor(
        full,
        COUNTRIES.map((country) => country.isoCode),
      ),
    );
  });

  it('supports every offered country and reads an example number of each with its dial code', () => {
    for (const { isoCode, dialCode } of COUNTRIES) {
      expect(isSupportedCountry(isoCode), isoCode).toBe(true);
      const example = examples[isoCode];
      if (!example) continue;
      const parsed = parsePhoneNumber(`${dialCode}${example}`);
      expect(parsed?.isValid(), `${isoCode} ${example}`).toBe(true);
      expect(parsed?.country, isoCode).toBe(isoCode);
    }
  });

  it('formats as typed as the full metadata does, and knows no country outside the list', () => {
    for (const { isoCode } of COUNTRIES) {
      const digits = examples[isoCode];
      if (!digits || !isSupportedCountry(isoCode)) continue;
      for (const typed of [digits.slice(0, 3), digits.slice(0, 6), digits]) {
        expect(asYouType(isoCode, typed), `${isoCode} ${typed}`).toBe(new AsYouType(isoCode).input(typed));
      }
    }
    const outside = Object.keys(full.countries).filter((iso) => !(iso in subset.countries));
    expect(outside.length).toBeGreaterThan(100);
    for (const iso of outside) expect(isSupportedCountry(iso), iso).toBe(false);
  });
});

describe('one phone format (issue 23)', () => {
  it('keeps E.164 and shows the international format, a trunk 0 typed after the code dropped', () => {
    for (const typed of ['+2330241234567', '+233 0241234567', '+233241234567', '+233 24 123 4567'])
      expect([toE164(typed), formatPhone(typed)]).toEqual(['+233241234567', '+233 24 123 4567']);
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    // What cannot be read as a number is shown as it is (a masked '•••• 4567').
    expect(formatPhone('•••• 4567')).toBe('•••• 4567');
    expect(toE164('12')).toBeUndefined();
  });
});
