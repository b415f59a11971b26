import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import { banksQuerySchema } from '../../contract/reference';
import {
  banks,
  countries,
  deliveryMethods,
  identificationTypes,
  paymentMethods,
  transactionPurposes,
} from '../db/schema';
import { ok } from '../envelope';
import { GHANA_COUNTRY_ID, OTHER_PURPOSE_ID } from '../seed/reference-data';
import type { RouteDeps } from './deps';

const byName = new Intl.Collator('en');

/** Reference lists. Countries are public (sign-up needs them); the rest need a session, as the spec sends a token. */
export const referenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(apiPaths.countries, { config: { public: true } }, async () => {
    const rows = await db
      .select({
        id: countries.id,
        name: countries.name,
        isoCode: countries.isoCode,
        dialCode: countries.dialCode,
      })
      .from(countries);
    // Ghana first, then by English name; sorted here, as database collations differ between PGlite and PostgreSQL.
    return ok(
      rows.sort(
        (a, b) =>
          Number(b.id === GHANA_COUNTRY_ID) - Number(a.id === GHANA_COUNTRY_ID) ||
          byName.compare(a.name, b.name),
      ),
    );
  });

  app.get(apiPaths.banksByCountry, { schema: { querystring: banksQuerySchema } }, async (request) =>
    ok(
      await db
        .select({ id: banks.id, name: banks.name })
        .from(banks)
        .where(eq(banks.countryId, request.query.CountryId))
        .orderBy(asc(banks.id)),
    ),
  );

  app.get(apiPaths.paymentMethods, async () =>
    ok(
      await db
        .select({
          id: paymentMethods.id,
          name: paymentMethods.name,
          isEnabled: paymentMethods.isEnabled,
          isCrossBoarder: paymentMethods.isCrossBoarder,
        })
        .from(paymentMethods)
        .orderBy(asc(paymentMethods.id)),
    ),
  );

  app.get(apiPaths.deliveryMethods, async () =>
    ok(
      await db
        .select({
          id: deliveryMethods.id,
          name: deliveryMethods.name,
          isEnabled: deliveryMethods.isEnabled,
          isCrossBoarder: deliveryMethods.isCrossBoarder,
          isSendMoney: deliveryMethods.isSendMoney,
        })
        .from(deliveryMethods)
        .orderBy(asc(deliveryMethods.id)),
    ),
  );

  app.get(apiPaths.transactionPurposes, async () =>
    ok(
      await db
        .select({ id: transactionPurposes.id, purpose: transactionPurposes.purpose })
        .from(transactionPurposes)
        // 'Other' last.
        .orderBy(sql`${transactionPurposes.id} = ${OTHER_PURPOSE_ID}`, asc(transactionPurposes.id)),
    ),
  );

  app.get(apiPaths.identificationTypes, async () =>
    ok(
      await db
        .select({ id: identificationTypes.id, identificationType: identificationTypes.name })
        .from(identificationTypes)
        .orderBy(asc(identificationTypes.id)),
    ),
  );
};
