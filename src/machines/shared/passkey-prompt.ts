/**
 * What a passkey ceremony's failure says (issue 26): the prompt closed, timed out or replaced (the browser's
 * NotAllowedError: src/services/webauthn.ts) is 'passkey.declined'; the server's refusal its own message
 * ('passkey.verificationFailed', 'passkey.challengeExpired', ...; a 429 the limit it named); anything else the
 * caller's fallback.
 */
import type { DomainMessageId } from '../../domain/messages';
import { failureStatus, serverMessageId, tooManyMessage } from '../failure-messages';

export const isPasskeyDeclined = (error: unknown): boolean =>
  error instanceof Error && error.name === 'NotAllowedError';

export const passkeyFailureMessage = (error: unknown, fallback: DomainMessageId): DomainMessageId => {
  if (isPasskeyDeclined(error)) return 'passkey.declined';
  if (failureStatus(error) === 429) return tooManyMessage(error);
  return serverMessageId(error) ?? fallback;
};
