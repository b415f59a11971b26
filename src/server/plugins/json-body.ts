import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

/** Deeper than any request of the contract (they nest two or three levels); bounds every walk of a body. */
export const JSON_DEPTH_LIMIT = 32;

/** Whether `value` nests arrays and objects deeper than `limit` levels; iterative, so any depth is safe to ask. */
export const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth });
  }
  return false;
};

/**
 * JSON bodies are parsed as Fastify does (prototype poisoning refused), then refused with a 400 when they nest
 * deeper than JSON_DEPTH_LIMIT: before any hook walks them (the Idempotency-Key fingerprint, validation), so no
 * body can overflow the stack.
 */
export const installJsonBodyParser = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (nestsDeeperThan(value, JSON_DEPTH_LIMIT))
        return done(new HttpError(400, 'request.invalid'), undefined);
      return done(null, value);
    });
  });
};
