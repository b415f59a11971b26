import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelopeSchema } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { jsonDepth, MAX_JSON_DEPTH } from '../../src/server/plugins/storable-requests';
import { INT4_MAX, isStorableText, queryId, unstorablePath } from '../../src/contract/storable';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or a URL past its limit, broken syntax):
 * the envelope, over a real socket, with `Connection: close` before the connection is closed.
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends raw bytes and reads everything until the server closes the connection. */
const raw = (request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

const parse = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
};

describe('requests the HTTP parser refuses', () => {
  it('headers past the limit: 431 with the envelope and Connection: close', async () => {
    const answer = parse(
      await raw(`GET ${apiPaths.countries} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(failureEnvelopeSchema.parse(answer.body)).toMatchObject({
      code: 431,
      data: { messageId: 'request.tooLarge' },
    });
  });

  it('a URL past the limit: 431 likewise', async () => {
    const answer = parse(await raw(`GET /api/x?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect([answer.status, answer.headers.connection]).toEqual([431, 'close']);
  });

  it('broken syntax: 400 with the envelope and Connection: close', async () => {
    const answer = parse(await raw('GARBAGE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(failureEnvelopeSchema.parse(answer.body)).toMatchObject({
      code: 400,
      data: { messageId: 'request.invalid' },
    });
  });
});

describe('what the database cannot hold', () => {
  it('text with NUL or a lone surrogate; a pair is fine', () => {
    expect(['a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800'].map(isStorableText)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['', 'Kwame', '😀', 'été', '\ud83d\ude00'].map(isStorableText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('finds the first bad text at any depth, keys included; numbers are left to the fields', () => {
    expect(unstorablePath({ a: [1, { b: 'ok' }, { c: 'x\ud800' }] })).toEqual(['a', 2, 'c']);
    expect(unstorablePath({ a: -(2 ** 31), b: 2 ** 31 - 1, c: [12.5, 'x'] })).toBeNull();
    expect(unstorablePath({ 'k\u0000': 1 })).toEqual(['k\u0000']);
  });

  it('an id in a query string is a positive int4', () => {
    expect(queryId().safeParse(String(INT4_MAX)).success).toBe(true);
    for (const text of ['2147483648', '9223372036854775808', '0', '-1', '1e308', 'NaN', '1.5'])
      expect(queryId().safeParse(text).success, text).toBe(false);
  });

  it('measures JSON depth without recursion, ignoring brackets in strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(100_000))).toBe(100_000);
    expect(MAX_JSON_DEPTH).toBeGreaterThanOrEqual(8);
  });
});
