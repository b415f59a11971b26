/**
 * `npm run rates -- list | history <CODE> | set <CODE> <RATE> [--note <text>] [--name <name>]`: the exchange-rate
 * table's admin command, on the server's database (scripts/admin-command.ts: DATABASE_URL when set, else the
 * embedded PGlite under DATA_DIR; stop the server first).
 */
import { auditedCommand, runAdminCommand } from './admin-command';
import { runRatesCommand } from './rates-command';

runAdminCommand('rates', auditedCommand('rates', runRatesCommand));
