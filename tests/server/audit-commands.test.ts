import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedCommand, type AdminCommand } from '../../scripts/admin-command';
import { runCouponsCommand } from '../../scripts/coupons-command';
import { runPartnersCommand } from '../../scripts/partners-command';
import { runRatesCommand } from '../../scripts/rates-command';
import { verifyAuditLog } from '../../src/server/audit/audit-verify';
import { queryRows } from '../../src/server/db/sql';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The admin commands (rates, coupons, partners) as `npm run` runs them (scripts/*.ts: auditedCommand): each run is
 * one transaction with its 'command.<name>' row on the system chain (actor: the command; the operator, the arguments
 * and the outcome in `after`); a command that fails leaves neither its change nor a row.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  process.env.ADMIN_OPERATOR = 'kofi';
});
afterAll(async () => {
  delete process.env.ADMIN_OPERATOR;
  if (t) expect((await verifyAuditLog(t.database.db)).broken).toEqual([]);
  await t?.close();
});

const db = () => t.database.db;

interface Row {
  actor_kind: string;
  actor_name: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

const lastSystemRow = async () =>
  (
    await queryRows<Row>(
      db(),
      sql`select actor_kind, actor_name, action, subject, before, after from audit_log
          where chain = 'system' order by seq desc limit 1`,
    )
  )[0];

const systemRows = async () =>
  Number(
    (
      await queryRows<{ n: unknown }>(db(), sql`select count(*) as n from audit_log where chain = 'system'`)
    )[0]?.n,
  );

describe('the admin commands in the audit trail', () => {
  it('records a rate set with the rate before and after', async () => {
    const rates = auditedCommand('rates', (database, args) => runRatesCommand(database, args, 'kofi'));
    const result = await rates(db(), ['set', 'USD', '0.0777', '--note', 'audit test']);
    expect(result.exitCode, result.lines.join('\n')).toBe(0);
    expect(await lastSystemRow()).toEqual({
      actor_kind: 'command',
      actor_name: 'rates',
      action: 'command.rates',
      subject: 'rates set',
      before: null,
      after: {
        operator: 'kofi',
        args: ['set', 'USD', '0.0777', '--note', 'audit test'],
        exitCode: 0,
        lines: result.lines,
      },
    });
  });

  it('records a coupon created and a partner key replaced, never the key itself', async () => {
    const coupons = auditedCommand('coupons', runCouponsCommand);
    expect((await coupons(db(), ['create', 'AUDIT24', '5'])).exitCode).toBe(0);
    expect(await lastSystemRow()).toMatchObject({
      actor_name: 'coupons',
      action: 'command.coupons',
      subject: 'coupons create',
      after: { operator: 'kofi', args: ['create', 'AUDIT24', '5'], exitCode: 0 },
    });
    const partners = auditedCommand('partners', runPartnersCommand, { keepLines: false });
    const created = await partners(db(), ['create-key', 'sportybet']);
    expect(created.exitCode, created.lines.join('\n')).toBe(0);
    const row = await lastSystemRow();
    expect(row).toEqual({
      actor_kind: 'command',
      actor_name: 'partners',
      action: 'command.partners',
      subject: 'partners create-key',
      before: null,
      after: { operator: 'kofi', args: ['create-key', 'sportybet'], exitCode: 0 },
    });
    expect(JSON.stringify(row)).not.toContain(created.lines[1] ?? 'no key printed');
  });

  it('records a refused command too (what was tried), with its exit code', async () => {
    const result = await auditedCommand('rates', runRatesCommand)(db(), ['set', 'US', '1']);
    expect(result.exitCode).toBe(1);
    expect(await lastSystemRow()).toMatchObject({
      subject: 'rates set',
      after: { args: ['set', 'US', '1'], exitCode: 1 },
    });
  });

  it('keeps neither the change nor a row when the command fails half way', async () => {
    const before = await systemRows();
    const failing: AdminCommand = async (database) => {
      await database.execute(sql`insert into exchange_rates (code, name, rate, set_by, note)
        values ('HWY', 'Halfway', 1, 'kofi', '')`);
      throw new Error('failed half way');
    };
    await expect(auditedCommand('rates', failing)(db(), ['set', 'HWY', '1'])).rejects.toThrow(
      'failed half way',
    );
    expect(await systemRows()).toBe(before);
    expect(await queryRows(db(), sql`select 1 from exchange_rates where code = 'HWY'`)).toEqual([]);
  });
});
