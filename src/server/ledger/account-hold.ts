import { HttpError } from '../http-error';
import { PreconditionFailedError } from './errors';
import type { Precondition } from './statements';

/*
 * A frozen account (issue 25: a staff member's FreezeUser, src/server/ops/freeze.ts): it can log in and read, but
 * moves no money. Checked in the one place every money move passes, the preconditions WalletService gives each new
 * operation (checksOf), under the wallet lock: a freeze takes the same lock, so a move either finished before it or
 * sees it. The refusal is not stored under the request's Idempotency-Key: once unfrozen, the same request goes.
 */

const ON_HOLD = 'account.onHold';

/** The payer's account is not frozen (read once its wallet is locked). */
export const accountHoldCheck = (userId: number): Precondition => ({
  name: 'account_hold_check',
  text: `select case when frozen_at is not null then '${ON_HOLD}' end as refusal from users where id = $1::int`,
  values: [userId],
});

/** The 403 of a money move of a frozen account: 'Your account is on hold. Please contact support.' */
export const accountOnHoldError = (): HttpError => new HttpError(403, ON_HOLD);

export const isAccountOnHold = (error: unknown): boolean =>
  error instanceof PreconditionFailedError && error.refusal === ON_HOLD;
