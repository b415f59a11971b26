import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
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

/** Without SMTP_URL or SMTP_HOST each mail is written to DATA_DIR/outbox as JSON; its path is logged (never its content). */
export const outboxMailer = (dataDir: string, log?: FastifyBaseLogger): Mailer => ({
  async send(mail) {
    const file = await writeToOutbox(dataDir, 'mail', mail);
    log?.info({ file }, 'mail written to the outbox (no SMTP_URL)');
  },
});

type SmtpSettings = Pick<
  Config,
  'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURITY' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'SMTP_CA_FILE'
>;

/**
 * The transport of the SMTP_* settings. STARTTLS is required when asked for (`requireTLS`): a server that does not
 * offer it gets no mail rather than a reset code in clear text. Certificates are always verified (SMTP_CA_FILE adds
 * a CA to trust, e.g. a company's own).
 */
export const smtpTransportOptions = (
  settings: SmtpSettings & { SMTP_HOST: string },
): SMTPTransport.Options => ({
  host: settings.SMTP_HOST,
  port: settings.SMTP_PORT,
  secure: settings.SMTP_SECURITY === 'tls',
  requireTLS: settings.SMTP_SECURITY === 'starttls',
  ignoreTLS: settings.SMTP_SECURITY === 'none',
  ...(settings.SMTP_USER ? { auth: { user: settings.SMTP_USER, pass: settings.SMTP_PASSWORD ?? '' } } : {}),
  tls: {
    servername: settings.SMTP_HOST,
    ...(settings.SMTP_CA_FILE ? { ca: readFileSync(settings.SMTP_CA_FILE, 'utf8') } : {}),
  },
});

export const smtpMailer = (transportOptions: string | SMTPTransport.Options, from: string): Mailer => {
  const transport = nodemailer.createTransport(transportOptions);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
};

export const createMailer = (
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'> & SmtpSettings,
  log?: FastifyBaseLogger,
): Mailer => {
  const { SMTP_HOST } = config;
  if (SMTP_HOST) return smtpMailer(smtpTransportOptions({ ...config, SMTP_HOST }), config.MAIL_FROM);
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(config.DATA_DIR, log);
};
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

/**
 * The mail telling an account's owner that log-in is paused after `failures` wrong passwords (ids
 * `mail.logInLocked.*`), in their language: sent once per pause.
 */
export const logInLockedMail = async (
  language: Language,
  failures: number,
  minutes: number,
): Promise<Pick<Mail, 'subject' | 'text'>> => {
  const t = await translatorFor(language);
  return {
    subject: t('mail.logInLocked.subject'),
    text: [
      t('mail.logInLocked.intro', { failures, minutes }),
      '',
      t('mail.logInLocked.wasYou'),
      '',
      t('mail.logInLocked.notYou'),
    ].join('\n'),
  };
};

/**
 * The mail telling an account's owner that it was signed in to from a device it had not been signed in on before
 * (ids `mail.newSignIn.*`, issue 26), in their language. `device`: 'Chrome, Android', or null when unknown.
 */
export const newSignInMail = async (
  language: Language,
  device: string | null,
  at: Date,
): Promise<Pick<Mail, 'subject' | 'text'>> => {
  const t = await translatorFor(language);
  const time = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    subject: t('mail.newSignIn.subject'),
    text: [
      t('mail.newSignIn.intro', { device: device ?? t('mail.newSignIn.unknownDevice'), time }),
      '',
      t('mail.newSignIn.wasYou'),
      '',
      t('mail.newSignIn.notYou'),
    ].join('\n'),
  };
};
