import { describe, expect, test } from 'vitest';
import {
  idempotencyGuards,
  initialKeys,
  isUnanswered,
  takeIdempotencyKey,
  type IdempotencyKeys,
} from '../../../src/machines/shared/idempotent-submit';
import { httpError, invalidResponseError, networkError, timeoutError } from '../../support/machine-fixtures';

type Take = typeof takeIdempotencyKey;

/**
 * Three attempts: the first unanswered (RETRY), the second answered, the third new. The keys sent, in order.
 */
const keysSent = (take: Take): string[] => {
  let keys: IdempotencyKeys = initialKeys('seed');
  const sent: string[] = [];
  const attempt = (answered: boolean) => {
    keys = { ...keys, ...take(keys) };
    sent.push(keys.idempotencyKey!);
    if (answered) keys = { ...keys, idempotencyKey: null };
  };
  attempt(false);
  attempt(true);
  attempt(true);
  return sent;
};

describe('idempotent submit', () => {
  test('one key per attempt, the same key again only while the last attempt went unanswered', () => {
    expect(keysSent(takeIdempotencyKey)).toEqual(['seed-1', 'seed-1', 'seed-2']);
  });

  test('the check catches a broken variant that takes a new key on every attempt (a retry would pay twice)', () => {
    const alwaysNew: Take = (keys) => ({
      keyCount: keys.keyCount + 1,
      idempotencyKey: `${keys.keySeed}-${keys.keyCount + 1}`,
    });
    expect(keysSent(alwaysNew)).not.toEqual(['seed-1', 'seed-1', 'seed-2']);
  });

  test('the check catches a broken variant that keeps the key after an answer (a new payment refused as a repeat)', () => {
    const sticky: Take = (keys) => ({ keyCount: keys.keyCount || 1, idempotencyKey: `${keys.keySeed}-1` });
    expect(keysSent(sticky)).not.toEqual(['seed-1', 'seed-1', 'seed-2']);
  });

  test('a seed is random unless given', () => {
    expect(initialKeys('s')).toEqual({ keySeed: 's', keyCount: 0, idempotencyKey: null });
    expect(initialKeys().keySeed).not.toBe(initialKeys().keySeed);
  });

  test('unanswered: no HTTP answer (network, timeout, unreadable); any answer counts as answered', () => {
    for (const error of [networkError(), timeoutError(), invalidResponseError()])
      expect(isUnanswered(error)).toBe(true);
    for (const status of [400, 402, 409, 500]) expect(isUnanswered(httpError(status))).toBe(false);
    expect(idempotencyGuards.isUnanswered(null, { error: networkError() })).toBe(true);
    expect(idempotencyGuards.hasKey({ context: { ...initialKeys('s'), idempotencyKey: 's-1' } })).toBe(true);
    expect(idempotencyGuards.hasKey({ context: initialKeys('s') })).toBe(false);
  });
});
