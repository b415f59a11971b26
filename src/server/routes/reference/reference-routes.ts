import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.get(
    apiPaths.paymentMethods,
    { schema: { response: envelopeResponses(200, paymentMethodListSchema) } },
    async () => ok(await listPaymentMethods(db)),
  );

  app.get(
    apiPaths.deliveryMethods,
    { schema: { response: envelopeResponses(200, deliveryMethodListSchema) } },
    async () => ok(await listDeliveryMethods(db)),
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
