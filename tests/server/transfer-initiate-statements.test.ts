import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../../src/server/db/client';
import {
  addMobileBeneficiary,
  initiate,
  transferRequest,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 28: a quote (InitiateTransfer) reads everything it checks in one statement, then writes its cart. Counted
 * at the database client, only what the request itself sends (its async context: not the worker's or the sandbox's
 * statements meanwhile). The reads are counted; the cart's insert is sent through the pool on PGlite and by a
 * batch of one on PostgreSQL, but a batch of several runs on a connection of its own, where it is not seen.
 */

let t: TestApp;
let user: TransferUser;
let beneficiaryId: number;
const seen: string[] = [];
const request = new AsyncLocalStorage<true>();

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  const client = clientOf(t.database.db) as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first] = args;
    if (request.getStore()) seen.push(typeof first === 'string' ? first : (first as { text: string }).text);
    return query(...args);
  };
  user = await transferUser(t.app, t.database.db);
  beneficiaryId = await addMobileBeneficiary(t.database.db, user.userId);
  // The first request also reads the session; the counted ones find it in the session cache.
  await initiate(t.app, user, transferRequest(user, beneficiaryId, 250));
});
afterAll(async () => t?.close());

/** The kinds of statement the request sent ('select', 'insert'...), the cart's insert left out. */
const readsOf = async (body: object, status: number) => {
  seen.length = 0;
  const answer = await request.run(true, () => initiate(t.app, user, body));
  expect(answer.statusCode, answer.body).toBe(status);
  const kinds = seen.map((text) => text.trim().split(/\s+/)[0]?.toLowerCase());
  expect(kinds.filter((kind) => kind === 'insert').length).toBeLessThanOrEqual(1);
  return kinds.filter((kind) => kind !== 'insert');
};

describe('InitiateTransfer in few statements', () => {
  it('a quote with its currency named: one read, then the cart', async () => {
    expect(await readsOf(transferRequest(user, beneficiaryId, 250), 201)).toEqual(['select']);
  });

  it('a quote with no currency named: the country decides it, so its rate is a second read', async () => {
    const reads = await readsOf(transferRequest(user, beneficiaryId, 250, { currency: undefined }), 201);
    expect(reads).toEqual(['select', 'select']);
  });

  it("another user's or a missing beneficiary: one read, then 404", async () => {
    expect(await readsOf(transferRequest(user, 999_999, 250), 404)).toEqual(['select']);
  });
});
