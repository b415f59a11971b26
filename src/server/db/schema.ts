import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/* Reference data: ids are fixed by the seed (the spec sends country 1 = Ghana, purpose 4 = Other...). */

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  isoCode: varchar('iso_code', { length: 2 }).notNull().unique(),
  dialCode: varchar('dial_code', { length: 8 }).notNull(),
});

export const banks = pgTable(
  'banks',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  (table) => [uniqueIndex('banks_country_name_unique').on(table.countryId, table.name)],
);

export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  isEnabled: boolean('is_enabled').notNull(),
  isCrossBoarder: boolean('is_cross_boarder').notNull(),
});

export const deliveryMethods = pgTable('delivery_methods', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  isEnabled: boolean('is_enabled').notNull(),
  isCrossBoarder: boolean('is_cross_boarder').notNull(),
  isSendMoney: boolean('is_send_money').notNull(),
});

export const transactionPurposes = pgTable('transaction_purposes', {
  id: integer('id').primaryKey(),
  purpose: varchar('purpose', { length: 100 }).notNull().unique(),
});

export const identificationTypes = pgTable('identification_types', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

/* Accounts */

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Normalized: trimmed and lower-cased, so uniqueness is case-insensitive. */
    email: varchar('email', { length: 320 }).notNull().unique('users_email_unique'),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phoneCode: varchar('phone_code', { length: 8 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 32 }).notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    createdAt: createdAt(),
  },
  (table) => [check('users_email_normalized', sql`${table.email} = lower(btrim(${table.email}))`)],
);

/** One GHS wallet per user, created with the user. The balance is a cache of the ledger, never negative. */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull().default('GHS'),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('wallets_balance_not_negative', sql`${table.balanceMinor} >= 0`)],
);

export const identifications = pgTable(
  'identifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identificationTypeId: integer('identification_type_id')
      .notNull()
      .references(() => identificationTypes.id),
    identificationNumber: varchar('identification_number', { length: 32 }).notNull().unique(),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    imagePath: text('image_path'),
    createdAt: createdAt(),
  },
  (table) => [index('identifications_user_idx').on(table.userId)],
);

/** Opaque bearer tokens: only their sha256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('sessions_token_hash_unique'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry, fixed at login. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the 6-digit code with APP_SECRET. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** sha256 of the reset token handed out once the code is verified; cleared when used. */
    resetTokenHash: varchar('reset_token_hash', { length: 64 }).unique('password_reset_token_hash_unique'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_codes_user_idx').on(table.userId)],
);
