import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAuditVerifyCommand } from '../../scripts/audit-verify-command';
import {
  appendAudit,
  CANONICAL_ROW,
  chainOf,
  GENESIS_HASH,
  type AuditEntry,
} from '../../src/server/audit/audit-log';
import { queryRows } from '../../src/server/db/sql';
import { createTestApp, type TestApp } from '../support/test-app';
import { proves } from '../support/requirements';

/*
 * The audit trail's table: appendAudit chains rows per chain key in the caller's transaction; UPDATE, DELETE and
 * TRUNCATE are refused to the table's owner (the tests connect as a superuser on PostgreSQL); a row rewritten or
 * removed with the trigger disabled is named by `npm run audit:verify`.
 */

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

interface AuditRow {
  id: number;
  chain: string;
  seq: number;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  prev_hash: string;
  hash: string;
}

const auditRows = async (chain?: string) =>
  (
    await queryRows<AuditRow>(
      t.database.db,
      sql`select id, chain, seq, actor_kind, actor_id, actor_name, action, subject, before, after, prev_hash, hash
          from audit_log where ${chain ?? null}::text is null or chain = ${chain ?? null}::text order by chain, seq`,
    )
  ).map((row) => ({ ...row, id: Number(row.id), seq: Number(row.seq) }));

const rates: AuditEntry = {
  actor: { kind: 'command', name: 'rates' },
  action: 'command.rates',
  subject: 'rate:USD',
  before: { rate: '0.08' },
  after: { rate: '0.0812', note: 'é "quoted"\n' },
};

const verify = () => runAuditVerifyCommand(t.database.db, []);

/** Runs `statement` with the append-only trigger disabled, as only the table's owner can (and PostgreSQL logs). */
const tamper = (statement: ReturnType<typeof sql>) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable always trigger audit_log_no_update_or_delete`);
  });

const errorText = async (run: () => Promise<unknown>): Promise<string> => {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'no error';
};

describe('appendAudit', () => {
  it('chains rows per chain key: seq 1, 2, ..., each holding the previous hash, the first 64 zeros', async () => {
    await appendAudit(t.database.db, rates);
    await appendAudit(t.database.db, { ...rates, subject: 'rate:EUR', before: undefined });
    await appendAudit(t.database.db, {
      actor: { kind: 'staff', id: 7 },
      action: 'review.proofOfAddress.approved',
      subject: 'user:42/review:3',
    });
    const system = await auditRows('system');
    expect(system.map((row) => [row.seq, row.subject, row.before])).toEqual([
      [1, 'rate:USD', { rate: '0.08' }],
      [2, 'rate:EUR', null],
    ]);
    expect(system[0]).toMatchObject({ actor_kind: 'command', actor_id: null, actor_name: 'rates' });
    expect(system[0]?.after).toEqual(rates.after);
    expect(system[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(system[1]?.prev_hash).toBe(system[0]?.hash);
    const user = await auditRows('user:42');
    expect(user).toMatchObject([{ seq: 1, actor_kind: 'staff', actor_id: 7, prev_hash: GENESIS_HASH }]);
    expect(await verify()).toEqual({
      exitCode: 0,
      lines: [
        'audit_log: 3 rows in 2 chains hold.',
        `heads digest: ${createHash('sha256')
          .update([system[1]?.hash, user[0]?.hash].join('\n'))
          .digest('hex')}`,
      ],
    });
  });

  it('hashes the text CANONICAL_ROW reads, which is audit_log_canonical of the row', async () => {
    await appendAudit(t.database.db, rates);
    await appendAudit(t.database.db, {
      ...rates,
      actor: { kind: 'staff', id: 3 },
      after: { n: 1.5, s: 'ü' },
    });
    const rows = await queryRows<{ canonical: string; by_function: string; hash: string }>(
      t.database.db,
      sql`select ${sql.raw(CANONICAL_ROW)} as canonical, audit_log_canonical(chain, seq, at, actor_kind, actor_id,
            actor_name, action, subject, before, after, prev_hash) as by_function, hash from audit_log`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.by_function).toBe(row.canonical);
      expect(createHash('sha256').update(row.canonical).digest('hex')).toBe(row.hash);
    }
  });

  it("joins the named user's chain, else the subject's user, else the acting user's, else 'system'", () => {
    const base = { action: 'x', subject: 'thing:1' } as const;
    expect(chainOf({ ...base, actor: { kind: 'staff', id: 1 }, userId: 5 })).toBe('user:5');
    expect(chainOf({ ...base, actor: { kind: 'user', id: 3 }, subject: 'user:9' })).toBe('user:9');
    expect(chainOf({ ...base, actor: { kind: 'user', id: 3 }, subject: 'user:91x' })).toBe('user:91');
    expect(chainOf({ ...base, actor: { kind: 'user', id: 3 } })).toBe('user:3');
    expect(chainOf({ ...base, actor: { kind: 'system', name: 'worker' } })).toBe('system');
    expect(chainOf({ ...base, actor: { kind: 'command', name: 'rates' } })).toBe('system');
  });

  it(proves('C.audit.1', 'writes nothing when the transaction it belongs to rolls back'), async () => {
    const failed = await errorText(() =>
      t.database.db.transaction(async (tx) => {
        await appendAudit(tx, rates);
        throw new Error('the move failed');
      }),
    );
    expect(failed).toContain('the move failed');
    expect(await auditRows()).toEqual([]);
    await appendAudit(t.database.db, rates);
    expect((await auditRows()).map((row) => row.seq)).toEqual([1]);
  });

  it('keeps one chain in order under concurrent transactions (no fork, no gap)', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.database.db.transaction(async (tx) => {
          await appendAudit(tx, { ...rates, subject: `rate:${index}` });
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    const rows = await auditRows('system');
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect((await verify()).exitCode).toBe(0);
  });
});

describe(proves('C.audit.2', 'the append-only table'), () => {
  beforeEach(async () => {
    await appendAudit(t.database.db, rates);
  });

  it('refuses UPDATE, DELETE and TRUNCATE to the table owner', async () => {
    expect(await errorText(() => t.database.db.execute(sql`update audit_log set action = 'x'`))).toContain(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await errorText(() => t.database.db.execute(sql`delete from audit_log`))).toContain(
      'audit_log is append-only: DELETE refused',
    );
    expect(await errorText(() => t.database.db.execute(sql`truncate audit_log`))).toContain(
      'audit_log is append-only: TRUNCATE refused',
    );
    // Replication mode turns ordinary triggers off, not these (ENABLE ALWAYS).
    const replica = await errorText(() =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from audit_log`);
      }),
    );
    expect(replica).toContain('audit_log is append-only: DELETE refused');
    expect(await auditRows()).toHaveLength(1);
  });
});

