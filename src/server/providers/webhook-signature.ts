import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderEvent, ProviderFailureReason } from './provider';

export const SIGNATURE_HEADER = 'x-signature';
const PREFIX = 'sha256=';

export const signWebhook = (rawBody: string | Buffer, secret: string): string =>
  PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');

/** HMAC-SHA256 of the raw body, compared in constant time. */
export const verifyWebhookSignature = (
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
): boolean => {
  if (!header?.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), 'hex');
  const expected = Buffer.from(signWebhook(rawBody, secret).slice(PREFIX.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const REASONS: readonly ProviderFailureReason[] = [
  'declined',
  'insufficient_funds',
  'rejected',
  'account_failed',
  'expired',
  'cancelled',
];

/** `{ reference, status, reason?, eventId }`, or null when the body is not that. */
export const parseWebhookEvent = (rawBody: Buffer): ProviderEvent | null => {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { reference, status, reason, eventId } = body as Record<string, unknown>;
  if (typeof reference !== 'string' || reference.length === 0 || reference.length > 64) return null;
  if (status !== 'succeeded' && status !== 'failed') return null;
  if (typeof eventId !== 'string' || eventId.length > 128) return null;
  if (reason !== undefined && !REASONS.includes(reason as ProviderFailureReason)) return null;
  return { reference, status, eventId, ...(reason ? { reason: reason as ProviderFailureReason } : {}) };
};
