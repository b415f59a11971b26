import type { DomainMessageId } from '../domain/messages';
// The ids alone (`npm run i18n` writes them from ../domain/messages.ts): the browser needs no English text of them.
import domainMessageIds from '../domain/message-ids.json';
import type { RuleViolation } from '../domain/rule';
import { failureStatus, isApiError, isConnectionFailure } from '../contract/failure';

const knownIds = new Set<string>(domainMessageIds);

/** True when `id` names a message of the domain catalogue (the server may answer with ids we do not know). */
export const isDomainMessageId = (id: unknown): id is DomainMessageId =>
  typeof id === 'string' && knownIds.has(id);

/** The `messageId` the server put in an HTTP failure's data, when it is one we know. */
export const serverMessageId = (error: unknown): DomainMessageId | null => {
  if (!isApiError(error) || error.failure.kind !== 'http') return null;
  const id = error.failure.data?.messageId;
  return isDomainMessageId(id) ? id : null;
};

/**
 * What a 429 says: the limit the server named ('Log-in to this account is paused...', 'Too many codes were sent to this
 * number...'), else the per-minute limit's 'Too many attempts...'.
 */
export const tooManyMessage = (error: unknown): DomainMessageId =>
  serverMessageId(error) ?? 'request.tooMany';

/** The English text of an HTTP failure (for logs and as a fallback), or null for other failures. */
export const serverMessageText = (error: unknown): string | null =>
  isApiError(error) && error.failure.kind === 'http' ? error.failure.message : null;

/**
 * The rule violations a 400 answer listed, keeping only fields the form knows and ids the catalogue knows,
 * in the server's (the spec's) order, each with the values its message names ('{min}').
 */
export const serverViolations = <Field extends string>(
  error: unknown,
  isField: (field: string) => field is Field,
): RuleViolation<Field>[] => {
  if (!isApiError(error) || error.failure.kind !== 'http') return [];
  const violations = error.failure.data?.violations ?? [];
  return violations.flatMap((violation) =>
    isField(violation.field) && isDomainMessageId(violation.messageId)
      ? [
          {
            field: violation.field,
            messageId: violation.messageId,
            ...(violation.values ? { values: violation.values } : {}),
          },
        ]
      : [],
  );
};

/**
 * A failure as the screen shows it: the message and the values it names, which the server gives a tier limit's
 * refusal (limit.daily: 'over your daily limit of {limit}: {left} is left today') on its `amount` violation.
 */
export interface ServerFailure {
  messageId: DomainMessageId;
  values?: RuleViolation['values'];
}

const anyField = (field: string): field is string => typeof field === 'string';

/**
 * The failure `messageId` (the one the flow chose for `error`) with the values the server's answer gave that
 * message, when the server answered with it; without values otherwise.
 */
export const serverFailure = (messageId: DomainMessageId, error: unknown): ServerFailure => {
  const named =
    serverMessageId(error) === messageId
      ? serverViolations(error, anyField).find((violation) => violation.messageId === messageId)
      : undefined;
  return named?.values ? { messageId, values: named.values } : { messageId };
};

export { failureStatus, isConnectionFailure };

/** Default implementation of every side effect: the app and the tests replace it with `machine.provide`. */
export const notProvided = (name: string): never => {
  throw new Error(`${name} not provided: supply it with machine.provide(...)`);
};
