import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyGemPackRequestSchema,
  gatewayUserDetailsResponses,
  gemBalanceResponses,
  gemPacksResponses,
  gemPurchasesPageQuerySchema,
  gemPurchasesPageResponses,
  type GemPacks,
  type GemPurchaseRow,
  type GemPurchasesPage,
} from '../../../contract/gems';
import { apiPaths } from '../../../contract/paths';
import { userIdQuerySchema } from '../../../contract/user';
import { walletMoneyResponses } from '../../../contract/wallet';
import {
  findGemPack,
  GEM_PRICE_CURRENCY,
  gemPackPriceMinor,
  gemPurchaseViolations,
  pricedGemPacks,
  type GemPack,
} from '../../../domain/gems';
import { minorToApiAmount, parseDecimalAmount } from '../../../domain/money';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import { idempotencyOf, requireIdempotencyKey } from '../../idempotency/require-idempotency-key';
import type { Counterparty } from '../../ledger/counterparty';
import type { Operation } from '../../ledger/operation';
import { currentUser } from '../../plugins/auth';
import type { RouteDeps } from '../deps';
import { pagedAnswer } from '../paged-answer';
import { notEnoughFundsAnswer } from '../transfer/cart-payment';
import { currentRate, type RateRecord } from '../transfer/rates-repository';
import { userDetails } from '../user/users-repository';
import { answering } from '../wallet/ledger-answers';
import type { WalletModule } from '../wallet/wallet-module';
import { countGemPurchases, gatewayExtras, gemBalanceOf, gemPurchasesPage } from './shop-repository';

/*
 * The treasure shop and its gateway: the packs priced at the current USD rate, a pack bought from the wallet (one
 * ledger transaction: the price to shop revenue in cedis, the gems to the buyer's gem account), the gem balance and
 * the purchase history of the game, and the gateway's user details. No identity gate: the spec asks for an
 * identification before sending, betting, top-up, withdrawal, bill payment and beneficiaries, not for the shop
 * (docs/decisions.md).
 */

/** The USD rate of the table, or 503 when the table has none (no price can be stated). */
const usdRate = async (deps: RouteDeps): Promise<RateRecord> => {
  const rate = await currentRate(deps.db, GEM_PRICE_CURRENCY);
  if (!rate) throw new HttpError(503, 'treasureShop.pricesUnavailable');
  return rate;
};

const usd = (cents: number) => minorToApiAmount(cents);

/** What the wallet history and the purchase history show of the other side. */
const shopCounterparty = (pack: GemPack, rate: string): Counterparty => ({
  rail: 'shop',
  label: `${pack.gems} gems`,
  item: pack.id,
  gems: pack.gems,
  usdCents: pack.usdCents,
  rate,
});

const purchaseRow = (operation: Operation): GemPurchaseRow => {
  const shop = operation.counterparty.rail === 'shop' ? operation.counterparty : null;
  return {
    referenceNumber: operation.referenceNumber,
    packId: shop?.item ?? '',
    gems: shop?.gems ?? 0,
    amount: minorToApiAmount(operation.amountMinor),
    usdPrice: usd(shop?.usdCents ?? 0),
    rate: shop?.rate ?? '',
    status: operation.status,
    date: operation.createdAt.toISOString(),
  };
};

export const shopRoutes: FastifyPluginAsyncZod<RouteDeps & { wallet: WalletModule }> = async (
  app,
  { wallet, ...deps },
) => {
  const { db } = deps;

  app.get(apiPaths.gemPacks, { schema: { response: gemPacksResponses } }, async () => {
    const rate = await usdRate(deps);
    const answer: GemPacks = {
      currency: rate.code,
      rate: rate.rate,
      asOf: rate.asOf.toISOString(),
      packs: pricedGemPacks(rate.rate).map((pack) => ({
        id: pack.id,
        gems: pack.gems,
        usdPrice: usd(pack.usdCents),
        price: minorToApiAmount(pack.priceMinor),
      })),
    };
    return ok(answer);
  });

  app.post(
    apiPaths.buyGemPack,
    {
      preValidation: [requireIdempotencyKey],
      schema: { body: buyGemPackRequestSchema, response: walletMoneyResponses },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request);
      const answer = await answering(
        (async () => {
          // A repeat replays its first answer, even once the rate (so the price) has changed since.
          const replayed = await wallet.service.replay(idempotency);
          if (replayed) return replayed;
          const { packId, price } = request.body;
          const broken = gemPurchaseViolations(packId);
          if (broken.length > 0) throw violationsError(toViolations(broken));
          const pack = findGemPack(packId) as GemPack;
          const rate = await usdRate(deps);
          // The server's price, never the browser's: a price shown that is not the current one moves nothing.
          const priceMinor = gemPackPriceMinor(pack.usdCents, rate.rate);
          if (price !== undefined && parseDecimalAmount(price) !== priceMinor)
            throw new HttpError(409, 'treasureShop.priceChanged');
          return wallet.service.pay({
            idempotency,
            draft: {
              kind: 'gem_purchase',
              amountMinor: priceMinor,
              counterparty: shopCounterparty(pack, rate.rate),
            },
            insufficientFunds: notEnoughFundsAnswer,
          });
        })(),
      );
      return reply.code(answer.statusCode).send(answer.body as never);
    },
  );

  app.get(
    apiPaths.gemBalance,
    { schema: { querystring: userIdQuerySchema, response: gemBalanceResponses } },
    async (request) => ok({ gems: await gemBalanceOf(db, currentUser(request).id) }),
  );

  app.get(
    apiPaths.gemPurchasesPage,
    { schema: { querystring: gemPurchasesPageQuerySchema, response: gemPurchasesPageResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const answer: GemPurchasesPage = await pagedAnswer(
        request.query,
        () => countGemPurchases(db, userId),
        (window) => gemPurchasesPage(db, userId, window),
        purchaseRow,
      );
      return ok(answer);
    },
  );

  app.get(
    apiPaths.userDetails,
    { schema: { querystring: userIdQuerySchema, response: gatewayUserDetailsResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const [details, extras] = await Promise.all([userDetails(db, userId), gatewayExtras(db, userId)]);
      return ok({ ...details, ...extras });
    },
  );
};
