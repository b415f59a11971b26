/**
 * `npm run staff -- create --email E --role R | list | disable --email E`: the back office's staff accounts
 * (scripts/staff-command.ts), on the server's database (scripts/admin-command.ts: DATABASE_URL when set, else the
 * embedded PGlite under DATA_DIR; stop the server first). The password of `create` comes from standard input;
 * APP_SECRET (or the development secret under DATA_DIR) seals the second factor's secret, as the server reads it.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/server/config';
import { auditedCommand, runAdminCommand } from './admin-command';
import { runStaffCommand } from './staff-command';

/** The first line of standard input; on a terminal, asked for without echoing it. */
const readPassword = (): Promise<string> =>
  new Promise((resolve, reject) => {
    const terminal = process.stdin.isTTY === true;
    if (terminal) process.stderr.write('Password (not shown): ');
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    const lines = createInterface({ input: process.stdin, output: terminal ? silent : undefined, terminal });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      if (terminal) process.stderr.write('\n');
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) reject(new Error('no password on standard input'));
    });
  });

const { APP_SECRET } = loadConfig({
  NODE_ENV: process.env.NODE_ENV,
  HOST: process.env.HOST,
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  APP_SECRET: process.env.APP_SECRET,
  WEBHOOK_SECRET: process.env.WEBHOOK_SECRET,
});

// Asked for at once (before the database is opened and migrated), and outside the command's transaction.
const password = process.argv[2] === 'create' ? readPassword() : null;
password?.catch(() => undefined);

// keepLines false: create prints the second factor's secret, which the audit row must not keep.
runAdminCommand(
  'staff',
  auditedCommand(
    'staff',
    runStaffCommand({
      appSecret: APP_SECRET,
      readPassword: () => password ?? Promise.reject(new Error('no password asked')),
    }),
    { keepLines: false },
  ),
);
