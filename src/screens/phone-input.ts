import { useCallback, useState } from 'react';
import { digitsOnly } from '../domain/rule';

type FormatNational = (isoCode: string | null, digits: string) => string;
const asTyped: FormatNational = (_isoCode, digits) => digits;
let loaded: FormatNational | null = null;

/**
 * The national-number formatter (./phone-format: libphonenumber-js and its metadata, a chunk of their own) is
 * fetched when the phone field is first focused, not with the sign-up page: the page works before it arrives,
 * showing the digits as typed, and the formatting is display only (the rules check the digits).
 */
export const usePhoneFormat = (): { format: FormatNational; load: () => void } => {
  const [format, setFormat] = useState<FormatNational>(() => loaded ?? asTyped);
  const load = useCallback(() => {
    void import('./phone-format')
      .then(({ formatNationalNumber }) => {
        loaded = formatNationalNumber;
        setFormat(() => formatNationalNumber);
      })
      // Offline before the chunk was ever fetched: the digits stay as typed, and the next focus tries again.
      .catch(() => undefined);
  }, []);
  return { format, load };
};

/**
 * What the person typed, as digits. Deleting only a formatting character (a space or a bracket) would leave the
 * digits unchanged and the character would come straight back; treat it as deleting the digit before it.
 */
export const typedDigits = (previousDisplay: string, previousDigits: string, typed: string): string => {
  const digits = digitsOnly(typed);
  if (digits === previousDigits && typed.length < previousDisplay.length) return digits.slice(0, -1);
  return digits;
};
