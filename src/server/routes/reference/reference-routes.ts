import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { methodListQuerySchema } from '../../../contract/cross-border';
import { envelopeResponses } from '../../../contract/envelope';
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
import { ok } from '../../envelope';
import type { RouteDeps } from '../deps';
import {
  listBanks,
  listCountries,
  listDeliveryMethods,
  listIdentificationTypes,
  listPaymentMethods,
  listTransactionPurposes,
} from './reference-repository';

/** Reference lists. Countries are public (sign-up needs them); the rest need a session, as the spec sends a token. */
export const referenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    apiPaths.countries,
    { config: { public: true }, schema: { response: envelopeResponses(200, countryListSchema) } },
    async () => ok(await listCountries(db)),
  );

  app.get(
    apiPaths.banksByCountry,
    { schema: { querystring: banksQuerySchema, response: envelopeResponses(200, bankListSchema) } },
    async (request) => ok(await listBanks(db, request.query.CountryId)),
  );

  // Enabled methods only (spec section 7 keeps only those); ?crossBorder=true keeps the cross-border ones.
  app.get(
    apiPaths.paymentMethods,
    {
      schema: {
        querystring: methodListQuerySchema,
        response: envelopeResponses(200, paymentMethodListSchema),
      },
    },
    async (request) =>
      ok(await listPaymentMethods(db, { crossBorderOnly: request.query.crossBorder === true })),
  );

  app.get(
    apiPaths.deliveryMethods,
    {
      schema: {
        querystring: methodListQuerySchema,
        response: envelopeResponses(200, deliveryMethodListSchema),
      },
    },
    async (request) =>
      ok(await listDeliveryMethods(db, { crossBorderOnly: request.query.crossBorder === true })),
  );

  app.get(
    apiPaths.transactionPurposes,
    { schema: { response: envelopeResponses(200, transactionPurposeListSchema) } },
    async () => ok(await listTransactionPurposes(db)),
  );

  app.get(
    apiPaths.identificationTypes,
    { schema: { response: envelopeResponses(200, identificationTypeListSchema) } },
    async () => ok(await listIdentificationTypes(db)),
  );
};
