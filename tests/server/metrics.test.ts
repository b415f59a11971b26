import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { envelope } from '../support/server-helpers';
import { transferUser } from '../support/server-transfer-fixtures';
import { cardBody, momoWithdrawalBody, postMoney } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * GET /metrics (Prometheus text) and request ids: requests per route pattern, money operations by kind and status,
 * pending operations and their age, the background queues, the pool; a bearer token when METRICS_TOKEN is set, and
 * no answer without one once the host listens beyond loopback;
 * every answer's X-Request-Id is the reqId of the request's log lines.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let open: TestApp;
let guarded: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The sandbox decides in a minute: a withdrawal stays pending while the test looks.
  open = await createTestApp({ LOG_LEVEL: 'debug', SANDBOX_DECISION_MS: 60_000 }, { logStream: stream });
  guarded = await createTestApp({ METRICS_TOKEN: 'scraper-secret-0123456789' });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { response, text: response.body };
};

/** The value of one sample line, e.g. `http_requests_total{method="GET",...}`. */
const sample = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe('GET /metrics', () => {
  it('counts requests and times them under the route pattern, never the raw URL', async () => {
    for (let i = 0; i < 3; i += 1) await open.app.inject({ method: 'GET', url: apiPaths.countries });
    await open.app.inject({
      method: 'GET',
      url: `${apiPaths.walletOperation}?referenceNumber=SECRET-REF-123`,
    });
    const { response, text } = await scrape(open);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(text, `http_requests_total{method="GET",route="${apiPaths.countries}",status="200"}`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, `http_requests_total{method="GET",route="${apiPaths.walletOperation}",status="401"}`),
    ).toBe(1);
    expect(
      sample(text, `http_request_duration_seconds_count{method="GET",route="${apiPaths.countries}"}`),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.005",method="GET",route="${apiPaths.countries}"}`,
    );
    expect(text).not.toContain('SECRET-REF-123');
  });

  it('reports money operations by kind and status, the pending ones, their age and the queues', async () => {
    const u = await transferUser(open.app, open.database.db);
    expect((await postMoney(open.app, u, apiPaths.cardTopUp, cardBody(u, 50))).statusCode).toBe(200);
    expect((await postMoney(open.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 20))).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { text } = await scrape(open);
    expect(sample(text, 'wallet_operations{kind="card_top_up",status="Successful"}')).toBe(1);
    expect(sample(text, 'wallet_operations{kind="momo_withdrawal",status="pending"}')).toBe(1);
    expect(sample(text, 'wallet_operations_pending{measure="count"}')).toBe(1);
    expect(sample(text, 'wallet_operations_pending{measure="oldest_age_seconds"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'job_queue_depth{queue="provider_pending"}')).toBe(1);
    expect(sample(text, 'job_queue_depth{queue="sandbox_decisions"}')).toBe(1);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('asks for the METRICS_TOKEN bearer token when it is set: 401 envelope without it', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: 'scraper-secret-0123456789' },
    ];
    for (const headers of refused) {
      const { response } = await scrape(guarded, headers);
      expect(response.statusCode).toBe(401);
      expect(envelope(response)).toMatchObject({ code: 401, data: { messageId: 'auth.required' } });
    }
    const { response, text } = await scrape(guarded, { authorization: 'Bearer scraper-secret-0123456789' });
    expect(response.statusCode).toBe(200);
    expect(text).toContain('http_requests_total');
  });

  it('is refused without METRICS_TOKEN once the host listens beyond loopback (issue 21)', async () => {
    const exposed = await createTestApp();
    try {
      await exposed.app.listen({ host: '0.0.0.0', port: 0 });
      const { port } = exposed.app.server.address() as { port: number };
      // Through a proxy on the same machine the request arrives from loopback: still refused.
      const refused: Record<string, string>[] = [
        {},
        { authorization: 'Bearer ' },
        { authorization: 'Bearer anything' },
      ];
      for (const headers of refused) {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 401, data: { messageId: 'auth.required' } });
      }
      expect((await scrape(exposed)).response.statusCode).toBe(401);
    } finally {
      await exposed.close();
    }
  });
});

describe('request ids', () => {
  it('answers a random id in X-Request-Id, or the incoming one when well-formed', async () => {
    const fresh = await open.app.inject({ method: 'GET', url: apiPaths.countries });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const kept = await open.app.inject({
      method: 'GET',
      url: apiPaths.countries,
      headers: { 'x-request-id': 'proxy-abc.123:4' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-abc.123:4');
    for (const bad of ['short', 'has space in it', 'x'.repeat(200), 'semi;colon-1234']) {
      const replaced = await open.app.inject({
        method: 'GET',
        url: apiPaths.countries,
        headers: { 'x-request-id': bad },
      });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('every log line of a request carries its id, refusals included', async () => {
    const response = await open.app.inject({
      method: 'GET',
      url: apiPaths.walletOperation,
      headers: { 'x-request-id': 'trace-me-0001' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('trace-me-0001');
    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const mine = lines.filter((line) => line.reqId === 'trace-me-0001');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const requestLines = lines.filter(
      (line) => line.msg === 'incoming request' || line.msg === 'request completed',
    );
    expect(requestLines.every((line) => typeof line.reqId === 'string' && line.reqId.length >= 8)).toBe(true);
  });
});
