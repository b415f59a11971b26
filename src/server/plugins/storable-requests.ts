import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { storable } from '../../contract/storable';

/**
 * The deepest JSON body accepted (the contract's deepest request is 3 levels). Deeper bodies are refused before
 * anything walks them recursively (the Idempotency-Key fingerprint, zod): 400, not a stack overflow.
 */
export const MAX_JSON_DEPTH = 32;

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

class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  }
}

/** Every route's body and query string validated by its zod schema made `storable` (src/contract/storable.ts). */
const storableValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: storable(route.schema) });

/**
 * Requests refuse what the database cannot hold (NUL, lone surrogates, numbers past int4) and JSON nested past
 * MAX_JSON_DEPTH, each a 400 envelope through the error handler; before any route is registered.
 */
export const installStorableRequests = (app: FastifyInstance): void => {
  app.setValidatorCompiler(storableValidatorCompiler);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
};
