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

/** Ghana's dial code, as the beneficiary forms send it. */
export const GHANA_DIAL_CODE = '+233';

/** The networks of Ghana's mobile prefixes (the national form's first three digits, trunk 0 included). */
export const GHANA_MOMO_PREFIXES: Readonly<Record<MomoProvider, readonly string[]>> = {
  MTN: ['024', '025', '053', '054', '055', '059'],
  Telecel: ['020', '050'],
  AirtelTigo: ['026', '027', '056', '057'],
};

/**
 * A Ghana number without its dial code and trunk 0: '241234567' from '+233241234567', '233241234567',
 * '0241234567' or '241234567'. Only the digits count.
 */
export const ghanaSubscriberNumber = (phone: string): string => {
  const digits = digitsOnly(phone);
  const local = digits.startsWith('233') && digits.length > 10 ? digits.slice(3) : digits;
  return local.startsWith('0') ? local.slice(1) : local;
};

/** '+233241234567', whichever of the forms of ghanaSubscriberNumber it is given. */
export const ghanaE164 = (phone: string): string => GHANA_DIAL_CODE + ghanaSubscriberNumber(phone);

/**
 * The MoMo network of a Ghana number, by its national prefix (any form of ghanaSubscriberNumber); a prefix no
 * network is known for is MTN's, the spec's default.
 */
export const momoNetworkOf = (phone: string): MomoProvider => {
  const prefix = `0${ghanaSubscriberNumber(phone).slice(0, 2)}`;
  return (
    MOMO_PROVIDERS.find((network) => GHANA_MOMO_PREFIXES[network].includes(prefix)) ?? DEFAULT_MOMO_PROVIDER
  );
};
