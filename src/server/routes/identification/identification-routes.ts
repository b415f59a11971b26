import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, failureEnvelopeSchema } from '../../../contract/envelope';
import {
  addIdentificationRequestSchema,
  identificationImageBytesSchema,
  identificationImageQuerySchema,
  identificationListSchema,
  identificationSchema,
  uploadedImageSchema,
  type UploadedImage,
} from '../../../contract/identification';
import { apiPaths } from '../../../contract/paths';
import { userIdQuerySchema } from '../../../contract/user';
import { todayIso } from '../../../domain/calendar';
import { identificationViolations } from '../../../domain/identification';
import { domainMessages } from '../../../domain/messages';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import { currentUser } from '../../plugins/auth';
import { removeStoredUpload, resolveStoredPath, uploadsRoot } from '../../uploads';
import type { RouteDeps } from '../deps';
import { receiveUpload, registerUploads, uploadRateLimit } from '../upload-request';
import { identificationTypeExists } from '../reference/reference-repository';
import {
  identificationNumberOnFile,
  identificationsOf,
  insertIdentification,
  insertImage,
  ownImage,
  unusedImage,
} from './identifications-repository';

export const IMAGE_FIELD = 'image';
export { UPLOADS_PER_HOUR } from '../upload-request';

const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

/** The stored file's absolute path, or null when the row's path would lead outside the uploads root. */
const storedFile = (root: string, storagePath: string): string | null => {
  try {
    return resolveStoredPath(root, storagePath);
  } catch {
    return null;
  }
};

const imageRequired = () =>
  violationsError(toViolations([{ field: 'image', messageId: 'identification.imageRequired' }]));

/** Identification (KYC): the ID image upload and its owner-only read, adding an identification, and listing them. */
export const identificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  await registerUploads(app);
  const root = uploadsRoot(config.DATA_DIR);

  app.post(
    apiPaths.uploadIdentificationImage,
    {
      config: uploadRateLimit('identification-upload'),
      schema: { response: envelopeResponses(201, uploadedImageSchema) },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const stored = await receiveUpload(request, reply, {
        root,
        userId,
        field: IMAGE_FIELD,
        required: 'identification.imageRequired',
      });
      try {
        await insertImage(db, userId, stored);
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
    {
      schema: {
        querystring: identificationImageQuerySchema,
        response: {
          200: identificationImageBytesSchema,
          '4xx': failureEnvelopeSchema,
          '5xx': failureEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      // Another user's image answers like an unknown one: its existence is not revealed.
      const image = await ownImage(db, userId, request.query.imageId);
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
    {
      schema: {
        body: addIdentificationRequestSchema,
        response: envelopeResponses(201, identificationSchema),
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const input = request.body;
      const image = isUuid(input.imgUrl) ? await unusedImage(db, userId, input.imgUrl) : null;
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

      if (!(await identificationTypeExists(db, input.identificationId))) {
        throw violationsError(
          toViolations([{ field: 'identificationId', messageId: 'identification.typeUnknown' }]),
        );
      }
      if (await identificationNumberOnFile(db, input.identificationNumber)) {
        throw new HttpError(409, 'identification.exists');
      }

      const added = await insertIdentification(db, {
        userId,
        identificationTypeId: input.identificationId,
        identificationNumber: input.identificationNumber,
        issuedDate: input.issuedDate,
        expiryDate: input.expiryDate,
        imageId: image.id,
      });
      // Two adds at once: the loser gets the answer the checks above would give.
      if (added.outcome !== 'created') {
        throw added.outcome === 'numberTaken' ? new HttpError(409, 'identification.exists') : imageRequired();
      }
      const [created] = await identificationsOf(db, userId, added.id);
      if (!created) throw new Error(`identification ${added.id} not found after insert`);
      return reply.code(201).send(ok(created, 201, domainMessages['identification.added']));
    },
  );

  const listOwn = {
    schema: { querystring: userIdQuerySchema, response: envelopeResponses(200, identificationListSchema) },
  };
  // The auth hook has already refused a userId that is not the token's user.
  app.get(apiPaths.identificationsByUser, listOwn, async (request) =>
    ok(await identificationsOf(db, currentUser(request).id)),
  );
  app.get(apiPaths.userIdentification, listOwn, async (request) =>
    ok(await identificationsOf(db, currentUser(request).id)),
  );
};
