import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_COLUMNS,
  opsPaths,
  type AuditEntryView,
  type CouponView,
  type LedgerCheck,
  type RateRecordView,
  type StaffListRow,
} from '../../src/contract/ops';
import { verifyAuditLog } from '../../src/server/audit/audit-verify';
import { queryRows } from '../../src/server/db/sql';
import { csvDocument, csvField } from '../../src/server/ops/csv';
import { bearer, envelope, expectRefusal } from '../support/server-helpers';
import { newStaff, signedInStaff } from '../support/server-ops-helpers';
import { fundWallet, walletUser } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The back office's administration and audit trail (issue 25): rates, coupons, partner keys and staff changed by an
 * admin through the commands' own code, each change audited with the staff actor; the ledger check as JSON; the
 * audit trail filtered and exported as CSV; the auditor reads all of it and every change it tries is 403.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let auditor: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  auditor = await signedInStaff(t, 'auditor');
});
afterAll(async () => {
  if (t) expect((await verifyAuditLog(t.database.db)).broken).toEqual([]);
  await t?.close();
});

const db = () => t.database.db;
const get = (url: string, token = admin.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = admin.token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const dataOf = <Data>(response: Awaited<ReturnType<typeof get>>): Data => {
  expect(response.statusCode, response.body).toBe(200);
  return envelope<Data>(response).data;
};

const staffRows = (action: string) =>
  queryRows<{ actor_kind: string; actor_id: number; subject: string; before: unknown; after: unknown }>(
    db(),
    sql`select actor_kind, actor_id, subject, before, after from audit_log where action = ${action} order by id`,
  );

describe('admin: rates, coupons, partner keys, staff, the ledger check', () => {
  it('sets a rate as `npm run rates -- set` does, refuses what the command refuses, audits with the staff actor', async () => {
    const set = dataOf<RateRecordView>(
      await post(opsPaths.setRate, { code: 'usd', rate: '0.0799', note: 'ops' }),
    );
    expect(set).toMatchObject({ code: 'USD', rate: '0.0799', note: 'ops' });
    expect(dataOf<RateRecordView[]>(await get(opsPaths.rates))).toContainEqual(
      expect.objectContaining({ code: 'USD', rate: '0.0799' }),
    );
    const refused = await post(opsPaths.setRate, { code: 'GHS', rate: '2' });
    expectRefusal(refused, 400, 'request.invalid');
    expect(refused.json()).toMatchObject({
      data: {
        violations: [
          { field: 'rate', values: { problem: 'GHS is the base of the table: its rate is always 1.' } },
        ],
      },
    });
    expect(await staffRows('rate.set')).toEqual([
      expect.objectContaining({
        actor_kind: 'staff',
        actor_id: admin.id,
        subject: 'rate:USD',
        after: { rate: '0.0799', note: 'ops' },
      }),
    ]);
  });

  it('creates, disables and lists coupons', async () => {
    const created = dataOf<CouponView>(
      await post(opsPaths.createCoupon, { code: 'ops10', discount: '10%', maxUses: 5 }),
    );
    expect(created).toMatchObject({
      code: 'OPS10',
      discountKind: 'percent',
      percent: 10,
      maxUses: 5,
      enabled: true,
    });
    expectRefusal(
      await post(opsPaths.createCoupon, { code: 'OPS10', discount: '5' }),
      400,
      'request.invalid',
    );
    const disabled = dataOf<CouponView>(
      await post(opsPaths.setCouponEnabled, { code: 'ops10', enabled: false }),
    );
    expect(disabled.enabled).toBe(false);
    expect(dataOf<CouponView[]>(await get(opsPaths.coupons, auditor.token))).toContainEqual(
      expect.objectContaining({ code: 'OPS10', enabled: false }),
    );
    expect((await staffRows('coupon.created')).map((row) => row.actor_id)).toEqual([admin.id]);
    expect((await staffRows('coupon.disabled')).map((row) => row.subject)).toEqual(['coupon:OPS10']);
  });

  it('makes and revokes a partner key; the audit row never holds the key', async () => {
    const issued = dataOf<{ key: string }>(await post(opsPaths.createPartnerKey, { operatorCode: 'betway' }));
    expect(issued.key.length).toBeGreaterThan(30);
    const listed = dataOf<Array<{ operatorCode: string; activeSince: string | null }>>(
      await get(opsPaths.partnerKeys),
    );
    expect(listed.find((row) => row.operatorCode === 'betway')?.activeSince).not.toBeNull();
    expect(JSON.stringify(await staffRows('partnerKey.created'))).not.toContain(issued.key);
    dataOf(await post(opsPaths.revokePartnerKey, { operatorCode: 'betway' }));
    expectRefusal(await post(opsPaths.revokePartnerKey, { operatorCode: 'betway' }), 400, 'request.invalid');
    expect(await staffRows('partnerKey.revoked')).toHaveLength(1);
  });

  it('lists and disables staff (their sessions end), and answers the ledger check', async () => {
    const support = await signedInStaff(t, 'support');
    const listed = dataOf<StaffListRow[]>(await get(opsPaths.staff));
    expect(listed).toContainEqual(
      expect.objectContaining({ id: support.id, role: 'support', disabled: false }),
    );
    const disabled = dataOf<StaffListRow>(
      await post(opsPaths.disableStaff, { staffId: support.id, reason: 'left the team' }),
    );
    expect(disabled.disabled).toBe(true);
    expectRefusal(await get(opsPaths.session, support.token), 401, 'auth.required');
    expect(await staffRows('staff.disabled')).toEqual([
      expect.objectContaining({ actor_id: admin.id, subject: `staff:${support.id}` }),
    ]);
    await fundWallet(t.app, await walletUser(t.app, db()), 50);
    const check = dataOf<LedgerCheck>(await get(opsPaths.ledgerCheck, auditor.token));
    expect(check).toMatchObject({ ok: true, findings: [] });
    // The trial balance: each asset's lines sum to zero.
    expect(check.trialBalance).toContainEqual(
      expect.objectContaining({ kind: 'wallet', asset: 'GHS', debits: 0, credits: 50, balance: 50 }),
    );
    for (const asset of new Set((check.trialBalance ?? []).map((line) => line.asset))) {
      const lines = (check.trialBalance ?? []).filter((line) => line.asset === asset);
      expect(
        lines.reduce((sum, line) => sum + Math.round(line.balance * 100), 0),
        asset,
      ).toBe(0);
    }
  });
});

describe('the auditor', () => {
  it('reads everything and changes nothing: every change it tries is 403, with a valid body too', async () => {
    for (const url of [
      opsPaths.staff,
      opsPaths.rates,
      opsPaths.coupons,
      opsPaths.partnerKeys,
      opsPaths.auditLog,
      opsPaths.ledgerCheck,
    ])
      expect((await get(url, auditor.token)).statusCode, url).toBe(200);
    const member = await newStaff(t, 'support');
    const attempts: Array<[string, object]> = [
      [opsPaths.setRate, { code: 'EUR', rate: '0.07' }],
      [opsPaths.createCoupon, { code: 'AUDIT1', discount: '5' }],
      [opsPaths.setCouponEnabled, { code: 'OPS10', enabled: true }],
      [opsPaths.createPartnerKey, { operatorCode: 'sportybet' }],
      [opsPaths.revokePartnerKey, { operatorCode: 'sportybet' }],
      [opsPaths.disableStaff, { staffId: member.id, reason: 'not allowed' }],
      [opsPaths.freezeUser, { userId: 1, reason: 'not allowed' }],
      [opsPaths.unfreezeUser, { userId: 1, reason: 'not allowed' }],
    ];
    for (const [url, body] of attempts)
      expectRefusal(await post(url, body, auditor.token), 403, 'auth.forbidden');
    const [eur] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from exchange_rates where set_by like 'staff:%' and code = 'EUR'`,
    );
    expect(eur?.n).toBe(0);
  });
});

describe('AuditLog and AuditLog.csv', () => {
  it('filters by actor, action, subject and time, newest first', async () => {
    const mine = dataOf<AuditEntryView[]>(
      await get(`${opsPaths.auditLog}?actor=staff:${admin.id}&action=coupon.`, auditor.token),
    );
    expect(mine.map((row) => row.action)).toEqual(['coupon.disabled', 'coupon.created']);
    expect(mine.every((row) => row.actorKind === 'staff' && row.actorId === admin.id)).toBe(true);
    const bySubject = dataOf<AuditEntryView[]>(
      await get(`${opsPaths.auditLog}?subject=rate:USD`, auditor.token),
    );
    expect(bySubject.map((row) => row.action)).toEqual(['rate.set']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(dataOf<AuditEntryView[]>(await get(`${opsPaths.auditLog}?from=${future}`, auditor.token))).toEqual(
      [],
    );
    const past = dataOf<AuditEntryView[]>(await get(`${opsPaths.auditLog}?to=2000-01-01`, auditor.token));
    expect(past).toEqual([]);
    expectRefusal(await get(`${opsPaths.auditLog}?from=yesterday`, auditor.token), 400, 'request.invalid');
  });

  it('exports the same rows as CSV, escaped as RFC 4180 says, and records the export', async () => {
    const response = await get(`${opsPaths.auditLogCsv}?actor=staff:${admin.id}`, auditor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    const json = dataOf<AuditEntryView[]>(
      await get(`${opsPaths.auditLog}?actor=staff:${admin.id}&limit=500`, auditor.token),
    );
    expect(response.body).toBe(
      csvDocument(
        AUDIT_CSV_COLUMNS,
        json.map((row) => AUDIT_CSV_COLUMNS.map((column) => row[column])),
      ),
    );
    // A JSON cell with quotes and commas is quoted, its quotes doubled.
    expect(response.body).toContain('"{""note"":""ops"",""rate"":""0.0799""}"');
    expect(await staffRows('staff.auditExported')).toEqual([
      expect.objectContaining({
        actor_id: auditor.id,
        after: expect.objectContaining({ rows: json.length }),
      }),
    ]);
  });

  it('writes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvField([1, 2])).toBe('"[1,2]"');
  });
});
