import { isIP } from 'node:net';

/*
 * The WebAuthn relying party (issue 26): ORIGIN is where the app is served (scheme, host and port, as the browser
 * writes it in clientDataJSON), RP_ID the domain passkeys are bound to (the origin's host or a parent domain of it).
 * Unset, a one-origin local start: ORIGIN http://localhost:PORT, RP_ID localhost.
 */

export interface RelyingPartySettings {
  ORIGIN?: string | undefined;
  RP_ID?: string | undefined;
  PORT: number;
}

export interface RelyingParty {
  origin: string;
  rpId: string;
  name: string;
}

export const RELYING_PARTY_NAME = 'Cedi Wallet';

/** The origin a local start serves (PORT 0, a test: port 3000 is named, as no browser reaches it). */
export const defaultOrigin = (port: number): string => `http://localhost:${port === 0 ? 3000 : port}`;

const isLocalhost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost');

/** What is wrong with the settings, as `[variable, problem]` pairs (none: they are usable). */
export const relyingPartyProblems = (settings: RelyingPartySettings): [string, string][] => {
  // Not required under NODE_ENV=production: unset, passkeys work on localhost only (refused elsewhere, never weaker).
  const problems: [string, string][] = [];
  const originText = settings.ORIGIN ?? defaultOrigin(settings.PORT);
  let url: URL;
  try {
    url = new URL(originText);
  } catch {
    return [...problems, ['ORIGIN', 'must be a URL like https://wallet.example.com']];
  }
  if (url.origin !== originText.replace(/\/$/, '')) {
    problems.push(['ORIGIN', `must be an origin only (scheme, host, port), like ${url.origin}`]);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalhost(url.hostname))) {
    problems.push(['ORIGIN', 'must be https:// (passkeys work over http:// only on localhost)']);
  }
  const rpId = settings.RP_ID ?? url.hostname;
  if (isIP(rpId.replace(/^\[|\]$/g, '')) !== 0) {
    problems.push(['RP_ID', 'must be a domain name, not an IP address (WebAuthn refuses IP addresses)']);
  } else if (!/^[a-z0-9.-]+$/.test(rpId)) {
    problems.push(['RP_ID', 'must be a lower-case domain name such as wallet.example.com']);
  } else if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
    problems.push(['RP_ID', `must be ORIGIN's host (${url.hostname}) or a parent domain of it`]);
  }
  return problems;
};

/** The relying party of settings already validated at start (config.ts runs relyingPartyProblems). */
export const relyingPartyOf = (settings: RelyingPartySettings): RelyingParty => {
  const origin = new URL(settings.ORIGIN ?? defaultOrigin(settings.PORT)).origin;
  return { origin, rpId: settings.RP_ID ?? new URL(origin).hostname, name: RELYING_PARTY_NAME };
};
