/**
 * `npm run rates -- list | history <CODE> | set <CODE> <RATE> [--note <text>] [--name <name>]`: the exchange-rate
 * table's admin command, on the server's database (scripts/admin-command.ts).
 */
import { runAdminCommand } from './admin-command';
import { runRatesCommand } from './rates-command';

runAdminCommand('rates', (db, args) => runRatesCommand(db, args));
