import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { LogInResponse } from '../../src/contract/user';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import type { SignUpInput } from '../../src/domain/sign-up';
import { validSignUpInput } from './sign-up-arbitraries';

export interface Envelope<Data = unknown> {
  code: number;
  message: string;
  data: Data;
}

/** The parsed envelope, after checking that the HTTP status equals its `code`. */
export const envelope = <Data = unknown>(response: LightMyRequestResponse): Envelope<Data> => {
  const body = response.json<Envelope<Data>>();
  expect(body.code).toBe(response.statusCode);
  expect(typeof body.message).toBe('string');
  expect(body).toHaveProperty('data');
  return body;
};

/** A refusal: its status, the messageId in its data and that message's English text. */
export const expectRefusal = (
  response: LightMyRequestResponse,
  status: number,
  messageId: DomainMessageId,
): void => {
  expect(response.statusCode, response.body).toBe(status);
  const body = envelope<{ messageId: string }>(response);
  expect(body.data.messageId).toBe(messageId);
  expect(body.message).toBe(domainMessages[messageId]);
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface RegisteredUser {
  userId: number;
  input: SignUpInput;
}

let signUps = 0;
/**
 * An address of its own for each test sign-up (10.x.y.z), so a file's many users do not meet the per-address
 * sign-up limit (src/server/plugins/abuse-limits.ts), which tests/server/abuse-limits.test.ts proves.
 */
const nextSignUpAddress = (): string => {
  signUps += 1;
  return `10.${(signUps >> 16) & 255}.${(signUps >> 8) & 255}.${signUps & 255}`;
};

export const registerUser = async (
  app: FastifyInstance,
  overrides: Partial<SignUpInput> = {},
): Promise<RegisteredUser> => {
  const input = validSignUpInput(overrides);
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.register,
    payload: input,
    remoteAddress: nextSignUpAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { userId: envelope<{ userId: number }>(response).data.userId, input };
};

export const logIn = async (
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LogInResponse> => {
  const response = await app.inject({ method: 'POST', url: apiPaths.logIn, payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<LogInResponse>(response).data;
};

/** A new user, logged in. */
export const signedInUser = async (app: FastifyInstance, overrides: Partial<SignUpInput> = {}) => {
  const user = await registerUser(app, overrides);
  const { token, userDetails } = await logIn(app, user.input.email, user.input.createPassword);
  return { ...user, token, userDetails };
};

/** The newest outbox mail to `to`, waiting for it a little (mails are sent after the answer). */
export const latestMailTo = async (
  dataDir: string,
  to: string,
  newerThan: ReadonlySet<string> = new Set(),
): Promise<{ file: string; to: string; subject: string; text: string }> => {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => !newerThan.has(f))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
      };
      if (mail.to === to) return { file, ...mail };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
};

export const outboxFiles = async (dataDir: string): Promise<Set<string>> =>
  new Set(await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]));

export const codeIn = (text: string): string => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
};
