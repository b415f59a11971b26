import type { Device } from '../../contract/passkeys';

/*
 * The device of a session, read from the User-Agent its log-in sent (issue 26, 'Devices'): the browser, the
 * system and whether it is a phone. Only the common families are named; the rest is null (the screen says
 * 'Unknown'). First match wins, so the browsers built on Chrome come before Chrome, and Chrome before Safari.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string): string | null =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export const deviceOf = (userAgent: string): Device => ({
  browser: first(BROWSERS, userAgent),
  os: first(SYSTEMS, userAgent),
  mobile: /\bMobi|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(userAgent),
});

/** Two sessions are on the same device when browser, system and form agree (a new browser version is not new). */
export const sameDevice = (a: Device, b: Device): boolean =>
  a.browser === b.browser && a.os === b.os && a.mobile === b.mobile;

/** 'Chrome, Android'; null when neither is known. */
export const deviceLabel = (device: Device): string | null => {
  const parts = [device.browser, device.os].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
};

/** The User-Agent as kept on the session (the column holds 512 characters). */
export const storedUserAgent = (header: string | string[] | undefined): string =>
  (Array.isArray(header) ? header.join(' ') : (header ?? '')).slice(0, 512);
