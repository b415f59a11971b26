import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDENTIFICATION_IMAGE_MAX_BYTES } from '../../domain/identification';
import type { DomainMessageId } from '../../domain/messages';
import { HttpError, isHttpError, toViolations, violationsError } from '../http-error';
import { storeUpload, type StoredUpload } from '../uploads';

/*
 * The one way a route takes a private upload (an identification image, a proof of address): multipart, one file
 * in a named field, at most 5 MB, its type sniffed from its bytes (src/server/uploads.ts), counted per user.
 */

export const UPLOADS_PER_HOUR = 20;

/** Room for the multipart boundaries and part headers around the file in a request's declared length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Registers the multipart parser in the caller's plugin scope, so only its routes parse multipart bodies. */
export const registerUploads = async (app: FastifyInstance): Promise<void> => {
  await app.register(multipart, {
    limits: { fileSize: IDENTIFICATION_IMAGE_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
};

/** The route config of an upload: UPLOADS_PER_HOUR per user (`name` keeps each route's count apart). */
export const uploadRateLimit = (name: string) => ({
  rateLimit: {
    max: UPLOADS_PER_HOUR,
    timeWindow: 60 * 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.user?.id ?? request.ip}`,
  },
});

/**
 * 413, and the connection closed after it: otherwise Node reads (and throws away) the rest of an oversized body,
 * however big, to keep the connection alive.
 */
const tooLarge = (reply: FastifyReply): HttpError => {
  reply.header('connection', 'close');
  return new HttpError(413, 'identification.imageTooLarge');
};

const hasStatus = (error: unknown): boolean =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/**
 * Stores the request's one file of field `field` under the user's uploads: 400 `required` (a violation of `field`)
 * when there is none, 413 past 5 MB, 400 for a type that is not JPEG, PNG or WebP or a body that is not multipart.
 */
export const receiveUpload = async (
  request: FastifyRequest,
  reply: FastifyReply,
  options: { root: string; userId: number; field: string; required: DomainMessageId },
): Promise<StoredUpload> => {
  if (!request.isMultipart()) throw new HttpError(400, 'request.invalid');
  if (Number(request.headers['content-length']) > IDENTIFICATION_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge(reply);
  }
  // The parser throws plain errors (no status) for a body it cannot read, e.g. no boundary: bad input.
  const part = await request.file().catch((error: unknown) => {
    throw hasStatus(error) ? error : new HttpError(400, 'request.invalid');
  });
  if (!part || part.fieldname !== options.field) {
    part?.file.resume();
    throw violationsError(toViolations([{ field: options.field, messageId: options.required }]));
  }
  return storeUpload(options.root, options.userId, part.file).catch((error: unknown) => {
    throw isHttpError(error) && error.statusCode === 413 ? tooLarge(reply) : error;
  });
};
