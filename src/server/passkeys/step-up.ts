import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  decodeStepUpProof,
  type StepUpChange,
  STEP_UP_PROOF_HEADER,
  STEP_UP_REQUIRED_MESSAGE_ID,
} from '../../contract/passkeys';
import { appendAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';
import { idempotencyOf, requireIdempotencyKey } from '../idempotency/require-idempotency-key';
import { findIdempotencyRecord } from '../idempotency/stored-answers';
import { currentUser } from '../plugins/auth';
import { CeremonyError, verifyAssertion } from './ceremonies';
import {
  hasPasskey,
  recordPasskeyUse,
  stepUpStateOf,
  stepUpThresholdOf,
  type OperationSummary,
} from './passkey-store';
import { moneyMoveSummaries, type StepUpSummarizer } from './money-moves';
import type { RelyingParty } from './relying-party';
import { securityChanges, type SecurityChange } from './security-changes';

/*
 * The step-up before large money moves (issue 26), enforced in one place for every money-moving route.
 *
 * A money-moving route is one that takes an Idempotency-Key (requireIdempotencyKey in its preValidation), the
 * same test the OpenAPI document uses. Each must be in the table of passkeys/money-moves.ts (what it moves and to
 * whom); a money-moving route missing there stops the server from starting. Before its handler (preHandler, so after the
 * token, the identity gate, the key and the body's validation), a user with a passkey whose amount is above
 * their step-up amount must send a proof made from StepUpOptions for this very operation; else 401
 * 'auth.stepUpRequired' and nothing moves. A user without a passkey is never asked.
 *
 * The same check, without the amount, guards the security changes of passkeys/security-changes.ts (turning the
 * step-up off or raising it, removing a passkey): else a signed-in session without the passkey could undo the
 * step-up, then move money unasked.
 */

export const isMoneyMovingRoute = (route: Pick<RouteOptions, 'preValidation'>): boolean =>
  [route.preValidation].flat().includes(requireIdempotencyKey);

interface MoneyRoute {
  bodySchema: z.ZodType | undefined;
  summarize: StepUpSummarizer;
}

export interface StepUpDeps {
  db: Db;
  rp: RelyingParty;
}

/** What StepUpOptions binds its challenge to, and for a security change how the dialog says it. */
export interface StepUpRequest {
  operation: OperationSummary;
  change?: StepUpChange;
}

/**
 * The operation a refused request (path and body, as sent; for a DELETE its query) asks the user to confirm, or
 * null when the path neither moves money nor weakens the protection, or there is nothing to confirm. A body the
 * route would refuse: 400 'request.invalid'.
 */
export type StepUpRequestOf = (userId: number, path: string, body: unknown) => Promise<StepUpRequest | null>;

const parsed = (schema: z.ZodType | undefined, body: unknown): unknown => {
  if (!schema) return body;
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, 'request.invalid');
  return result.data;
};

const moneyOperationOf = async (
  route: MoneyRoute,
  path: string,
  userId: number,
  body: unknown,
): Promise<OperationSummary | null> => {
  const move = await route.summarize(userId, body as never);
  return move ? { path, amountMinor: move.amountMinor, beneficiary: move.beneficiary } : null;
};

const changeOf = async (
  change: SecurityChange,
  path: string,
  userId: number,
  input: unknown,
): Promise<StepUpRequest | null> => {
  const summary = await change.summarize(userId, input as never);
  if (!summary) return null;
  const { amountMinor, beneficiary } = summary;
  return { operation: { path, amountMinor, beneficiary }, change: summary.change };
};

/**
 * Registers the step-up on `app` before its routes: the registry of money-moving routes (a route without a
 * `stepUp` config is refused at registration) and the check before every money-moving handler and security
 * change. Answers how StepUpOptions reads a refused request.
 */
export const installStepUp = (app: FastifyInstance, { db, rp }: StepUpDeps): StepUpRequestOf => {
  const routes = new Map<string, MoneyRoute>();
  const summaries = moneyMoveSummaries(db);
  const changes = securityChanges(db);

  app.addHook('onRoute', (route) => {
    if (!isMoneyMovingRoute(route)) return;
    const summarize = summaries[route.url];
    if (!summarize) {
      throw new Error(
        `${route.method} ${route.url} moves money (it takes an Idempotency-Key) but has no step-up: ` +
          'add what it moves and to whom to src/server/passkeys/money-moves.ts',
      );
    }
    routes.set(route.url, { bodySchema: route.schema?.body as z.ZodType | undefined, summarize });
  });

  /** The money move above the user's amount this request is, or null. */
  const moneyOperationToConfirm = async (
    request: FastifyRequest,
    route: MoneyRoute,
    path: string,
    userId: number,
  ): Promise<OperationSummary | null> => {
    const threshold = stepUpThresholdOf(await stepUpStateOf(db, userId));
    if (threshold === null) return null;
    // A repeat of a request already accepted under this key (a lost answer, a MoMo payment followed) moves
    // nothing new: it replays or follows, unasked.
    const key = idempotencyOf(request);
    const recorded = await findIdempotencyRecord(db, key);
    if (recorded && recorded.requestHash === key.requestHash) return null;
    const operation = await moneyOperationOf(route, path, userId, request.body);
    return operation && operation.amountMinor > threshold ? operation : null;
  };

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const path = request.routeOptions.url ?? '';
    const route = routes.get(path);
    const candidate = changes.get(path);
    const change = candidate?.method === request.method ? candidate : undefined;
    if (!route && !change) return;
    const user = currentUser(request);
    // Most users have no passkey: one indexed lookup, and they are never asked.
    if (!(await hasPasskey(db, user.id))) return;
    const operation = change
      ? (await changeOf(change, path, user.id, change.from === 'query' ? request.query : request.body))
          ?.operation
      : await moneyOperationToConfirm(request, route!, path, user.id);
    if (!operation) return;

    const header = request.headers[STEP_UP_PROOF_HEADER.toLowerCase()];
    const proof = decodeStepUpProof(typeof header === 'string' ? header : undefined);
    if (!proof) throw new HttpError(401, STEP_UP_REQUIRED_MESSAGE_ID);
    const actor = { kind: 'user', id: user.id } as const;
    const subject = `user:${user.id}`;
    try {
      // The challenge must be this session's step-up for exactly this operation (any difference finds none); it
      // is used up by this attempt, whatever follows.
      const verified = await verifyAssertion(
        db,
        rp,
        'stepUp',
        { userId: user.id, sessionId: user.sessionId, operation },
        proof,
        403,
        user.id,
      );
      await db.transaction(async (tx) => {
        if (!(await recordPasskeyUse(tx, verified.passkey.id, verified.newCounter))) {
          throw new CeremonyError(403, 'passkey.counterReplayed', 'counter raced');
        }
        const after = { ...operation, passkeyId: verified.passkey.id };
        await appendAudit(tx, { actor, action: 'auth.stepUp', subject, after });
      });
    } catch (error) {
      if (error instanceof CeremonyError) {
        const after = { ...operation, messageId: error.messageId, reason: error.reason };
        await appendAudit(db, { actor, action: 'auth.stepUpRefused', subject, after });
      }
      throw error;
    }
  });

  return async (userId, path, body) => {
    const route = routes.get(path);
    if (route) {
      const operation = await moneyOperationOf(route, path, userId, parsed(route.bodySchema, body));
      return operation ? { operation } : null;
    }
    const change = changes.get(path);
    return change ? changeOf(change, path, userId, parsed(change.schema, body)) : null;
  };
};
