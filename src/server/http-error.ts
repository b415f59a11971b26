import type { Violation } from '../contract/envelope';
import { domainMessages, type DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';

/** An answer other than success: thrown from routes and hooks, turned into the envelope by plugins/errors.ts. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageId: DomainMessageId,
    readonly violations?: Violation[],
  ) {
    super(domainMessages[messageId]);
    this.name = 'HttpError';
  }
}

export const toViolations = (
  violations: readonly RuleViolation[],
  renameField: (field: string) => string = (field) => field,
): Violation[] =>
  violations.map(({ field, messageId, values }) => ({
    field: renameField(field),
    messageId,
    message: withValues(domainMessages[messageId], values),
    ...(values ? { values: { ...values } } : {}),
  }));

/** The English text with the values its message names ('{min}') put in. */
const withValues = (text: string, values?: RuleViolation['values']): string =>
  values ? text.replace(/\{(\w+)\}/g, (gap, name: string) => String(values[name] ?? gap)) : text;

/** 400 listing every broken rule; the answer's message is the first one's. */
export const violationsError = (violations: Violation[]): HttpError => {
  const first = violations[0];
  if (!first) throw new Error('violationsError needs at least one violation');
  return new HttpError(400, first.messageId as DomainMessageId, violations);
};

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
