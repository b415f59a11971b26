import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { methodListQuerySchema } from '../../../contract/cross-border';
import { cachedEnvelopeResponses } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import {
  bankListSchema,
  banksQuerySchema,
  countryListSchema,
  deliveryMethodListSchema,
  identificationTypeListSchema,
  paymentMethodListSchema,
  transactionPurposeListSchema,
} from '../../../contract/reference';
import { createReferenceCache } from '../../reference-cache';
import type { RouteDeps } from '../deps';
import {
  listBanks,
  listCountries,
  listDeliveryMethods,
  listIdentificationTypes,
  listPaymentMethods,
  listTransactionPurposes,
} from './reference-repository';

/**
 * Reference lists, read once per host and served with an ETag (reference-cache.ts). Countries are public (sign-up
 * needs them); the rest need a session, as the spec sends a token.
 */
export const referenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const cache = createReferenceCache();
  app.get(
    apiPaths.countries,
    { config: { public: true }, schema: { response: cachedEnvelopeResponses(countryListSchema) } },
    (request, reply) => cache.send(request, reply, 'countries', () => listCountries(db), { shared: true }),
  );

  app.get(
    apiPaths.banksByCountry,
    { schema: { querystring: banksQuerySchema, response: cachedEnvelopeResponses(bankListSchema) } },
    (request, reply) =>
      cache.send(request, reply, `banks:${request.query.CountryId}`, () =>
        listBanks(db, request.query.CountryId),
      ),
  );

  // Enabled methods only (spec section 7 keeps only those); ?crossBorder=true keeps the cross-border ones.
  app.get(
    apiPaths.paymentMethods,
    {
      schema: {
        querystring: methodListQuerySchema,
        response: cachedEnvelopeResponses(paymentMethodListSchema),
      },
    },
    (request, reply) => {
      const crossBorderOnly = request.query.crossBorder === true;
      return cache.send(request, reply, `paymentMethods:${crossBorderOnly}`, () =>
        listPaymentMethods(db, { crossBorderOnly }),
      );
    },
  );

  app.get(
    apiPaths.deliveryMethods,
    {
      schema: {
        querystring: methodListQuerySchema,
        response: cachedEnvelopeResponses(deliveryMethodListSchema),
      },
    },
    (request, reply) => {
      const crossBorderOnly = request.query.crossBorder === true;
      return cache.send(request, reply, `deliveryMethods:${crossBorderOnly}`, () =>
        listDeliveryMethods(db, { crossBorderOnly }),
      );
    },
  );

  app.get(
    apiPaths.transactionPurposes,
    { schema: { response: cachedEnvelopeResponses(transactionPurposeListSchema) } },
    (request, reply) => cache.send(request, reply, 'purposes', () => listTransactionPurposes(db)),
  );

  app.get(
    apiPaths.identificationTypes,
    { schema: { response: cachedEnvelopeResponses(identificationTypeListSchema) } },
    (request, reply) => cache.send(request, reply, 'identificationTypes', () => listIdentificationTypes(db)),
  );
};
