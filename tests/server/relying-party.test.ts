/** ORIGIN and RP_ID (issue 26): validated at start, with a one-origin local default. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { relyingPartyOf } from '../../src/server/passkeys/relying-party';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the relying party settings', () => {
  it('default to the local start: http://localhost:PORT and localhost', () => {
    expect(relyingPartyOf(config({ PORT: '4000' }))).toMatchObject({
      origin: 'http://localhost:4000',
      rpId: 'localhost',
    });
  });

  it('take an https origin and its host, or a parent domain of it, as the RP id', () => {
    expect(relyingPartyOf(config({ ORIGIN: 'https://wallet.example.com' }))).toMatchObject({
      origin: 'https://wallet.example.com',
      rpId: 'wallet.example.com',
    });
    expect(
      relyingPartyOf(config({ ORIGIN: 'https://pay.wallet.example.com', RP_ID: 'wallet.example.com' })).rpId,
    ).toBe('wallet.example.com');
  });

  it.each([
    [{ ORIGIN: 'http://wallet.example.com' }, /ORIGIN: must be https:\/\//],
    [{ ORIGIN: 'https://wallet.example.com/app' }, /ORIGIN: must be an origin only/],
    [{ ORIGIN: 'wallet.example.com' }, /ORIGIN: must be a URL/],
    [{ ORIGIN: 'https://wallet.example.com', RP_ID: 'example.org' }, /RP_ID: must be ORIGIN's host/],
    [{ ORIGIN: 'https://wallet.example.com', RP_ID: 'llet.example.com' }, /RP_ID: must be ORIGIN's host/],
    [{ ORIGIN: 'https://10.0.0.5', RP_ID: '10.0.0.5' }, /RP_ID: must be a domain name, not an IP address/],
  ])('refuse %o at start', (env, problem) => {
    expect(() => config(env)).toThrow(problem);
  });
});