describe(proves('C.audit.3', 'npm run audit:verify'), () => {
  beforeEach(async () => {
    for (const subject of ['rate:USD', 'rate:EUR', 'rate:NGN'])
      await appendAudit(t.database.db, { ...rates, subject });
    await appendAudit(t.database.db, { ...rates, actor: { kind: 'user', id: 4 }, action: 'money.move' });
  });

  it('finds a row rewritten with the trigger disabled, and names it', async () => {
    const [, second] = await auditRows('system');
    await tamper(sql`update audit_log set after = '{"rate": "9.99"}' where id = ${second?.id}`);
    expect(await verify()).toEqual({
      exitCode: 1,
      lines: [
        `audit_log: chain system breaks at row id ${second?.id} (seq 2): its content does not match its hash.`,
      ],
    });
  });

  it('finds a rewritten row whose hash was recomputed: the next row no longer follows it', async () => {
    const [, second, third] = await auditRows('system');
    await tamper(sql`update audit_log set after = '{"rate": "9.99"}', hash = encode(sha256(convert_to(
      audit_log_canonical(chain, seq, at, actor_kind, actor_id, actor_name, action, subject, before,
        '{"rate": "9.99"}'::jsonb, prev_hash), 'UTF8')), 'hex') where id = ${second?.id}`);
    expect(await verify()).toEqual({
      exitCode: 1,
      lines: [
        `audit_log: chain system breaks at row id ${third?.id} (seq 3): its prev_hash is not the previous row's hash.`,
      ],
    });
  });

  it('finds a deleted row', async () => {
    const [first, second, third] = await auditRows('system');
    await tamper(sql`delete from audit_log where id = ${second?.id}`);
    expect(await verify()).toEqual({
      exitCode: 1,
      lines: [
        `audit_log: chain system breaks at row id ${third?.id} (seq 3): rows 2 to 2 of the chain are missing.`,
      ],
    });
    await tamper(sql`delete from audit_log where id = ${first?.id}`);
    expect((await verify()).lines).toEqual([
      `audit_log: chain system breaks at row id ${third?.id} (seq 3): rows 1 to 2 of the chain are missing.`,
    ]);
  });
});
