import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedCommand } from '../../scripts/admin-command';
import { runStaffCommand } from '../../scripts/staff-command';
import { opsPaths } from '../../src/contract/ops';
import { loadConfig } from '../../src/server/config';
import { openSecret } from '../../src/server/crypto';
import { openDatabase } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import { STAFF_TOTP_PURPOSE } from '../../src/server/ops/staff-accounts';
import { bearer, expectRefusal } from '../support/server-helpers';
import { opsLogIn, staffToken, totpCode, type TestStaff } from '../support/server-ops-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * `npm run staff -- create | list | disable` (issue 25): the password from standard input (never an argument), the
 * second factor's otpauth:// URI printed once, its secret sealed in the database; each run audited as
 * 'command.staff' without what it printed (the URI holds the secret).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const PASSWORD = 'Long enough 2026';

const staffCommand = (password = PASSWORD) =>
  auditedCommand(
    'staff',
    runStaffCommand({ appSecret: t.config.APP_SECRET, readPassword: () => Promise.resolve(password) }),
    { keepLines: false },
  );

const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

describe('npm run staff (the command as a function)', () => {
  it('creates a member who signs in with the password and the code of the printed URI', async () => {
    const result = await staffCommand()(db(), [
      'create',
      '--email',
      ' Esi@Ops.Example ',
      '--role',
      'compliance',
    ]);
    expect(result.exitCode, result.lines.join('\n')).toBe(0);
    const uri = result.lines.find((line) => line.startsWith('otpauth://totp/')) ?? '';
    expect(uri).toContain('issuer=');
    const member: TestStaff = {
      id: 0,
      email: 'esi@ops.example',
      role: 'compliance',
      password: PASSWORD,
      secret: secretOf(uri),
      otpauthUri: uri,
    };
    const token = await staffToken(t, member);
    const session = await t.app.inject({ method: 'GET', url: opsPaths.session, headers: bearer(token) });
    expect(session.json()).toMatchObject({
      data: { staff: { email: 'esi@ops.example', role: 'compliance' } },
    });

    // The secret is sealed in the table, and the audit row keeps neither it nor the password.
    const [row] = await queryRows<{ totp_secret_sealed: string; password_hash: string }>(
      db(),
      sql`select totp_secret_sealed, password_hash from staff where email = 'esi@ops.example'`,
    );
    expect(row?.totp_secret_sealed).not.toContain(member.secret);
    expect(openSecret(t.config.APP_SECRET, STAFF_TOTP_PURPOSE, row!.totp_secret_sealed)).toBe(member.secret);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const [audit] = await queryRows<{ actor_kind: string; after: unknown }>(
      db(),
      sql`select actor_kind, after from audit_log where action = 'command.staff' order by id desc limit 1`,
    );
    expect(audit?.actor_kind).toBe('command');
    expect(JSON.stringify(audit?.after)).not.toContain(member.secret);
    expect(JSON.stringify(audit?.after)).not.toContain(PASSWORD);

    // list shows the member; disable ends the session and refuses the next log-in.
    const list = await staffCommand()(db(), ['list']);
    expect(list.lines.join('\n')).toMatch(/esi@ops\.example\s+compliance\s+active/);
    const disabled = await staffCommand()(db(), ['disable', '--email', 'esi@ops.example']);
    expect(disabled.exitCode).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: opsPaths.session, headers: bearer(token) });
    expectRefusal(after, 401, 'auth.required');
    const next = new Date(Date.now() + 30_000);
    expectRefusal(
      await opsLogIn(t.app, {
        email: member.email,
        password: PASSWORD,
        code: await totpCode(member.secret, next),
      }),
      401,
      'ops.logIn.invalid',
    );
    expect((await staffCommand()(db(), ['list'])).lines.join('\n')).toMatch(
      /esi@ops\.example\s+compliance\s+DISABLED/,
    );
  });

  it('refuses a weak password, an unknown role, a second account of one e-mail and a missing option', async () => {
    expect(
      (await staffCommand('short1')(db(), ['create', '--email', 'a@ops.example', '--role', 'support']))
        .exitCode,
    ).toBe(1);
    expect(
      (await staffCommand()(db(), ['create', '--email', 'a@ops.example', '--role', 'boss'])).exitCode,
    ).toBe(1);
    expect(
      (await staffCommand()(db(), ['create', '--email', 'b@ops.example', '--role', 'admin'])).exitCode,
    ).toBe(0);
    const again = await staffCommand()(db(), ['create', '--email', 'B@ops.example', '--role', 'admin']);
    expect(again).toMatchObject({ exitCode: 1, lines: ['staff: b@ops.example is a staff member already'] });
    expect((await staffCommand()(db(), ['create', '--email', 'c@ops.example'])).exitCode).toBe(2);
    expect((await staffCommand()(db(), ['create', '--role', 'admin', PASSWORD])).exitCode).toBe(2);
    expect((await staffCommand()(db(), ['disable', '--email', 'nobody@ops.example'])).exitCode).toBe(1);
  });
});

describe('npm run staff (a process, the password piped on standard input)', () => {
  it('creates the member from the piped password and prints the URI once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'staff-command-'));
    try {
      const run = (args: string[], input: string) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
            env: {
              ...process.env,
              DATA_DIR: dataDir,
              DATABASE_URL: '',
              NODE_ENV: 'development',
              HOST: '127.0.0.1',
            },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('close', (code) => resolve({ code, stdout, stderr }));
          child.stdin.end(input);
        });
      const created = await run(
        ['create', '--email', 'kojo@ops.example', '--role', 'auditor'],
        `${PASSWORD}\n`,
      );
      expect(created.code, created.stderr).toBe(0);
      const uri = /otpauth:\/\/totp\/\S+/.exec(created.stdout)?.[0] ?? '';
      expect(uri).not.toBe('');
      expect(created.stdout).not.toContain(PASSWORD);

      // The host's database under DATA_DIR, sealed with the development secret a server there would read.
      const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', HOST: '127.0.0.1' });
      const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      try {
        const [row] = await queryRows<{ role: string; totp_secret_sealed: string }>(
          database.db,
          sql`select role, totp_secret_sealed from staff where email = 'kojo@ops.example'`,
        );
        expect(row?.role).toBe('auditor');
        expect(openSecret(config.APP_SECRET, STAFF_TOTP_PURPOSE, row!.totp_secret_sealed)).toBe(
          secretOf(uri),
        );
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // A process that migrates a new embedded database: many seconds on a busy machine.
  }, 180_000);
});
