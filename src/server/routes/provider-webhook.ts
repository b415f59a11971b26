import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../contract/paths';
import { ok } from '../envelope';
import { HttpError } from '../http-error';
import type { WalletModule } from '../ledger/wallet-module';
import { SIGNATURE_HEADER } from '../providers/webhook-signature';

/**
 * POST /api/Provider/Webhook: called by the payment provider (public, no bearer token). The signature is an
 * HMAC-SHA256 of the raw body, so this scope keeps bodies as bytes. Duplicates and late callbacks are harmless:
 * an operation resolves exactly once.
 */
export const providerWebhookRoutes: FastifyPluginAsync<{ wallet: WalletModule }> = async (
  app,
  { wallet: { service, provider } },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(apiPaths.providerWebhook, { config: { public: true } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers[SIGNATURE_HEADER];
    if (!provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
      throw new HttpError(401, 'auth.required');
    }
    const event = provider.parseWebhook(raw);
    if (!event) throw new HttpError(400, 'request.invalid');
    return ok({ outcome: await service.applyEvent(event) });
  });
};
