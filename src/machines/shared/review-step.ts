/**
 * The review before money moves (issue 23): the amount, the fee, the total and the balance after, then Confirm.
 * A machine's states say which page they draw with XState tags (as the transfer machine's do), so a screen asks
 * `hasTag` instead of keeping lists of states:
 * - `reviewPage`: the review view (the figures and Confirm; 'Processing...' while the request and its follow run);
 * - `debited`: the balance in the context is already the answer's, after the payment's hold, so the screens derive
 *   the figures with `debitedPaymentCheck` (src/domain/fees.ts) and never take the total twice.
 *
 * The Idempotency-Key is taken on the form's SUBMIT (shared/form-rules.ts) and kept on the review: BACK to the form
 * keeps it (an unchanged form resubmitted is the same request), a CHANGE drops it, and an unanswered request comes
 * back to the review with its key, so Confirm there is the retry and sends the same key.
 */
import type { SharedStateConfig, TransitionTo } from './state-config';

/** The page tags the payment flows share. */
export type ReviewTag = 'reviewPage' | 'debited';

/** Confirm on the review. */
export type ReviewEvent = { type: 'CONFIRM' };

/**
 * The review state: tagged `reviewPage`; CONFIRM goes to `confirm` (the request), with `clearError`; BACK goes to
 * `back` (the form), with `clearError`.
 *
 * @example
 * reviewing: reviewStep({ confirm: 'submitting', back: 'editing' }),
 */
export const reviewStep = ({
  confirm,
  back,
}: {
  confirm: string;
  back: string | TransitionTo;
}): SharedStateConfig => ({
  tags: ['reviewPage'],
  on: {
    CONFIRM: { target: confirm, actions: 'clearError' },
    BACK: typeof back === 'string' ? { target: back, actions: 'clearError' } : back,
  },
});
