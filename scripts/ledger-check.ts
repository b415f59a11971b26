/**
 * `npm run ledger:check`: verifies the ledger of the server's database (DATABASE_URL, else the embedded PGlite under
 * DATA_DIR: stop the server first) and prints every broken invariant; exit code 1 on any finding.
 */
import { runAdminCommand } from './admin-command';
import { runLedgerCheckCommand } from './ledger-check-command';

runAdminCommand('ledger:check', runLedgerCheckCommand);
