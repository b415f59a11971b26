import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { bearer, envelope, signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Reference lists: read once per host, answered with a strong ETag and Cache-Control; If-None-Match with that ETag
 * is a 304 without a body. Exchange rates change while the server runs: never cached.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

/** Every cached list, as a URL a signed-in client asks for. */
const CACHED = [
  apiPaths.countries,
  `${apiPaths.banksByCountry}?CountryId=1`,
  apiPaths.paymentMethods,
  `${apiPaths.paymentMethods}?crossBorder=true`,
  apiPaths.deliveryMethods,
  `${apiPaths.deliveryMethods}?crossBorder=true`,
  apiPaths.transactionPurposes,
  apiPaths.identificationTypes,
  apiPaths.billingCompanies,
  `${apiPaths.billingSubCompanies}?companyId=1`,
  apiPaths.bettingOperators,
];

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

describe('reference lists', () => {
  it('answer with an ETag and Cache-Control, and 304 without a body to a matching If-None-Match', async () => {
    for (const url of CACHED) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['cache-control'], url).toMatch(/^(public|private), max-age=300$/);
      expect(first.headers['content-type'], url).toMatch(/^application\/json/);
      expect(envelope(first)).toMatchObject({ code: 200, message: 'OK' });

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const changed = await get(url, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    }
  });

  it('countries are public (shared caches may keep them); the lists behind a session are private', async () => {
    const countries = await t.app.inject({ method: 'GET', url: apiPaths.countries });
    expect(countries.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(apiPaths.transactionPurposes)).headers['cache-control']).toBe('private, max-age=300');
    const anonymous = await t.app.inject({ method: 'GET', url: apiPaths.transactionPurposes });
    expect(anonymous.statusCode).toBe(401);
  });

  it('are read once per host: a later change of the table is not read again', async () => {
    const before = await get(apiPaths.countries);
    await t.database.db.execute(sql`update countries set name = name || ' (renamed)' where id = 1`);
    const after = await get(apiPaths.countries);
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('differ by their query: each bank list has its own ETag', async () => {
    const ghana = await get(`${apiPaths.banksByCountry}?CountryId=1`);
    const other = await get(`${apiPaths.banksByCountry}?CountryId=2`);
    expect(other.statusCode).toBe(200);
    if (other.body !== ghana.body) expect(other.headers.etag).not.toBe(ghana.headers.etag);
    const crossed = await get(`${apiPaths.banksByCountry}?CountryId=2`, {
      'if-none-match': String(ghana.headers.etag),
    });
    expect(crossed.statusCode).toBe(other.body === ghana.body ? 304 : 200);
  });

  it('exchange rates are not cached (they change while the server runs)', async () => {
    const rates = await get(apiPaths.exchangeRates);
    expect(rates.statusCode).toBe(200);
    expect(rates.headers.etag).toBeUndefined();
  });
});
