import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelopeSchema } from '../../src/contract/envelope';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../src/contract/paths';
import { queryRows } from '../../src/server/db/sql';
import type { RegisteredRoute } from '../support/answer-checks';
import type { HostileQueryValue } from '../support/bad-input-arbitraries';
import {
  fieldsOf,
  hostileHeaderValue,
  hostileQueryValue,
  hostileRawBody,
  hostileValue,
  isRawQuery,
  plausibleValue,
} from '../support/bad-input-arbitraries';
import { expectLedgerInvariants, ledgerTotalsByAsset } from '../support/server-wallet-invariants';
import { fundWallet, newKey, walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Bad input, as an attacker would send it, to every registered API route (issue 13): requests derived from each
 * route's request schemas with one part made hostile (a string, a number, a shape, a raw body, a header), signed
 * in as a user with money. Every answer is below 500 and the envelope of its route's schemas (the harness checks
 * each one), and no money moves. BAD_INPUT_RUNS sets the cases per route (default 6), BAD_INPUT_SEED replays a
 * run (fast-check prints the seed and path of a failure).
 */

const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 6);
const SEED = process.env.BAD_INPUT_SEED === undefined ? undefined : Number(process.env.BAD_INPUT_SEED);

const t: TestApp = await createTestApp();
const apiRoutes: RegisteredRoute[] = t.routes
  .filter((route) => route.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(route.method))
  // Logging out ends the session the other cases use: last.
  .sort((a, b) => Number(a.url === apiPaths.logOut) - Number(b.url === apiPaths.logOut));

let user: WalletUser;
let moneyBefore: MoneySnapshot;

interface MoneySnapshot {
  wallets: unknown[];
  gems: unknown[];
  entries: number;
  operations: number;
}

const moneySnapshot = async (): Promise<MoneySnapshot> => {
  const db = t.database.db;
  const [entries] = await queryRows<{ count: unknown }>(
    db,
    sql`select count(*) as count from ledger_entries`,
  );
  const [operations] = await queryRows<{ count: unknown }>(
    db,
    sql`select count(*) as count from wallet_operations`,
  );
  return {
    wallets: await queryRows(
      db,
      sql`select user_id, balance_minor::text as balance, held_minor::text as held from wallets order by user_id`,
    ),
    gems: await queryRows(db, sql`select user_id, gems::text as gems from gem_balances order by user_id`),
    entries: Number(entries?.count),
    operations: Number(operations?.count),
  };
};

beforeAll(async () => {
  user = await walletUser(t.app, t.database.db);
  await fundWallet(t.app, user, 250);
  moneyBefore = await moneySnapshot();
}, 30_000);

afterAll(async () => t.close());

/** One hostile request: where the hostile part goes, and what it is. */
type Mutation =
  | { where: 'query'; field: string; value: HostileQueryValue }
  | { where: 'body'; field: string; value: unknown }
  | { where: 'whole-body'; value: unknown }
  | { where: 'raw-body'; payload: string; contentType: string }
  | { where: 'header'; name: string; value: string };

const mutationsOf = (route: RegisteredRoute): fc.Arbitrary<Mutation> => {
  const queryFields = fieldsOf(route.request.querystring);
  const bodyFields = fieldsOf(route.request.body);
  const headerNames = ['authorization', 'idempotency-key', 'x-partner-key', 'content-length-ish'].filter(
    (name) => name !== 'content-length-ish',
  );
  const choices: Array<fc.Arbitrary<Mutation>> = [
    fc.record({
      where: fc.constant('header' as const),
      name: fc.constantFrom(...headerNames),
      value: hostileHeaderValue,
    }),
    hostileRawBody.map((raw) => ({ where: 'raw-body' as const, ...raw })),
    hostileValue.map((value) => ({ where: 'whole-body' as const, value })),
  ];
  const weighted = (arbitrary: fc.Arbitrary<Mutation>) => ({ arbitrary, weight: 4 });
  const fields: Array<{ arbitrary: fc.Arbitrary<Mutation>; weight: number }> = [];
  if (queryFields.length > 0) {
    fields.push(
      weighted(
        fc.record({
          where: fc.constant('query' as const),
          field: fc.constantFrom(...queryFields, 'unknownField', 'id', 'x'),
          value: hostileQueryValue,
        }),
      ),
    );
  }
  if (bodyFields.length > 0) {
    fields.push(
      weighted(
        fc.record({
          where: fc.constant('body' as const),
          field: fc.constantFrom(...bodyFields),
          value: hostileValue,
        }),
      ),
    );
  }
  return fc.oneof(...choices.map((arbitrary) => ({ arbitrary, weight: 1 })), ...fields);
};

/**
 * The classes the audit found, tried on every route whatever the seed: NUL and numbers past integer and bigint in
 * each query and body field, and JSON nested 10,000 levels deep.
 */
