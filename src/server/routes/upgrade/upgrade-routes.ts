import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import {
  latestProofOfAddressSchema,
  proofOfAddressSchema,
  uploadProofOfAddressQuerySchema,
  verifiedGhanaCardSchema,
  verifyGhanaCardRequestSchema,
} from '../../../contract/upgrade';
import { domainMessages } from '../../../domain/messages';
import { ok } from '../../envelope';
import { HttpError } from '../../http-error';
import { currentUser } from '../../plugins/auth';
import { perIpAndUserLimit } from '../../plugins/rate-limit';
import type { IdentityRegister } from '../../providers/identity-register';
import { tierOf } from '../../tiers/tiers';
import { removeStoredUpload, uploadsRoot } from '../../uploads';
import type { RouteDeps } from '../deps';
import { receiveUpload, registerUploads, uploadRateLimit } from '../upload-request';
import { verifyGhanaCard } from './ghana-card-verification';
import { insertProofOfAddress, latestProofOfAddress } from './proof-of-address-repository';

export const DOCUMENT_FIELD = 'document';

export type UpgradeDeps = RouteDeps & { identityRegister: IdentityRegister };

/**
 * The way up the account tiers (issue 24): the Ghana Card checked against the national identity register (Medium at
 * once), and the proof of address sent to the compliance officers' review queue (`npm run compliance`).
 */
export const upgradeRoutes: FastifyPluginAsyncZod<UpgradeDeps> = async (
  app,
  { db, config, identityRegister },
) => {
  await registerUploads(app);
  const root = uploadsRoot(config.DATA_DIR);

  app.post(
    apiPaths.verifyGhanaCard,
    {
      // Each call asks the national register: limited like a log-in.
      config: { rateLimit: perIpAndUserLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE) },
      schema: {
        body: verifyGhanaCardRequestSchema,
        response: envelopeResponses(200, verifiedGhanaCardSchema),
      },
    },
    async (request) => {
      await verifyGhanaCard(db, identityRegister, currentUser(request).id, request.body.identificationId);
      return ok({ tier: 'medium' as const }, 200, domainMessages['upgrade.ghanaCard.verified']);
    },
  );

  app.post(
    apiPaths.uploadProofOfAddress,
    {
      config: uploadRateLimit('proof-of-address-upload'),
      schema: {
        querystring: uploadProofOfAddressQuerySchema,
        response: envelopeResponses(201, proofOfAddressSchema),
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const tier = await tierOf(db, userId);
      if (tier === 'enhanced') throw new HttpError(409, 'upgrade.proofOfAddress.alreadyEnhanced');
      if (tier !== 'medium') throw new HttpError(409, 'upgrade.proofOfAddress.needsMedium');
      const stored = await receiveUpload(request, reply, {
        root,
        userId,
        field: DOCUMENT_FIELD,
        required: 'upgrade.proofOfAddress.documentRequired',
      });
      const queued = await insertProofOfAddress(db, userId, request.query.documentKind, stored).catch(
        async (error: unknown) => {
          await removeStoredUpload(root, stored.storagePath);
          throw error;
        },
      );
      if (!queued) {
        await removeStoredUpload(root, stored.storagePath);
        throw new HttpError(409, 'upgrade.proofOfAddress.pending');
      }
      return reply.code(201).send(ok(queued, 201, domainMessages['upgrade.proofOfAddress.submitted']));
    },
  );

  app.get(
    apiPaths.proofOfAddress,
    { schema: { response: envelopeResponses(200, latestProofOfAddressSchema) } },
    async (request) => ok(await latestProofOfAddress(db, currentUser(request).id)),
  );
};
