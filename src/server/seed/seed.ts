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
import { upsertChanged } from './upsert-changed';

/** How often the seed runs again when PostgreSQL picked it as a deadlock's victim. */
const SEED_ATTEMPTS = 3;

/**
 * Idempotent: inserts missing reference rows and updates changed ones, in one transaction; unchanged rows are only
 * read (upsert-changed.ts). A deploy that changes a row can still meet another host's requests locking it in another
 * order: PostgreSQL then breaks the deadlock by rolling the seed back, and it runs again.
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
    await upsertChanged(tx, countries, COUNTRIES, ['name', 'isoCode', 'dialCode']);
    await upsertChanged(tx, banks, BANKS, ['name', 'countryId']);
    await upsertChanged(tx, paymentMethods, PAYMENT_METHODS, ['name', 'isEnabled', 'isCrossBoarder']);
    await upsertChanged(tx, deliveryMethods, DELIVERY_METHODS, [
      'name',
      'isEnabled',
      'isCrossBoarder',
      'isSendMoney',
    ]);
    await upsertChanged(tx, transactionPurposes, TRANSACTION_PURPOSES, ['purpose']);
    await upsertChanged(tx, identificationTypes, IDENTIFICATION_TYPES, ['name']);
    await upsertChanged(tx, bettingOperators, BETTING_OPERATORS, ['code', 'name']);
    await seedExchangeRates(tx);
    await seedBillers(tx);
  });
};
