/** The userConsent cookie of spec section 3: 'true' or 'false', path /, kept 365 days. */
const CONSENT_COOKIE = 'userConsent';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const readConsent = (
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean | null => {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return null;
};

export const writeConsent = (consent: boolean): void => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
};
