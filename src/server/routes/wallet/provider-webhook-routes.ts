import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../../contract/paths';
import { providerWebhookResponses } from '../../../contract/wallet';
import { ok } from '../../envelope';
import { HttpError } from '../../http-error';
import { SIGNATURE_HEADER } from '../../providers/webhook-signature';
import type { WalletModule } from './wallet-module';

/**
 * A provider callback as raw bytes and its signature header: verified (HMAC of the raw body), parsed, applied.
 * The route below and the built-in sandbox's own delivery both come through here.
 */
export const receiveProviderCallback = async (
  { service, provider }: Pick<WalletModule, 'service' | 'provider'>,
  raw: Buffer,
  signature: string | undefined,
): Promise<'resolved' | 'ignored'> => {
  if (!provider.verifyWebhook(raw, signature)) throw new HttpError(401, 'auth.required');
  const event = provider.parseWebhook(raw);
  if (!event) throw new HttpError(400, 'request.invalid');
  return service.applyEvent(event);
};

/**
 * POST /api/Provider/Webhook: called by the payment provider (public, no bearer token). The signature is an
 * HMAC-SHA256 of the raw body, so this scope keeps bodies as bytes. Duplicates and late callbacks are harmless:
 * an operation resolves exactly once.
 */
export const providerWebhookRoutes: FastifyPluginAsync<{ wallet: WalletModule }> = async (
  app,
  { wallet },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    apiPaths.providerWebhook,
    { config: { public: true }, schema: { response: providerWebhookResponses } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[SIGNATURE_HEADER];
      return ok({
        outcome: await receiveProviderCallback(
          wallet,
          raw,
          typeof signature === 'string' ? signature : undefined,
        ),
      });
    },
  );
};
