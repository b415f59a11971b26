import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Language } from '../domain/language';
import { translatorFor } from '../i18n/core';
import type { Config } from './config';
import { writeToOutbox } from './messaging/outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Without SMTP_URL each mail is written to DATA_DIR/outbox as JSON; its path is logged (never its content). */
export const outboxMailer = (dataDir: string, log?: FastifyBaseLogger): Mailer => ({
  async send(mail) {
    const file = await writeToOutbox(dataDir, 'mail', mail);
    log?.info({ file }, 'mail written to the outbox (no SMTP_URL)');
  },
});

export const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
};

export const createMailer = (
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log?: FastifyBaseLogger,
): Mailer =>
  config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(config.DATA_DIR, log);

/** The password-reset mail in the user's language (src/i18n/locales: ids `mail.passwordReset.*`). */
export const passwordResetMail = async (
  language: Language,
  code: string,
  minutes: number,
): Promise<Pick<Mail, 'subject' | 'text'>> => {
  const t = await translatorFor(language);
  return {
    subject: t('mail.passwordReset.subject', { code }),
    text: [
      t('mail.passwordReset.intro'),
      '',
      t('mail.passwordReset.code', { code, minutes }),
      '',
      t('mail.passwordReset.notYou'),
    ].join('\n'),
  };
};
