import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbText, INT4_MAX, int4, isStorableText, queryInt4Id } from '../../src/contract/db-input';
import { apiPaths } from '../../src/contract/paths';
import { JSON_DEPTH_LIMIT, jsonDepth } from '../../src/server/plugins/json-body';
import { bearer, envelope } from '../support/server-helpers';
import { fundWallet, newKey, walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The classes of bad input the attacker's audit found (issue 13), one test each: every one answered 500 (or
 * Fastify's own body) before its fix at the root. The generated suite (bad-input.test.ts) covers every endpoint.
 */

let t: TestApp;
let user: WalletUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await walletUser(t.app, t.database.db);
  await fundWallet(t.app, user, 100);
});
afterAll(async () => t?.close());

const expectRefused = (
  response: Awaited<ReturnType<TestApp['app']['inject']>>,
  status = 400,
  messageId = 'request.invalid',
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(envelope<{ messageId: string }>(response).data.messageId).toBe(messageId);
};
/** A user id in a request is first compared with the token's user (a preValidation hook): another is a 403. */
const expectOtherUser = (response: Awaited<ReturnType<TestApp['app']['inject']>>) =>
  expectRefused(response, 403, 'auth.forbidden');

describe('the contract’s database-safe parts', () => {
  it('keeps text a column holds, emoji (surrogate pairs) included, and refuses NUL and lone surrogates', () => {
    expect(['', 'Ama Mensah', 'Kwame 💸', 'é\u00a0ü', '\ud83d\ude00'].every(isStorableText)).toBe(true);
    expect(
      ['\u0000', 'a\u0000', '\ud800', 'a\udc00b', '\udc00\ud800', '💸'.slice(0, 1)].some(isStorableText),
    ).toBe(false);
    expect(dbText(3).safeParse('abcd').success).toBe(false);
  });

  it('bounds integers to PostgreSQL integer', () => {
    expect(int4.safeParse(2_147_483_647).success).toBe(true);
    expect(int4.safeParse(-2_147_483_648).success).toBe(true);
    expect(int4.safeParse(2_147_483_648).success).toBe(false);
    expect(int4.safeParse(-2_147_483_649).success).toBe(false);
  });

  it('takes an id in a query string only as a positive integer', () => {
    expect(queryInt4Id.safeParse(String(INT4_MAX)).success).toBe(true);
    for (const text of ['2147483648', '9223372036854775808', '0', '-1', '1e308', 'NaN', '1.5']) {
      expect(queryInt4Id.safeParse(text).success, text).toBe(false);
    }
  });

  it('measures JSON depth from the text without recursion, ignoring brackets in strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(100_000))).toBe(100_000);
    expect(JSON_DEPTH_LIMIT).toBeGreaterThanOrEqual(8);
  });
});

describe('a NUL character in a string that reaches a query', () => {
  it('is refused in a log-in email', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expectRefused(response);
  });

  it('is refused in a reference number', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.transactionByReference}?referenceNumber=TX%00`,
      headers: bearer(user.token),
    });
    expectRefused(response);
  });

  it('is refused in a history search', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.walletHistoryPage}?userId=${user.userId}&search=a%00b`,
      headers: bearer(user.token),
    });
    expectRefused(response);
  });

  it('is refused as a lone surrogate', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: `{"email":"a\\ud800@example.com","password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(response);
  });
});

describe('a whole number past its column’s range', () => {
  it('is refused as a country id of 2^31', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.banksByCountry}?CountryId=2147483648`,
      headers: bearer(user.token),
    });
    expectRefused(response);
  });

  it('is refused as a user id of 2^31 in a body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.cardTopUp,
      payload: { userId: 2147483648, amount: 5 },
      headers: { ...bearer(user.token), 'idempotency-key': newKey() },
    });
    expectOtherUser(response);
  });

  it('is refused as a user id past bigint’s range in a query', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.walletHistoryPage}?userId=9223372036854775808`,
      headers: bearer(user.token),
    });
    expectOtherUser(response);
  });

  it('is refused as an amount past bigint’s range in minor units', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.withdrawal,
      payload: {
        userId: user.userId,
        amount: 1e17,
        isMOMOWithdrawal: true,
        momoMobileNumber: '0241234567',
      },
      headers: { ...bearer(user.token), 'idempotency-key': newKey() },
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('deeply nested JSON on a money POST', () => {
  it('is refused before its Idempotency-Key fingerprint is taken', async () => {
    const depth = 10_000;
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.cardTopUp,
      payload: `{"userId":${user.userId},"amount":5,"x":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      headers: { ...bearer(user.token), 'idempotency-key': newKey(), 'content-type': 'application/json' },
    });
    expectRefused(response);
  });
});

/** Sends raw bytes to the listening host and reads everything it answers until it closes the connection. */
const rawExchange = (port: number, request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.end(request);
  });

const parseRaw = (raw: string) => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
};

describe('what Node’s HTTP parser refuses, on a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('answers a URL past the header limit with the envelope, 431 and Connection: close', async () => {
    const raw = await rawExchange(
      port,
      `GET ${apiPaths.countries}?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const { status, headers, body } = parseRaw(raw);
    expect(status, raw.slice(0, 200)).toBe(431);
    expect(headers.connection).toBe('close');
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body).toEqual({
      code: 431,
      message: 'The address or the headers of the request are too long.',
      data: { messageId: 'request.headersTooLarge' },
    });
  });

  it('answers a 70 KB URL to an unknown path the same way', async () => {
    const { status, headers } = parseRaw(
      await rawExchange(port, `GET /api/x?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect([status, headers.connection]).toEqual([431, 'close']);
  });

  it('answers headers past the limit the same way', async () => {
    const raw = await rawExchange(
      port,
      `GET ${apiPaths.countries} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, headers, body } = parseRaw(raw);
    expect(status).toBe(431);
    expect(headers.connection).toBe('close');
    expect(body).toMatchObject({ code: 431, data: { messageId: 'request.headersTooLarge' } });
  });

  it('answers bytes that are not HTTP with the envelope, 400 and Connection: close', async () => {
    const raw = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    const { status, headers, body } = parseRaw(raw);
    expect(status).toBe(400);
    expect(headers.connection).toBe('close');
    expect(body).toMatchObject({ code: 400, data: { messageId: 'request.invalid' } });
  });

  it('answers a header holding a NUL byte with the envelope', async () => {
    const raw = await rawExchange(
      port,
      `GET ${apiPaths.countries} HTTP/1.1\r\nHost: localhost\r\nX-Nul: a\u0000b\r\n\r\n`,
    );
    const { status, body } = parseRaw(raw);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: { messageId: 'request.invalid' } });
  });
});
