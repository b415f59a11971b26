import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { and, asc, eq, notExists } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addIdentificationRequestSchema,
  identificationImageQuerySchema,
  type Identification,
  type UploadedImage,
} from '../../contract/identification';
import { apiPaths } from '../../contract/paths';
import { userIdQuerySchema } from '../../contract/user';
import { todayIso } from '../../domain/calendar';
import { IDENTIFICATION_IMAGE_MAX_BYTES, identificationViolations } from '../../domain/identification';
import { domainMessages } from '../../domain/messages';
import type { Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { identificationImages, identifications, identificationTypes, users } from '../db/schema';
import { ok } from '../envelope';
import { HttpError, isHttpError, toViolations, violationsError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { removeStoredUpload, resolveStoredPath, storeUpload, uploadsRoot } from '../uploads';
import type { RouteDeps } from './deps';

export const IMAGE_FIELD = 'image';
export const UPLOADS_PER_HOUR = 20;

const NUMBER_UNIQUE = 'identifications_identification_number_unique';
const IMAGE_UNIQUE = 'identifications_image_unique';

/** Room for the multipart boundaries and part headers around the image in a request's declared length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * 413, and the connection closed after it: otherwise Node reads (and throws away) the rest of an oversized body,
 * however big, to keep the connection alive.
 */
const tooLarge = (reply: FastifyReply): HttpError => {
  reply.header('connection', 'close');
  return new HttpError(413, 'identification.imageTooLarge');
};

const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;
/** The largest value of a PostgreSQL integer column: a bigger id cannot be on file (and would fail the query). */
const MAX_INTEGER_ID = 2_147_483_647;

const hasStatus = (error: unknown): boolean =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/** The stored file's absolute path, or null when the row's path would lead outside the uploads root. */
const storedFile = (root: string, storagePath: string): string | null => {
  try {
    return resolveStoredPath(root, storagePath);
  } catch {
    return null;
  }
};

/** The token user's identifications (or one of them), in the contract's shape, oldest first. */
const identificationsOf = async (db: Queryable, userId: number, id?: number): Promise<Identification[]> => {
  const rows = await db
    .select({
      id: identifications.id,
      identificationTypeId: identifications.identificationTypeId,
      identificationType: identificationTypes.name,
      identificationNumber: identifications.identificationNumber,
      issuedDate: identifications.issuedDate,
      expiryDate: identifications.expiryDate,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      imageId: identifications.imageId,
    })
    .from(identifications)
    .innerJoin(identificationTypes, eq(identificationTypes.id, identifications.identificationTypeId))
    .innerJoin(users, eq(users.id, identifications.userId))
    .where(and(eq(identifications.userId, userId), id === undefined ? undefined : eq(identifications.id, id)))
    .orderBy(asc(identifications.createdAt), asc(identifications.id));
  return rows.map(({ firstName, middleName, lastName, ...row }) => ({
    ...row,
    identificationNo: row.identificationNumber,
    fullName: [firstName, middleName, lastName].filter((name) => name !== '').join(' '),
  }));
};

/** This user's upload that no identification uses yet, or null. */
const unusedImage = async (db: Queryable, userId: number, imageId: string) => {
  if (!isUuid(imageId)) return null;
  const [image] = await db
    .select({ id: identificationImages.id, sizeBytes: identificationImages.sizeBytes })
    .from(identificationImages)
    .where(
      and(
        eq(identificationImages.id, imageId),
        eq(identificationImages.userId, userId),
        notExists(
          db
            .select({ id: identifications.id })
            .from(identifications)
            .where(eq(identifications.imageId, identificationImages.id)),
        ),
      ),
    );
  return image ?? null;
};

/** Identification (KYC): the ID image upload and its owner-only read, adding an identification, and listing them. */
export const identificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  // Registered here, so only these routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IDENTIFICATION_IMAGE_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  const root = uploadsRoot(config.DATA_DIR);

  app.post(
    apiPaths.uploadIdentificationImage,
    {
      config: {
        rateLimit: {
          max: UPLOADS_PER_HOUR,
          timeWindow: 60 * 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `identification-upload|${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(400, 'request.invalid');
      if (
        Number(request.headers['content-length']) >
        IDENTIFICATION_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
      ) {
        throw tooLarge(reply);
      }
      // The parser throws plain errors (no status) for a body it cannot read, e.g. no boundary: bad input.
      const part = await request.file().catch((error: unknown) => {
        throw hasStatus(error) ? error : new HttpError(400, 'request.invalid');
      });
      if (!part || part.fieldname !== IMAGE_FIELD) {
        part?.file.resume();
        throw violationsError(
          toViolations([{ field: IMAGE_FIELD, messageId: 'identification.imageRequired' }]),
        );
      }
      const stored = await storeUpload(root, userId, part.file).catch((error: unknown) => {
        throw isHttpError(error) && error.statusCode === 413 ? tooLarge(reply) : error;
      });
      try {
        await db.insert(identificationImages).values({ ...stored, userId });
      } catch (error) {
        await removeStoredUpload(root, stored.storagePath);
        throw error;
      }
      const answer: UploadedImage = {
        imageId: stored.id,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
      };
      return reply.code(201).send(ok(answer, 201));
    },
  );

  app.get(
    apiPaths.identificationImage,
    { schema: { querystring: identificationImageQuerySchema } },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      // Another user's image answers like an unknown one: its existence is not revealed.
      const [image] = await db
        .select({
          contentType: identificationImages.contentType,
          storagePath: identificationImages.storagePath,
        })
        .from(identificationImages)
        .where(
          and(eq(identificationImages.id, request.query.imageId), eq(identificationImages.userId, userId)),
        );
      if (!image) throw new HttpError(404, 'notFound');
      const file = storedFile(root, image.storagePath);
      const size =
        file &&
        (await stat(file).then(
          (stats) => stats.size,
          () => null,
        ));
      if (!file || size === null) {
        request.log.error({ imageId: request.query.imageId }, 'identification image file is missing');
        throw new HttpError(404, 'notFound');
      }
      return reply
        .type(image.contentType)
        .header('content-length', size)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(createReadStream(file));
    },
  );

  app.post(
    apiPaths.addIdentification,
    { schema: { body: addIdentificationRequestSchema } },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const input = request.body;
      const image = await unusedImage(db, userId, input.imgUrl);
      const broken = identificationViolations(
        {
          identificationTypeId: input.identificationId,
          identificationNumber: input.identificationNumber,
          issuedDate: input.issuedDate,
          expiryDate: input.expiryDate,
          image: image && { sizeBytes: image.sizeBytes },
        },
        todayIso(),
      );
      if (broken.length > 0 || !image) throw violationsError(toViolations(broken));

      const [type] =
        input.identificationId <= MAX_INTEGER_ID
          ? await db
              .select({ id: identificationTypes.id })
              .from(identificationTypes)
              .where(eq(identificationTypes.id, input.identificationId))
          : [];
      if (!type) {
        throw violationsError(
          toViolations([{ field: 'identificationId', messageId: 'identification.typeUnknown' }]),
        );
      }

      const [onFile] = await db
        .select({ id: identifications.id })
        .from(identifications)
        .where(eq(identifications.identificationNumber, input.identificationNumber));
      if (onFile) throw new HttpError(409, 'identification.exists');

      let id: number;
      try {
        const [created] = await db
          .insert(identifications)
          .values({
            userId,
            identificationTypeId: type.id,
            identificationNumber: input.identificationNumber,
            issuedDate: input.issuedDate,
            expiryDate: input.expiryDate,
            imageId: image.id,
          })
          .returning({ id: identifications.id });
        if (!created) throw new Error('insert returned no row');
        id = created.id;
      } catch (error) {
        // Two adds at once: the unique indexes decide, the loser gets the answer the checks above would give.
        if (isUniqueViolation(error, NUMBER_UNIQUE)) throw new HttpError(409, 'identification.exists');
        if (isUniqueViolation(error, IMAGE_UNIQUE)) {
          throw violationsError(
            toViolations([{ field: 'image', messageId: 'identification.imageRequired' }]),
          );
        }
        throw error;
      }
      const [created] = await identificationsOf(db, userId, id);
      return reply.code(201).send(ok(created, 201, domainMessages['identification.added']));
    },
  );

  const listOwn = { schema: { querystring: userIdQuerySchema } };
  // The auth hook has already refused a userId that is not the token's user.
  app.get(apiPaths.identificationsByUser, listOwn, async (request) =>
    ok(await identificationsOf(db, currentUser(request).id)),
  );
  app.get(apiPaths.userIdentification, listOwn, async (request) =>
    ok(await identificationsOf(db, currentUser(request).id)),
  );
};
