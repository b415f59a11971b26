import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider, recordSandboxRequest } from '../../src/server/providers/sandbox';
import { createSecondHost, type SecondHost } from '../support/second-host';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The sandbox's decisions are background work every host runs: each due decision is claimed by one host
 * (UPDATE ... WHERE reference IN (SELECT ... FOR UPDATE SKIP LOCKED)), so it is made and its callback sent once,
 * however many hosts tick at the same moment.
 */

let t: TestApp;
let other: SecondHost;

beforeAll(async () => {
  t = await createTestApp();
  other = await createSecondHost(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('sandbox decisions on two hosts', () => {
  it('are each made and reported once when both hosts tick together', async () => {
    const delivered: string[] = [];
    const providerOn = (db: TestApp['database']['db']) =>
      createSandboxProvider({
        db,
        webhookSecret: t.config.WEBHOOK_SECRET,
        decisionMs: 0,
        batchSize: 7,
        deliverWebhook: async (rawBody) => {
          delivered.push((JSON.parse(rawBody) as { reference: string }).reference);
        },
      });
    const hosts = [providerOn(t.database.db), providerOn(other.database.db)];
    const references = Array.from({ length: 60 }, (_, i) =>
      `RACE${Date.now().toString(36)}${i}`.slice(0, 32),
    );
    for (const reference of references) {
      await recordSandboxRequest(t.database.db, 0, {
        reference,
        rail: 'momo',
        direction: 'disburse',
        amountMinor: 100,
        scenario: 'approve',
        synchronous: false,
      });
    }
    for (let round = 0; round < 12; round += 1) {
      await Promise.all(hosts.flatMap((host) => [host.tick!(), host.tick!()]));
    }
    const mine = delivered.filter((reference) => references.includes(reference));
    expect(mine.sort()).toEqual([...references].sort());
    expect(new Set(mine).size).toBe(mine.length);
  });
});
