/** Passkey calls for server tests (issue 26), with the software authenticator of software-authenticator.ts. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  encodeStepUpProof,
  type AuthenticationOptions,
  type Passkey,
  type PasskeyLogInOptionsResponse,
  type RegistrationOptions,
  type StepUpOptionsResponse,
} from '../../src/contract/passkeys';
import { apiPaths } from '../../src/contract/paths';
import type { Config } from '../../src/server/config';
import { relyingPartyOf } from '../../src/server/passkeys/relying-party';
import { bearer, envelope } from './server-helpers';
import { SoftwareAuthenticator, type AssertOverrides } from './software-authenticator';

/** An authenticator speaking from the app's own origin (ORIGIN, else http://localhost:PORT). */
export const authenticatorFor = (config: Config) =>
  new SoftwareAuthenticator({ origin: relyingPartyOf(config).origin });

export const registrationOptionsFor = async (
  app: FastifyInstance,
  token: string,
): Promise<RegistrationOptions> => {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.passkeyRegistrationOptions,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<{ options: RegistrationOptions }>(response).data.options;
};

/** Registers a new passkey of `authenticator` on the token's account. */
export const addPasskey = async (
  app: FastifyInstance,
  token: string,
  authenticator: SoftwareAuthenticator,
  name = 'My phone',
): Promise<Passkey> => {
  const options = await registrationOptionsFor(app, token);
  const { response } = authenticator.register(options);
  const answer = await app.inject({
    method: 'POST',
    url: apiPaths.registerPasskey,
    headers: bearer(token),
    payload: { name, response },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return envelope<Passkey>(answer).data;
};

export const logInOptions = async (app: FastifyInstance): Promise<PasskeyLogInOptionsResponse> => {
  const response = await app.inject({ method: 'POST', url: apiPaths.passkeyLogInOptions });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<PasskeyLogInOptionsResponse>(response).data;
};

/** Options, an assertion of `authenticator` (with `overrides`), and the PasskeyLogIn answer. */
export const passkeyLogIn = async (
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  overrides: AssertOverrides = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> => {
  const { ceremonyId, options } = await logInOptions(app);
  const response = authenticator.assert(options as AuthenticationOptions, overrides);
  return app.inject({
    method: 'POST',
    url: apiPaths.passkeyLogIn,
    payload: { ceremonyId, response },
    headers,
  });
};

/** StepUpOptions for a refused request (path and body as sent; a DELETE's query as the body), as answered. */
export const stepUpOptionsFor = async (
  app: FastifyInstance,
  token: string,
  path: string,
  body: object,
): Promise<StepUpOptionsResponse> => {
  const answer = await app.inject({
    method: 'POST',
    url: apiPaths.stepUpOptions,
    headers: bearer(token),
    payload: { path, body },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return envelope<StepUpOptionsResponse>(answer).data;
};

/** A Step-Up-Proof header's value: `authenticator` signs the step-up options of that request. */
export const stepUpProofFor = async (
  app: FastifyInstance,
  token: string,
  authenticator: SoftwareAuthenticator,
  path: string,
  body: object,
): Promise<string> => {
  const { options } = await stepUpOptionsFor(app, token, path, body);
  return encodeStepUpProof(authenticator.assert(options as AuthenticationOptions));
};
