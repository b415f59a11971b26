import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, noDataSchema } from '../../../contract/envelope';
import {
  type AuthenticationOptions,
  type RegistrationOptions,
  deletePasskeyQuerySchema,
  passkeyLogInOptionsResponseSchema,
  passkeyLogInRequestSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeysResponseSchema,
  registerPasskeyRequestSchema,
  registerPasskeyResponseSchema,
  revokeSessionRequestSchema,
  sessionsResponseSchema,
  STEP_UP_PROOF_TTL_SECONDS,
  stepUpOptionsRequestSchema,
  stepUpOptionsResponseSchema,
  stepUpSettingRequestSchema,
  stepUpSettingSchema,
} from '../../../contract/passkeys';
import { apiPaths } from '../../../contract/paths';
import { logInResponseSchema } from '../../../contract/user';
import { minorToApiAmount, parseDecimalAmount } from '../../../domain/money';
import { appendAudit, type AuditActor } from '../../audit/audit-log';
import { isUniqueViolation } from '../../db/errors';
import { ok } from '../../envelope';
import { HttpError } from '../../http-error';
import {
  assertionOptions,
  CeremonyError,
  CEREMONY_TTL_MS,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
} from '../../passkeys/ceremonies';
import {
  credentialsOf,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  newCeremonyId,
  recordPasskeyUse,
  setStepUpMinor,
  stepUpStateOf,
  userHandleOf,
} from '../../passkeys/passkey-store';
import type { RelyingParty } from '../../passkeys/relying-party';
import type { StepUpRequestOf } from '../../passkeys/step-up';
import { abuseLimiter } from '../../plugins/abuse-limits';
import { currentUser } from '../../plugins/auth';
import { perIpAndCredentialLimit, perIpLimit } from '../../plugins/rate-limit';
import { liveSessionsOf, openSession, revokeUserSession } from '../../sessions/sign-in';
import type { RouteDeps } from '../deps';
import { findEmailOf, userDetails } from '../user/users-repository';

export interface PasskeyRouteDeps extends RouteDeps {
  rp: RelyingParty;
  /** How StepUpOptions reads a refused request (passkeys/step-up.ts). */
  stepUpRequestOf: StepUpRequestOf;
}

