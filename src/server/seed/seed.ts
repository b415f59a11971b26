import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { isDeadlock } from '../db/errors';
import {
  banks,
  bettingOperators,
  countries,
  deliveryMethods,
  identificationTypes,
  paymentMethods,
  transactionPurposes,
} from '../db/schema';
import {
  BANKS,
  BETTING_OPERATORS,
  COUNTRIES,
  DELIVERY_METHODS,
  IDENTIFICATION_TYPES,
  PAYMENT_METHODS,
  TRANSACTION_PURPOSES,
} from './reference-data';
import { seedBillers } from './billers';
import { seedExchangeRates } from './exchange-rates';

/** `SET col = excluded.col` for every column but the id: a re-run corrects renamed rows. */
const updateAllBut = (table: PgTable, columns: readonly string[]) =>
  Object.fromEntries(columns.map((column) => [column, sql.raw(`excluded."${columnName(table, column)}"`)]));

const columnName = (table: PgTable, key: string): string =>
  (table as unknown as Record<string, { name: string }>)[key]!.name;

/** How often the seed runs again when PostgreSQL picked it as a deadlock's victim. */
const SEED_ATTEMPTS = 3;

/**
 * Idempotent: inserts missing reference rows and updates changed ones, in one transaction. A host that restarts
 * while another serves can meet that host's requests locking the same rows in another order: PostgreSQL then breaks
 * the deadlock by rolling the seed back, and it runs again.
 */
export const seedReferenceData = async (db: Db): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await seedOnce(db);
      return;
    } catch (error) {
      if (attempt >= SEED_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
};

const seedOnce = async (db: Db): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(COUNTRIES)
      .onConflictDoUpdate({
        target: countries.id,
        set: updateAllBut(countries, ['name', 'isoCode', 'dialCode']),
      });
    await tx
      .insert(banks)
      .values(BANKS)
      .onConflictDoUpdate({ target: banks.id, set: updateAllBut(banks, ['name', 'countryId']) });
    await tx
      .insert(paymentMethods)
      .values(PAYMENT_METHODS)
      .onConflictDoUpdate({
        target: paymentMethods.id,
        set: updateAllBut(paymentMethods, ['name', 'isEnabled', 'isCrossBoarder']),
      });
    await tx
      .insert(deliveryMethods)
      .values(DELIVERY_METHODS)
      .onConflictDoUpdate({
        target: deliveryMethods.id,
        set: updateAllBut(deliveryMethods, ['name', 'isEnabled', 'isCrossBoarder', 'isSendMoney']),
      });
    await tx
      .insert(transactionPurposes)
      .values(TRANSACTION_PURPOSES)
      .onConflictDoUpdate({
        target: transactionPurposes.id,
        set: updateAllBut(transactionPurposes, ['purpose']),
      });
    await tx
      .insert(identificationTypes)
      .values(IDENTIFICATION_TYPES)
      .onConflictDoUpdate({
        target: identificationTypes.id,
        set: updateAllBut(identificationTypes, ['name']),
      });
    await tx
      .insert(bettingOperators)
      .values(BETTING_OPERATORS)
      .onConflictDoUpdate({
        target: bettingOperators.id,
        set: updateAllBut(bettingOperators, ['code', 'name']),
      });
    await seedExchangeRates(tx);
    await seedBillers(tx);
  });
};
