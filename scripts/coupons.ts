/**
 * `npm run coupons -- list | create <CODE> <DISCOUNT> [...] | disable <CODE> | enable <CODE>`: the discount coupons'
 * admin command, on the server's database (scripts/admin-command.ts). Usage: scripts/coupons-command.ts.
 */
import { auditedCommand, runAdminCommand } from './admin-command';
import { runCouponsCommand } from './coupons-command';

runAdminCommand('coupons', auditedCommand('coupons', runCouponsCommand));
