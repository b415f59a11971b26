import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';

type ResponseSerializerCompiler = FastifySerializerCompiler<z.ZodType>;

/**
 * Development and tests: an answer that does not match its route's response schema is a 500 (logged), never sent.
 * What is sent is the answer itself, not zod's copy of it, so the bytes are the ones production sends; the test
 * harness also fails on keys the schema does not know (zod would silently drop them).
 */
export const checkedSerializerCompiler: ResponseSerializerCompiler =
  ({ schema, method, url }) =>
  (data) => {
    const checked = z.safeEncode(schema, data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return JSON.stringify(data);
  };

/** Production: the answers were checked against their schemas by the tests; no zod on the way out. */
export const fastSerializerCompiler: ResponseSerializerCompiler = () => (data) => JSON.stringify(data);

/** See docs/decisions.md, "Issue 7: server layout", for the figures behind this choice. */
export const responseSerializerCompiler = (config: Pick<Config, 'NODE_ENV'>): ResponseSerializerCompiler =>
  config.NODE_ENV === 'production' ? fastSerializerCompiler : checkedSerializerCompiler;
