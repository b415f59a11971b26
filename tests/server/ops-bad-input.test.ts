import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelopeSchema } from '../../src/contract/envelope';
import { isOpsPath, opsPaths, opsPermissionOf } from '../../src/contract/ops';
import type { StaffRole } from '../../src/domain/staff';
import type { RegisteredRoute } from '../support/answer-checks';
import { fieldsOf, HOSTILE_NUMBERS, HOSTILE_STRINGS, plausibleValue } from '../support/bad-input-arbitraries';
import { signedInStaff } from '../support/server-ops-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Bad input to the back office (issue 25): tests/server/bad-input.test.ts tries every route as a user, which
 * /api/Ops turns away at the door; here each /api/Ops route is called by a staff member whose role may call it,
 * with each query and body field made hostile in turn (NUL, lone surrogates, a megabyte, numbers past int4 and
 * bigint). Every answer is below 500 and, when a refusal, the envelope.
 */

let t: TestApp;
const tokens = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['support', 'compliance', 'auditor', 'admin'] as const)
    tokens.set(role, (await signedInStaff(t, role)).token);
});
afterAll(async () => {
  await t?.close();
});

const HOSTILE: readonly unknown[] = [
  ...HOSTILE_STRINGS.filter((value) => value.length < 100_000),
  ...HOSTILE_NUMBERS.slice(0, 6),
  [],
  {},
  null,
  true,
];

/** Every /api/Ops route; those that end a session or disable a member last. */
const opsRoutes = (): RegisteredRoute[] =>
  t.routes
    .filter((route) => isOpsPath(route.url) && !['HEAD', 'OPTIONS'].includes(route.method))
    .sort((a, b) => {
      const last = (route: RegisteredRoute) =>
        Number([opsPaths.logOut, opsPaths.disableStaff].includes(route.url as never));
      return last(a) - last(b);
    });

const plausible = (schema: RegisteredRoute['request']['body']): Record<string, unknown> =>
  schema
    ? ((fc.sample(plausibleValue(schema, '', 1), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>) ??
      {})
    : {};

describe('hostile input to every /api/Ops route, from a role that may call it', () => {
  it('never answers 5xx, and every refusal is the envelope', async () => {
    for (const route of opsRoutes()) {
      const allowed = opsPermissionOf(route.method, route.url);
      const role = allowed === 'public' || allowed === undefined ? undefined : allowed[0];
      const token = role ? tokens.get(role) : undefined;
      const sendsBody = route.method !== 'GET';
      const baseQuery = plausible(route.request.querystring);
      const baseBody = plausible(route.request.body);
      const cases: Array<{ query: Record<string, unknown>; body: unknown }> = [
        ...fieldsOf(route.request.querystring).flatMap((field) =>
          HOSTILE.map((value) => ({ query: { ...baseQuery, [field]: value }, body: baseBody })),
        ),
        ...fieldsOf(route.request.body).flatMap((field) =>
          HOSTILE.map((value) => ({ query: baseQuery, body: { ...baseBody, [field]: value } })),
        ),
        ...HOSTILE.map((value) => ({ query: baseQuery, body: value })),
      ];
      for (const { query, body } of cases) {
        const search = new URLSearchParams(
          Object.entries(query).map(([key, value]) => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        ).toString();
        const url = `${route.url}${search ? `?${search}` : ''}`;
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(sendsBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(sendsBody ? { payload: JSON.stringify(body) } : {}),
        };
        const response = await t.app.inject(options);
        const where = `${route.method} ${url.slice(0, 120)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 300) {
          const parsed = failureEnvelopeSchema.safeParse(response.json());
          expect(parsed.error?.issues, where).toBeUndefined();
        }
      }
    }
  }, 300_000);
});