const classExamples = (route: RegisteredRoute): Mutation[] => [
  ...fieldsOf(route.request.querystring).flatMap((field) =>
    ['a\u0000', '2147483648', '9223372036854775808'].map((value) => ({
      where: 'query' as const,
      field,
      value,
    })),
  ),
  ...fieldsOf(route.request.body).flatMap((field) =>
    ['a\u0000', 2 ** 31, 2 ** 63].map((value) => ({ where: 'body' as const, field, value })),
  ),
  {
    where: 'raw-body',
    payload: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    contentType: 'application/json',
  },
  {
    where: 'raw-body',
    payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    contentType: 'application/json',
  },
  // Signed out.
  { where: 'header', name: 'authorization', value: '' },
];

/** Percent-encoding of any JavaScript string: a lone surrogate becomes its three WTF-8 bytes (not UTF-8). */
const percentEncode = (text: string): string =>
  [...text]
    .map((character) => {
      const unit = character.charCodeAt(0);
      if (character.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

/** A query value as it goes on the wire: encoded, unless it is raw bytes already ('%FF'). */
const queryValue = (item: unknown): string => (isRawQuery(item) ? item.raw : percentEncode(String(item)));

const queryString = (query: Record<string, unknown>): string => {
  const parts = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${percentEncode(key)}=${queryValue(item)}`),
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
};

const requestFor = (
  route: RegisteredRoute,
  plausible: { query: Record<string, unknown>; body: unknown },
  mutation: Mutation,
): InjectOptions => {
  const query = { ...plausible.query };
  let body: unknown = plausible.body;
  let payload: string | undefined;
  let contentType = 'application/json';
  const headers: Record<string, string> = {
    authorization: `Bearer ${user.token}`,
    [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: newKey(),
  };
  if (mutation.where === 'query') query[mutation.field] = mutation.value;
  if (mutation.where === 'body') body = { ...(body as object), [mutation.field]: mutation.value };
  if (mutation.where === 'whole-body') body = mutation.value;
  if (mutation.where === 'raw-body') {
    payload = mutation.payload;
    contentType = mutation.contentType;
  }
  if (mutation.where === 'header') headers[mutation.name] = mutation.value;
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (payload === undefined && sendsBody) payload = JSON.stringify(body ?? null);
  if (payload !== undefined && (sendsBody || mutation.where === 'raw-body')) {
    if (contentType) headers['content-type'] = contentType;
  }
  return {
    method: route.method as InjectOptions['method'],
    url: `${route.url}${queryString(query)}`,
    headers,
    ...(payload !== undefined && (sendsBody || mutation.where === 'raw-body') ? { payload } : {}),
  };
};

const expectEnvelopeBelow500 = (route: RegisteredRoute, response: LightMyRequestResponse) => {
  const where = `${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 300) return; // a success: the harness checked it against its route's schema
  const parsed = failureEnvelopeSchema.safeParse(response.json());
  expect(parsed.error?.issues, where).toBeUndefined();
  expect(parsed.data?.code, where).toBe(response.statusCode);
};

describe('bad input to every API route', () => {
  it('covers every route of the contract', () => {
    const urls = new Set(apiRoutes.map((route) => route.url));
    for (const path of Object.values(apiPaths)) expect(urls, path).toContain(path);
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: never 5xx, always the envelope',
    async (_name, route) => {
      const plausible = fc.record({
        query: route.request.querystring
          ? (plausibleValue(route.request.querystring, '', user.userId) as fc.Arbitrary<
              Record<string, unknown>
            >)
          : fc.constant({}),
        body: route.request.body ? plausibleValue(route.request.body, '', user.userId) : fc.constant({}),
      });
      const [sample] = fc.sample(plausible, { numRuns: 1, seed: 13 });
      if (!sample) throw new Error('no plausible request');
      const examples = classExamples(route).map((mutation): [typeof sample, Mutation] => [sample, mutation]);
      await fc.assert(
        fc.asyncProperty(plausible, mutationsOf(route), async (request, mutation) => {
          const response = await t.app.inject(requestFor(route, request, mutation));
          expectEnvelopeBelow500(route, response);
        }),
        {
          // fast-check counts the examples in numRuns: the random cases come on top of them.
          numRuns: examples.length + RUNS_PER_ROUTE,
          examples,
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
    },
    30_000,
  );

  it('moved no money: every balance, hold, gem balance and ledger entry as before; the ledger adds up', async () => {
    expect(await moneySnapshot()).toEqual(moneyBefore);
    for (const total of Object.values(await ledgerTotalsByAsset(t.database.db))) expect(total).toBe(0);
    await expectLedgerInvariants(t.database.db);
  });
});