/**
 * Issue 26: passkeys (registration, log-in, the list, removal), the step-up's options and setting, and the devices
 * the user is signed in on. Schemas in src/contract/passkeys.ts.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteDeps> = async (app, deps) => {
  const { db, config, mailer, rp, stepUpRequestOf } = deps;
  const limiter = abuseLimiter(db, config);
  const signIn = { db, config, mailer, log: app.log };
  const userActor = (id: number): AuditActor => ({ kind: 'user', id });

  /* Registration, from the account area */

  app.post(
    apiPaths.passkeyRegistrationOptions,
    { schema: { response: envelopeResponses(200, passkeyRegistrationOptionsResponseSchema) } },
    async (request) => {
      const { id, sessionId } = currentUser(request);
      const [email, details, existing] = await Promise.all([
        findEmailOf(db, id),
        userDetails(db, id),
        credentialsOf(db, id),
      ]);
      const user = { id, email: email ?? `user-${id}`, fullName: details.fullName };
      const options = await registrationOptions(db, rp, config.APP_SECRET, user, sessionId, existing);
      return ok({ options: options as unknown as RegistrationOptions });
    },
  );

  app.post(
    apiPaths.registerPasskey,
    {
      schema: {
        body: registerPasskeyRequestSchema,
        response: envelopeResponses(201, registerPasskeyResponseSchema),
      },
    },
    async (request, reply) => {
      const { id: userId, sessionId } = currentUser(request);
      const name = request.body.name.trim();
      if (name === '') throw new HttpError(400, 'request.invalid');
      const credential = await verifyRegistration(db, rp, userId, sessionId, request.body.response);
      try {
        const passkey = await db.transaction(async (tx) => {
          const created = await insertPasskey(tx, { ...credential, name });
          await appendAudit(tx, {
            actor: userActor(userId),
            action: 'passkey.registered',
            subject: `user:${userId}`,
            after: { passkeyId: created.id, name, backedUp: created.backedUp },
          });
          return created;
        });
        return reply.code(201).send(ok(passkey, 201));
      } catch (error) {
        if (isUniqueViolation(error, 'passkeys_credential_id_unique')) {
          throw new HttpError(409, 'passkey.alreadyRegistered');
        }
        throw error;
      }
    },
  );

  app.get(
    apiPaths.passkeys,
    { schema: { response: envelopeResponses(200, passkeysResponseSchema) } },
    async (request) => ok({ passkeys: await listPasskeys(db, currentUser(request).id) }),
  );

  app.delete(
    apiPaths.deletePasskey,
    { schema: { querystring: deletePasskeyQuerySchema, response: envelopeResponses(200, noDataSchema) } },
    async (request) => {
      const userId = currentUser(request).id;
      await db.transaction(async (tx) => {
        if (!(await deletePasskey(tx, userId, request.query.id)))
          throw new HttpError(404, 'passkey.notFound');
        await appendAudit(tx, {
          actor: userActor(userId),
          action: 'passkey.removed',
          subject: `user:${userId}`,
          before: { passkeyId: request.query.id },
        });
      });
      return ok(null);
    },
  );

  /*
   * Log-in with a passkey (no token): a ceremony's start names nobody, so it is limited per address; the log-in is
   * limited like the password log-in, the credential standing for the email.
   */

  app.post(
    apiPaths.passkeyLogInOptions,
    {
      config: { public: true, rateLimit: perIpLimit(config.PASSKEY_CEREMONIES_PER_MINUTE) },
      schema: { response: envelopeResponses(200, passkeyLogInOptionsResponseSchema) },
    },
    async () => {
      const ceremonyId = newCeremonyId();
      const { options } = await assertionOptions(db, rp, 'logIn', { ceremonyId }, CEREMONY_TTL_MS);
      return ok({ ceremonyId, options: options as unknown as AuthenticationOptions });
    },
  );

  app.post(
    apiPaths.passkeyLogIn,
    {
      config: { public: true, rateLimit: perIpAndCredentialLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE) },
      schema: { body: passkeyLogInRequestSchema, response: envelopeResponses(200, logInResponseSchema) },
    },
    async (request, reply) => {
      const { ceremonyId, response } = request.body;
      // The account's failed log-ins are counted as the password log-in counts them (one limit for both ways in).
      const known = await findPasskeyByCredentialId(db, response.id);
      const email = known ? await findEmailOf(db, known.userId) : null;
      const attempt = email
        ? await limiter.enforce(reply, 'logInFailuresPerAccount', email, 'logIn.tooManyFailures')
        : null;
      try {
        const verified = await verifyAssertion(db, rp, 'logIn', { ceremonyId }, response, 401);
        const { passkey } = verified;
        const handle = response.response.userHandle;
        const expected = Buffer.from(userHandleOf(config.APP_SECRET, passkey.userId)).toString('base64url');
        if (handle !== undefined && handle !== expected) {
          const error = new CeremonyError(401, 'passkey.verificationFailed', 'user handle');
          error.userId = passkey.userId;
          throw error;
        }
        const session = await db.transaction(async (tx) => {
          if (!(await recordPasskeyUse(tx, passkey.id, verified.newCounter))) {
            const error = new CeremonyError(401, 'passkey.counterReplayed', 'counter raced');
            error.userId = passkey.userId;
            throw error;
          }
          const opened = await openSession(signIn, passkey.userId, request, 'passkey', tx);
          await appendAudit(tx, {
            actor: userActor(passkey.userId),
            action: 'auth.passkeyLogIn',
            subject: `user:${passkey.userId}`,
            after: { passkeyId: passkey.id, sessionId: opened.sessionId },
          });
          return opened;
        });
        if (attempt) await limiter.forget(attempt);
        session.announce();
        return ok({ token: session.token, userDetails: await userDetails(db, passkey.userId) });
      } catch (error) {
        if (error instanceof CeremonyError && error.userId !== null) {
          await appendAudit(db, {
            actor: userActor(error.userId),
            action: 'auth.passkeyLogInRefused',
            subject: `user:${error.userId}`,
            after: { messageId: error.messageId, reason: error.reason },
          });
        }
        throw error;
      }
    },
  );

  /* The step-up: options for one money request or security change, and the user's amount */

  app.post(
    apiPaths.stepUpOptions,
    {
      schema: {
        body: stepUpOptionsRequestSchema,
        response: envelopeResponses(200, stepUpOptionsResponseSchema),
      },
    },
    async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      const asked = await stepUpRequestOf(userId, request.body.path, request.body.body);
      const allow = await credentialsOf(db, userId);
      if (!asked || allow.length === 0) throw new HttpError(400, 'stepUp.notMoneyMoving');
      const { operation, change } = asked;
      const ttlMs = STEP_UP_PROOF_TTL_SECONDS * 1000;
      const binding = { userId, sessionId, operation };
      const { options, expiresAt } = await assertionOptions(db, rp, 'stepUp', binding, ttlMs, allow);
      return ok({
        options: options as unknown as AuthenticationOptions,
        operation: { amount: minorToApiAmount(operation.amountMinor), beneficiary: operation.beneficiary },
        ...(change ? { change } : {}),
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  const settingOf = async (userId: number) => {
    const state = await stepUpStateOf(db, userId);
    const chosen = state.chosenMinor === undefined ? state.defaultMinor : state.chosenMinor;
    return {
      amount: chosen === null ? null : minorToApiAmount(chosen),
      defaultAmount: minorToApiAmount(state.defaultMinor),
      hasPasskey: state.hasPasskey,
    };
  };

  app.get(
    apiPaths.stepUpSetting,
    { schema: { response: envelopeResponses(200, stepUpSettingSchema) } },
    async (request) => ok(await settingOf(currentUser(request).id)),
  );

  app.put(
    apiPaths.stepUpSetting,
    {
      // GET and PUT share the path: the document names this one apart.
      schema: {
        operationId: 'SetStepUpSetting',
        body: stepUpSettingRequestSchema,
        response: envelopeResponses(200, stepUpSettingSchema),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { amount } = request.body;
      const amountMinor = amount === null ? null : parseDecimalAmount(amount);
      if (amount !== null && (amountMinor === null || amountMinor <= 0)) {
        throw new HttpError(400, 'request.invalid');
      }
      const before = await settingOf(userId);
      await db.transaction(async (tx) => {
        await setStepUpMinor(tx, userId, amountMinor);
        await appendAudit(tx, {
          actor: userActor(userId),
          action: 'stepUp.settingChanged',
          subject: `user:${userId}`,
          before: { amount: before.amount },
          after: { amount },
        });
      });
      return ok(await settingOf(userId));
    },
  );

  /* Devices: the sessions the user is signed in on */

  app.get(
    apiPaths.sessions,
    { schema: { response: envelopeResponses(200, sessionsResponseSchema) } },
    async (request) => {
      const { id, sessionId } = currentUser(request);
      return ok({ sessions: await liveSessionsOf(db, id, sessionId, config) });
    },
  );

  app.post(
    apiPaths.revokeSession,
    { schema: { body: revokeSessionRequestSchema, response: envelopeResponses(200, noDataSchema) } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { sessionId } = request.body;
      await db.transaction(async (tx) => {
        if (!(await revokeUserSession(tx, userId, sessionId))) throw new HttpError(404, 'session.notFound');
        await appendAudit(tx, {
          actor: userActor(userId),
          action: 'session.revoked',
          subject: `user:${userId}`,
          before: { sessionId },
        });
      });
      // This host forgets it at once; the others on the sessions trigger's notification (within a second).
      app.sessions.forgetSession(userId, sessionId);
      return ok(null);
    },
  );
};
