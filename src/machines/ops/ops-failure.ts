/**
 * What a failed console call means on screen: a refusal of the role (403, said plainly), the session's end (401:
 * the console signs out, src/services/ops.ts), no connection, the server's own message when it names one we know,
 * else the screen's fallback.
 */
import type { DomainMessageId } from '../../domain/messages';
import { STAFF_REASON_MAX, STAFF_REASON_MIN } from '../../domain/staff';
import { failureStatus, isConnectionFailure, serverMessageId } from '../failure-messages';

export type OpsMessageId =
  | DomainMessageId
  | 'ops.error.forbidden'
  | 'ops.session.ended'
  | 'ops.error.unreachable'
  | 'ops.error.failed'
  | 'ops.error.loadFailed'
  | 'ops.reason.invalid';

export const opsFailure = (error: unknown, fallback: OpsMessageId = 'ops.error.failed'): OpsMessageId => {
  const status = failureStatus(error);
  if (status === 403) return 'ops.error.forbidden';
  if (status === 401) return 'ops.session.ended';
  if (isConnectionFailure(error)) return 'ops.error.unreachable';
  if (status !== null && status < 500) return serverMessageId(error) ?? fallback;
  return fallback;
};

/** A staff decision's reason, as the server takes it (src/contract/ops.ts staffReasonSchema). */
export const isStaffReason = (reason: string): boolean => {
  const length = reason.trim().length;
  return length >= STAFF_REASON_MIN && length <= STAFF_REASON_MAX;
};
