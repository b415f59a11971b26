import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope';

/*
 * Reference lists (countries, banks, methods, purposes, identification types, billers, betting operators) change
 * only with a deployment (they are seeded; no admin command edits them), so each host reads each list once,
 * serializes its answer once, and serves it with a strong ETag: a client that has it gets a 304 with no body.
 * Exchange rates are not among them: they change by `npm run rates` while the server runs.
 */

/** How long a client may use its copy before asking again (with If-None-Match). */
export const REFERENCE_MAX_AGE_SECONDS = 300;

interface CachedAnswer {
  body: string;
  etag: string;
}

const answerOf = (data: unknown, fields: Record<string, unknown>): CachedAnswer => {
  const body = JSON.stringify({ ...ok(data), ...fields });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};

/** Whether If-None-Match names this ETag (a list, weak forms, or '*'). */
const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });

export interface ReferenceCache {
  /**
   * Answers the list under `key` (loaded on first use), or 304 when the request's If-None-Match holds its ETag.
   * `shared`: the answer is the same without a session (public routes): shared caches may keep it too.
   * `fields`: what the envelope carries beside code, message and data (the billers' `error` of spec section 7).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
    options?: { shared?: boolean; fields?: Record<string, unknown> },
  ): Promise<FastifyReply>;
}

/** One host's reference lists. A failed load is not kept: the next request tries again. */
export const createReferenceCache = (): ReferenceCache => {
  const answers = new Map<string, Promise<CachedAnswer>>();
  const answerFor = (
    key: string,
    load: () => Promise<unknown>,
    fields: Record<string, unknown>,
  ): Promise<CachedAnswer> => {
    let answer = answers.get(key);
    if (!answer) {
      answer = load().then((data) => answerOf(data, fields));
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  return {
    async send(request, reply, key, load, { shared = false, fields = {} } = {}) {
      const { body, etag } = await answerFor(key, load, fields);
      reply
        .header('etag', etag)
        .header('cache-control', `${shared ? 'public' : 'private'}, max-age=${REFERENCE_MAX_AGE_SECONDS}`);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(body);
    },
  };
};
