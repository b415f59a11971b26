import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { createMailer } from '../../src/server/mail';
import { codeIn, registerUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The password-reset mail through a real SMTP server started here (smtp-server) over STARTTLS, with a login, and the
 * server's self-signed certificate trusted through SMTP_CA_FILE (tests/fixtures/smtp: CN=localhost, made with
 * `openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`).
 */

const FIXTURES = path.resolve(__dirname, '../fixtures/smtp');
const CERT_FILE = path.join(FIXTURES, 'localhost-cert.pem');
const USER = 'wallet-mailer';
const PASSWORD = 'smtp-password-for-tests';

interface Received {
  from: string | undefined;
  to: string[];
  secure: boolean;
  user: unknown;
  raw: string;
}

const servers: SMTPServer[] = [];
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/** An SMTP server on 127.0.0.1 offering STARTTLS (unless told not to) and PLAIN/LOGIN auth; every mail it takes. */
const startSmtp = async (options: Partial<SMTPServerOptions> = {}) => {
  const received: Received[] = [];
  const waiting: ((mail: Received) => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    key: readFileSync(path.join(FIXTURES, 'localhost-key.pem')),
    cert: readFileSync(CERT_FILE),
    authMethods: ['PLAIN', 'LOGIN'],
    // Log-in only over TLS, as a real relay asks.
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          secure: session.secure,
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        waiting.splice(0).forEach((resolve) => resolve(mail));
        callback();
      });
    },
    logger: false,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.server.address() as AddressInfo;
  const next = () =>
    received.length > 0
      ? Promise.resolve(received[received.length - 1] as Received)
      : new Promise<Received>((resolve) => waiting.push(resolve));
  return { port, received, next };
};

const settings = (port: number) => ({
  SMTP_HOST: 'localhost',
  SMTP_PORT: port,
  SMTP_SECURITY: 'starttls' as const,
  SMTP_USER: USER,
  SMTP_PASSWORD: PASSWORD,
  SMTP_CA_FILE: CERT_FILE,
  MAIL_FROM: 'Cedi Wallet <no-reply@cedi.example>',
});

/** The decoded text of a mail (nodemailer sends quoted-printable text). */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('the password-reset mail over SMTP', () => {
  it('arrives through STARTTLS, logged in, with the code', async () => {
    const smtp = await startSmtp();
    t = await createTestApp(settings(smtp.port));
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.forgotPassword,
      payload: { email: user.input.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.next();
    expect(mail.secure).toBe(true);
    expect(mail.user).toBe(USER);
    expect(mail.from).toBe('no-reply@cedi.example');
    expect(mail.to).toEqual([user.input.email.toLowerCase()]);
    const code = codeIn(textOf(mail.raw));
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyResetCode,
      payload: { email: user.input.email, code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('is never sent in clear text: a server without STARTTLS gets nothing', async () => {
    const smtp = await startSmtp({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const mailer = createMailer({ ...settings(smtp.port), SMTP_URL: undefined, DATA_DIR: '/nonexistent' });
    await expect(
      mailer.send({ to: 'ama@example.com', subject: 'Code', text: 'Your code is 123456' }),
    ).rejects.toThrow();
    expect(smtp.received).toEqual([]);
  });

  it('refuses a certificate it was not told to trust', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({
      ...settings(smtp.port),
      SMTP_CA_FILE: undefined,
      SMTP_URL: undefined,
      DATA_DIR: '/nonexistent',
    });
    await expect(
      mailer.send({ to: 'ama@example.com', subject: 'Code', text: 'Your code is 123456' }),
    ).rejects.toThrow(/certificate/i);
    expect(smtp.received).toEqual([]);
  });
});
