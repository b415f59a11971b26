import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOpsPath } from '../../contract/ops';
import { HttpError } from '../http-error';
import type { SessionCache } from '../sessions/session-cache';

export interface AuthenticatedUser {
  id: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sessions in memory, invalidated on every host (see SessionCache). */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    /** The token's user on protected routes; null on public ones. */
    user: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    /** An /api route anyone may call without a bearer token. Every other /api route needs one. */
    public?: boolean;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
};

const USER_ID_KEY = /^userid$/i;

/** Every `userId` (any casing) in the query string or the top level of the body. */
const claimedUserIds = (request: FastifyRequest): unknown[] => {
  const claimed: unknown[] = [];
  for (const source of [request.query, request.body]) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) if (USER_ID_KEY.test(key)) claimed.push(value);
  }
  return claimed;
};

/**
 * Protected by default: every /api route needs a live session unless its config says `public: true`.
 * The user comes from the token, never from the request: a userId in the query or body that is not the token's
 * user is a 403 (OWASP API1, BOLA), checked here once for every route, present and future.
 */
export const installAuth = (app: FastifyInstance, sessions: SessionCache): void => {
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    // The back office's routes take a staff token instead (ops/staff-auth.ts): a user's is never one.
    if (!route.url?.startsWith('/api/') || route.config.public || isOpsPath(route.url)) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await sessions.find(token) : null;
    if (!session) throw new HttpError(401, 'auth.required');
    request.user = { id: session.userId, sessionId: session.id };
    await sessions.touch(session);
  });

  // Before schema validation, so a claim the schema would not even read (`UserId`, `USERID`) is refused too.
  app.addHook('preValidation', async (request) => {
    const user = request.user;
    if (!user) return;
    for (const claimed of claimedUserIds(request)) {
      if (Number(claimed) !== user.id) throw new HttpError(403, 'auth.forbidden');
    }
  });
};

export const currentUser = (request: FastifyRequest): AuthenticatedUser => {
  if (!request.user) throw new HttpError(401, 'auth.required');
  return request.user;
};
