import { isStaffRole, STAFF_ROLES } from '../src/domain/staff';
import type { Db } from '../src/server/db/client';
import { createStaffAccount } from '../src/server/ops/staff-accounts';
import { disableStaffMember, listStaff } from '../src/server/ops/staff-repository';
import { optionsOf, type AdminCommandResult } from './admin-command';

/*
 * The staff admin command (`npm run staff -- ...`, issue 25), as a function of a database, the host's APP_SECRET (the
 * TOTP secrets are sealed with it) and a reader of the password, so the tests run it without a subprocess.
 * scripts/staff.ts reads the password from standard input: never from an argument (the shell's history, `ps`).
 */

export const STAFF_USAGE = [
  'usage: npm run staff -- create --email <e-mail> --role <support|compliance|auditor|admin>',
  '       npm run staff -- list',
  '       npm run staff -- disable --email <e-mail>',
  '  create reads the password from standard input (e.g. `printf %s "$PASSWORD" | npm run staff -- create ...`)',
  '  and prints the second factor as an otpauth:// URI once: add it to the member’s authenticator app.',
];

export interface StaffCommandOptions {
  appSecret: string;
  /** The new member's password (standard input). */
  readPassword: () => Promise<string>;
}

const usage = (problem: string): AdminCommandResult => ({ exitCode: 2, lines: [problem, ...STAFF_USAGE] });
const refused = (problem: string): AdminCommandResult => ({ exitCode: 1, lines: [`staff: ${problem}`] });

export const runStaffCommand =
  ({ appSecret, readPassword }: StaffCommandOptions) =>
  async (db: Db, args: readonly string[]): Promise<AdminCommandResult> => {
    const [command, ...rest] = args;
    if (command === 'list' && rest.length === 0) {
      const members = await listStaff(db);
      if (members.length === 0) return { exitCode: 0, lines: ['No staff members yet.'] };
      return {
        exitCode: 0,
        lines: members.map((member) =>
          [
            String(member.id).padStart(4),
            member.email.padEnd(32),
            member.role.padEnd(10),
            member.disabled ? 'DISABLED' : 'active  ',
            `since ${member.createdAt.toISOString()}`,
          ].join('  '),
        ),
      };
    }
    if (command === 'create') {
      const options = optionsOf(rest, ['--email', '--role']);
      const email = options?.get('--email');
      const role = options?.get('--role');
      if (!email || !role) return usage('create: --email and --role are both needed');
      if (!isStaffRole(role)) return refused(`${role} is not a role (${STAFF_ROLES.join(', ')})`);
      const created = await createStaffAccount(db, appSecret, {
        email,
        role,
        password: await readPassword(),
      });
      if (created.outcome === 'refused') return refused(created.problem);
      return {
        exitCode: 0,
        lines: [
          `created staff member ${created.id}: ${created.email} (${role})`,
          'Second factor (shown once): add this to the member’s authenticator app, then keep it nowhere else:',
          created.otpauthUri,
        ],
      };
    }
    if (command === 'disable') {
      const email = optionsOf(rest, ['--email'])?.get('--email');
      if (!email) return usage('disable: --email is needed');
      const disabled = await disableStaffMember(db, { email: email.trim().toLowerCase() });
      if (!disabled) return refused(`no staff member ${email}`);
      return {
        exitCode: 0,
        lines: [
          disabled.changed
            ? `${disabled.member.email}: disabled, sessions ended`
            : `${disabled.member.email} was disabled already`,
        ],
      };
    }
    return usage(
      command === undefined ? 'no command given' : `unknown command or arguments: ${args.join(' ')}`,
    );
  };
