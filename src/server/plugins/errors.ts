import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { DomainMessageId } from '../../domain/messages';
import { failure } from '../envelope';
import { isHttpError } from '../http-error';

/** Fastify's own 4xx errors (bad JSON, wrong content type...) keep their status with our envelope. */
const clientErrorMessage = (status: number): DomainMessageId => {
  if (status === 413) return 'request.tooLarge';
  if (status === 429) return 'request.tooMany';
  if (status === 404) return 'notFound';
  if (status === 431) return 'request.headersTooLarge';
  if (status === 408) return 'request.timeout';
  return 'request.invalid';
};

/**
 * A database error carries its query's parameters (emails, password hashes, token hashes): log the driver's code
 * and message, never the parameters.
 */
const loggableError = (error: Error & { query?: unknown; params?: unknown; cause?: unknown }) => {
  if (error.params === undefined && error.query === undefined) return error;
  const cause = error.cause as { code?: unknown; message?: unknown; constraint?: unknown } | undefined;
  return {
    type: error.name,
    message: 'database query failed',
    dbCode: cause?.code,
    cause: typeof cause?.message === 'string' ? cause.message : undefined,
    constraint: cause?.constraint,
    // The stack starts with the message, which holds the query and its parameters: keep only the frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
};

/**
 * Every error becomes `{ code, message, data: { messageId, violations? } }` with the HTTP status equal to `code`.
 * Nothing internal (stack, SQL, driver message) ever reaches the client; unexpected errors are logged.
 */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isHttpError(error)) {
      return reply.code(error.statusCode).send(failure(error.statusCode, error.messageId, error.violations));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send(failure(400, 'request.invalid'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(status, clientErrorMessage(status)));
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.code(500).send(failure(500, 'server.error'));
  });
};
