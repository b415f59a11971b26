/**
 * `npm run compliance -- list | approve <ID> | reject <ID> "<reason>"`: the proof-of-address review queue's command,
 * on the server's database (scripts/admin-command.ts: DATABASE_URL when set, else the embedded PGlite under
 * DATA_DIR; stop the server first). The user is mailed the outcome through the server's mail settings (SMTP_*,
 * MAIL_FROM; without them, DATA_DIR/outbox).
 */
import { runAdminCommand } from './admin-command';
import { runComplianceCommand } from './compliance-command';
import { loadConfig } from '../src/server/config';
import { createMailer } from '../src/server/mail';

const mailSettings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(SMTP_|MAIL_FROM$|DATA_DIR$)/.test(name)),
);

runAdminCommand('compliance', (db, args) =>
  runComplianceCommand(db, createMailer(loadConfig(mailSettings)), args),
);
