/**
 * Idempotent submit: each submit attempt of a money-moving form takes an Idempotency-Key (`<keySeed>-<n>`) and
 * keeps it only while the request went unanswered (network, timeout, unreadable answer): a RETRY sends the same
 * request with the same key, so the money moves at most once. Any change of the form and any answer from the
 * server drop it, so the next attempt takes a new key.
 */
import { failureStatus } from '../failure-messages';

export interface IdempotencyKeys {
  keySeed: string;
  /** How many keys were taken so far. */
  keyCount: number;
  /** The key of the current attempt, kept for RETRY while the request went unanswered; else null. */
  idempotencyKey: string | null;
}

export const randomKeySeed = (): string => crypto.randomUUID();

/** No key taken yet; `keySeed` random unless given (tests give one, so keys are deterministic). */
export const initialKeys = (keySeed?: string): IdempotencyKeys => ({
  keySeed: keySeed ?? randomKeySeed(),
  keyCount: 0,
  idempotencyKey: null,
});

/** The key of this submit attempt: the kept one (a retry of an unanswered request), else a new one. */
export const takeIdempotencyKey = (
  keys: IdempotencyKeys,
): Pick<IdempotencyKeys, 'keyCount' | 'idempotencyKey'> =>
  keys.idempotencyKey !== null
    ? { keyCount: keys.keyCount, idempotencyKey: keys.idempotencyKey }
    : { keyCount: keys.keyCount + 1, idempotencyKey: `${keys.keySeed}-${keys.keyCount + 1}` };

/** The request was answered (or the form changed): the next attempt takes a new key. */
export const keyDropped = { idempotencyKey: null } as const;

/** No HTTP answer came back (network, timeout, unreadable answer): the money may have moved, keep the key. */
export const isUnanswered = (error: unknown): boolean => failureStatus(error) === null;

/** Guards for a machine's `setup`: `hasKey` (RETRY may resend), `isUnanswered` (keep the key). */
export const idempotencyGuards = {
  hasKey: ({ context }: { context: IdempotencyKeys }) => context.idempotencyKey !== null,
  isUnanswered: (_: unknown, params: { error: unknown }) => isUnanswered(params.error),
};
