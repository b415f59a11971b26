import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelopeSchema } from '../../src/contract/envelope';
import { queryRows } from '../../src/server/db/sql';
import {
  bodyFor,
  deeplyNested,
  hostileString,
  pointedBodies,
  pointedQueries,
  queryFor,
} from '../support/hostile-arbitraries';
import { apiPaths } from '../../src/contract/paths';
import { bearer, logIn } from '../support/server-helpers';
import { transferUser, type TransferUser } from '../support/server-transfer-fixtures';
import { newKey } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Bad input as an attacker sends it, over every registered route: bodies and query strings generated from the
 * route's own contract mixed with hostile strings (NUL, lone surrogates, a megabyte, SQL, HTML), numbers (past
 * int4 and bigint, -0, 1e308, numbers in text) and shapes (arrays for objects, deep nesting), with and without a
 * valid session. Never a 5xx, every JSON answer the envelope of its route's schema (test-app checks it), and no
 * money moved.
 */

let t: TestApp;
let user: TransferUser;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 60_000 });
  user = await transferUser(t.app, t.database.db, { cedis: 500 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

/** The session a case sends: a fresh one for log-out, which ends it (the other cases keep theirs). */
const tokenFor = async (url: string): Promise<string> =>
  url === apiPaths.logOut
    ? (await logIn(t.app, user.input.email, user.input.createPassword)).token
    : user.token;

/** What money looks like: every wallet's balance and holds, every gem balance, how many entries. */
const moneyState = async () =>
  queryRows(
    t.database.db,
    sql`select (select coalesce(json_agg(json_build_array(user_id, balance_minor, held_minor) order by user_id), '[]')
                from wallets) as wallets,
               (select coalesce(json_agg(json_build_array(user_id, gems) order by user_id), '[]')
                from gem_balances) as gems,
               (select count(*)::int from ledger_entries) as entries`,
  );

/** No 5xx; a JSON answer is the envelope with the status as its code. */
const expectHandled = (response: LightMyRequestResponse, what: string) => {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    expect(type, what).toMatch(/^application\/json/);
    const parsed = failureEnvelopeSchema.safeParse(response.json());
    expect(parsed.success, `${what}: ${response.body.slice(0, 300)}`).toBe(true);
    expect(parsed.data?.code, what).toBe(response.statusCode);
  }
};

const CASES_PER_ROUTE = 5;

describe('bad input over every registered route', () => {
  it('is answered with the envelope, never a 5xx, and moves no money', async () => {
    const before = await moneyState();
    const routes = t.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const request = fc.record({
        body: bodyFor(route.body),
        query: queryFor(route.querystring),
        signedIn: fc.boolean(),
        idempotencyKey: fc.oneof(
          fc.constant(newKey()),
          hostileString.map((key) => key.slice(0, 200)),
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ body, query, signedIn, idempotencyKey }) => {
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(/\*$/, 'anything'),
            query,
            headers: {
              ...(signedIn ? bearer(await tokenFor(route.url)) : {}),
              'idempotency-key': idempotencyKey.replace(/[^\x20-\x7e]/g, '?'),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody && body !== undefined ? { payload: JSON.stringify(body) } : {}),
          });
          expectHandled(response, `${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 200)}`);
        }),
        {
          numRuns: CASES_PER_ROUTE,
          seed: 13,
          endOnFailure: true,
          // Besides the random cases, each field in turn with what its column cannot hold, signed in.
          examples: [
            ...pointedBodies(route.body).map((body) => ({
              body,
              query: {},
              signedIn: true,
              idempotencyKey: newKey(),
            })),
            ...pointedQueries(route.querystring).map((query) => ({
              body: undefined,
              query,
              signedIn: true,
              idempotencyKey: newKey(),
            })),
          ].map((example) => [example] as [typeof example]),
        },
      );
    }
    expect(await moneyState()).toEqual(before);
  }, 120_000);

  it('deeply nested JSON on every POST is refused before anything walks it (400)', async () => {
    // The provider's webhook keeps its body as bytes (its signature is over them): never parsed as JSON.
    const posts = t.routes.filter(
      (route) => route.method === 'POST' && route.url !== apiPaths.providerWebhook,
    );
    for (const route of posts) {
      for (const payload of [deeplyNested(20_000), deeplyNested(10_000, 'object')]) {
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers: {
            ...bearer(await tokenFor(route.url)),
            'idempotency-key': newKey(),
            'content-type': 'application/json',
          },
          payload,
        });
        expectHandled(response, `POST ${route.url} nested`);
        expect(response.json<{ data: { messageId: string } }>().data.messageId).toBe('request.invalid');
      }
    }
  });
});
