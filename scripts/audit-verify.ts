/**
 * `npm run audit:verify`: checks the audit trail's hash chains on the server's database (DATABASE_URL, else the
 * embedded PGlite under DATA_DIR: stop the server first); names the first broken row of each broken chain and exits
 * 1, else prints how many rows hold.
 */
import { runAdminCommand } from './admin-command';
import { runAuditVerifyCommand } from './audit-verify-command';

runAdminCommand('audit:verify', runAuditVerifyCommand);
