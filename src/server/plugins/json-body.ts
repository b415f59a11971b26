import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

/** Deeper than any request of the contract (they nest two or three levels); bounds every walk of a body. */
export const JSON_DEPTH_LIMIT = 32;

/** How deep `text` nests arrays and objects, read once without recursion (brackets inside strings do not count). */
export const jsonDepth = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
};

/**
 * JSON bodies nested deeper than JSON_DEPTH_LIMIT are refused with a 400 from their text, before anything parses
 * or walks them (the Idempotency-Key fingerprint, validation), so no body can overflow the stack; the rest are
 * parsed as Fastify does (prototype poisoning refused).
 */
export const installJsonBodyParser = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > JSON_DEPTH_LIMIT) {
      done(new HttpError(400, 'request.invalid'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
};
