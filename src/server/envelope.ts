import type { ApiEnvelope, ErrorData } from '../contract/envelope';
import { domainMessages, type DomainMessageId } from '../domain/messages';

export const ok = <Data>(data: Data, code: 200 | 201 = 200, message = 'OK'): ApiEnvelope<Data> => ({
  code,
  message,
  data,
});

/** A success with no data whose message is worth showing (e.g. 'otp.sent'), in English. */
export const okWithMessage = (messageId: DomainMessageId): ApiEnvelope<null> =>
  ok(null, 200, domainMessages[messageId]);

export const failure = (code: number, messageId: DomainMessageId, violations?: ErrorData['violations']) => ({
  code,
  // The first violation's text has its values put in ('must not exceed 13 characters', not '{max}').
  message: violations?.[0]?.messageId === messageId ? violations[0].message : domainMessages[messageId],
  data: violations ? { messageId, violations } : { messageId },
});
