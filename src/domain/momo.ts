import { digitsOnly } from './rule';

/** MoMo numbers: 9 to 12 digits (the local number with or without the dial code). */
export const MOMO_PHONE_MIN_DIGITS = 9;
export const MOMO_PHONE_MAX_DIGITS = 12;

/** Ghana's mobile money networks; the spec's default is MTN. */
export const MOMO_PROVIDERS = ['MTN', 'Telecel', 'AirtelTigo'] as const;
export type MomoProvider = (typeof MOMO_PROVIDERS)[number];
export const DEFAULT_MOMO_PROVIDER: MomoProvider = 'MTN';

export const isMomoProvider = (value: string): value is MomoProvider =>
  (MOMO_PROVIDERS as readonly string[]).includes(value);

/** MoMo number inputs keep digits only, at most MOMO_PHONE_MAX_DIGITS. */
export const momoPhoneInput = (typed: string): string => digitsOnly(typed).slice(0, MOMO_PHONE_MAX_DIGITS);

/** Digits only, MOMO_PHONE_MIN_DIGITS to MOMO_PHONE_MAX_DIGITS of them. */
export const isMomoNumber = (value: string): boolean =>
  new RegExp(`^\\d{${MOMO_PHONE_MIN_DIGITS},${MOMO_PHONE_MAX_DIGITS}}$`).test(value);
