/**
 * `npm run partners -- list | create-key <operator> | revoke <operator>`: the betting operators' API keys (for
 * POST /api/Transaction/AuthenticateUser), on the server's database (scripts/admin-command.ts).
 */
import { auditedCommand, runAdminCommand } from './admin-command';
import { runPartnersCommand } from './partners-command';

runAdminCommand('partners', auditedCommand('partners', runPartnersCommand, { keepLines: false }));
