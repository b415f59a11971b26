import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  Bank,
  Country,
  DeliveryMethod,
  IdentificationType,
  PaymentMethod,
  TransactionPurpose,
} from '../../../contract/reference';
import type { Queryable } from '../../db/client';
import {
  banks,
  countries,
  deliveryMethods,
  identificationTypes,
  paymentMethods,
  transactionPurposes,
} from '../../db/schema';
import { GHANA_COUNTRY_ID, OTHER_PURPOSE_ID } from '../../seed/reference-data';

/* The reference data (seeded, read only), in drizzle's query builder. */

const byName = new Intl.Collator('en');
/** The largest value of a PostgreSQL integer column: a bigger id cannot be on file (and would fail the query). */
const MAX_INTEGER_ID = 2_147_483_647;

/** Ghana first, then by English name; sorted here, as database collations differ between PGlite and PostgreSQL. */
export const listCountries = async (db: Queryable): Promise<Country[]> => {
  const rows = await db
    .select({
      id: countries.id,
      name: countries.name,
      isoCode: countries.isoCode,
      dialCode: countries.dialCode,
    })
    .from(countries);
  return rows.sort(
    (a, b) =>
      Number(b.id === GHANA_COUNTRY_ID) - Number(a.id === GHANA_COUNTRY_ID) || byName.compare(a.name, b.name),
  );
};

export const countryExists = async (db: Queryable, countryId: number): Promise<boolean> => {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  return country !== undefined;
};

export const listBanks = async (db: Queryable, countryId: number): Promise<Bank[]> =>
  db
    .select({ id: banks.id, name: banks.name })
    .from(banks)
    .where(eq(banks.countryId, countryId))
    .orderBy(asc(banks.id));

/** Which methods a list serves: enabled ones only; with `crossBorderOnly`, the cross-border ones among them. */
export interface MethodFilter {
  crossBorderOnly: boolean;
}

export const listPaymentMethods = async (
  db: Queryable,
  { crossBorderOnly }: MethodFilter = { crossBorderOnly: false },
): Promise<PaymentMethod[]> =>
  db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      isEnabled: paymentMethods.isEnabled,
      isCrossBoarder: paymentMethods.isCrossBoarder,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.isEnabled, true),
        crossBorderOnly ? eq(paymentMethods.isCrossBoarder, true) : undefined,
      ),
    )
    .orderBy(asc(paymentMethods.id));

export const listDeliveryMethods = async (
  db: Queryable,
  { crossBorderOnly }: MethodFilter = { crossBorderOnly: false },
): Promise<DeliveryMethod[]> =>
  db
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      isEnabled: deliveryMethods.isEnabled,
      isCrossBoarder: deliveryMethods.isCrossBoarder,
      isSendMoney: deliveryMethods.isSendMoney,
    })
    .from(deliveryMethods)
    .where(
      and(
        eq(deliveryMethods.isEnabled, true),
        crossBorderOnly ? eq(deliveryMethods.isCrossBoarder, true) : undefined,
      ),
    )
    .orderBy(asc(deliveryMethods.id));

/** 'Other' last. */
export const listTransactionPurposes = async (db: Queryable): Promise<TransactionPurpose[]> =>
  db
    .select({ id: transactionPurposes.id, purpose: transactionPurposes.purpose })
    .from(transactionPurposes)
    .orderBy(sql`${transactionPurposes.id} = ${OTHER_PURPOSE_ID}`, asc(transactionPurposes.id));

export const listIdentificationTypes = async (db: Queryable): Promise<IdentificationType[]> =>
  db
    .select({ id: identificationTypes.id, identificationType: identificationTypes.name })
    .from(identificationTypes)
    .orderBy(asc(identificationTypes.id));

export const identificationTypeExists = async (db: Queryable, typeId: number): Promise<boolean> => {
  if (typeId > MAX_INTEGER_ID) return false;
  const [type] = await db
    .select({ id: identificationTypes.id })
    .from(identificationTypes)
    .where(eq(identificationTypes.id, typeId));
  return type !== undefined;
};

/** Bank names by id: seeded and never changed while running, so read once per process (a failed read is retried). */
export const bankDirectory = (db: Queryable) => {
  let names: Promise<Map<number, string>> | null = null;
  return async (bankId: number): Promise<string | null> => {
    names ??= db
      .select({ id: banks.id, name: banks.name })
      .from(banks)
      .then((rows) => new Map(rows.map((row) => [row.id, row.name])));
    try {
      return (await names).get(bankId) ?? null;
    } catch (error) {
      names = null;
      throw error;
    }
  };
};
