import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../domain/language';
import { translatorFor } from '../../i18n/core';
import type { Config } from '../config';
import { isE164 } from './e164';
import { writeToOutbox } from './outbox';

/** One text message: `to` in E.164 ('+233241234567'). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends text messages: an SMS gateway when one is configured, else the development outbox. */
export interface Sms {
  /** Resolves once the message is accepted for delivery; rejects (SmsNotSent) when it was not. */
  send(message: SmsMessage): Promise<void>;
}

/** The gateway refused the message, answered an error or did not answer in time. Never carries the text. */
export class SmsNotSent extends Error {
  constructor(
    readonly reason: 'invalid-number' | 'refused' | 'unreachable',
    readonly status?: number,
  ) {
    super(`SMS not sent (${reason}${status === undefined ? '' : ` ${status}`})`);
    this.name = 'SmsNotSent';
  }
}

const checkedNumber = (to: string): string => {
  if (!isE164(to)) throw new SmsNotSent('invalid-number');
  return to;
};

/** Without SMS_GATEWAY_URL each SMS is written to DATA_DIR/outbox as `{ to, text }`; its path is logged, never its text. */
export const outboxSms = (dataDir: string, log?: FastifyBaseLogger): Sms => ({
  async send(message) {
    const file = await writeToOutbox(dataDir, 'sms', { to: checkedNumber(message.to), text: message.text });
    log?.info({ file }, 'SMS written to the outbox (no SMS_GATEWAY_URL)');
  },
});

export interface SmsGatewayOptions {
  url: string;
  token: string;
  sender: string;
  timeoutMs: number;
}

/**
 * A generic HTTP SMS gateway: one `POST <url>` per message with `Authorization: Bearer <token>` and the JSON body
 * `{ "to": "+233...", "from": "<sender>", "text": "..." }`; any 2xx answer means accepted. Providers whose API
 * differs sit behind a small relay of this shape, or get an adapter of their own implementing `Sms`.
 */
export const gatewaySms = ({ url, token, sender, timeoutMs }: SmsGatewayOptions): Sms => ({
  async send(message) {
    const body = JSON.stringify({ to: checkedNumber(message.to), from: sender, text: message.text });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new SmsNotSent('unreachable');
    }
    // The body is not read into the error: a gateway may echo the text, which holds the code.
    await response.body?.cancel();
    if (!response.ok) throw new SmsNotSent('refused', response.status);
  },
});

export const createSms = (
  config: Pick<
    Config,
    'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN' | 'SMS_SENDER' | 'SMS_GATEWAY_TIMEOUT_MS' | 'DATA_DIR'
  >,
  log?: FastifyBaseLogger,
): Sms =>
  config.SMS_GATEWAY_URL && config.SMS_GATEWAY_TOKEN
    ? gatewaySms({
        url: config.SMS_GATEWAY_URL,
        token: config.SMS_GATEWAY_TOKEN,
        sender: config.SMS_SENDER,
        timeoutMs: config.SMS_GATEWAY_TIMEOUT_MS,
      })
    : outboxSms(config.DATA_DIR, log);

/** The phone-verification SMS in the user's language (src/i18n/locales: id `sms.phoneVerification`). */
export const phoneVerificationSms = async (
  language: Language,
  code: string,
  minutes: number,
): Promise<string> => (await translatorFor(language))('sms.phoneVerification', { code, minutes });
