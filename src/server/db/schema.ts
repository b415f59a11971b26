import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
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
    /** The language of the mails the user gets (src/domain/language.ts), set at sign-up and by the switcher. */
    language: varchar('language', { length: 16 }).notNull().default('en'),
    /**
     * The phone in E.164 once its owner proved it with an SMS code, else null. At most one account holds a number
     * as verified: transfers to it are paid wallet to wallet (on-us).
     */
    verifiedPhone: varchar('verified_phone', { length: 20 }).unique('users_verified_phone_unique'),
    /**
     * The Bank of Ghana e-money tier (src/domain/tiers.ts): 'none' without an identification, then 'minimum',
     * 'medium' (Ghana Card verified), 'enhanced' (proof of address approved). Changed only by setTier
     * (src/server/tiers/tiers.ts), which writes the audit row in the same transaction.
     */
    accountTier: varchar('account_tier', { length: 12 }).notNull().default('none'),
    /**
     * Set while a staff member has frozen the account (issue 25): it can log in and read, but moves no money (the
     * ledger's precondition, src/server/ops/account-hold.ts). Changed only with its audit row.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenReason: text('frozen_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    check('users_email_normalized', sql`${table.email} = lower(btrim(${table.email}))`),
    check('users_account_tier_known', sql`${table.accountTier} in ('none', 'minimum', 'medium', 'enhanced')`),
  ],
);

/**
 * The regulator's limits per tier, as data with the day each row takes effect (docs/compliance.md): the row of a
 * tier in force on a day is its latest `effective_from` on or before that day, so a new directive is a new row and
 * the history stays readable. Amounts in pesewas; `monthly_minor` null means no monthly limit.
 */
export const tierLimits = pgTable(
  'tier_limits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tier: varchar('tier', { length: 12 }).notNull(),
    dailyMinor: bigint('daily_minor', { mode: 'number' }).notNull(),
    monthlyMinor: bigint('monthly_minor', { mode: 'number' }),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('tier_limits_tier_effective_unique').on(table.tier, table.effectiveFrom),
    check('tier_limits_tier_known', sql`${table.tier} in ('minimum', 'medium', 'enhanced')`),
    check(
      'tier_limits_amounts_positive',
      sql`${table.dailyMinor} > 0 and ${table.balanceMinor} > 0 and (${table.monthlyMinor} is null or ${table.monthlyMinor} > 0)`,
    ),
  ],
);

/**
 * One GHS wallet per user, created with the user. `balance_minor` caches the sum of the wallet's ledger entries;
 * `held_minor` is what active holds keep back (money on its way out through a provider). Available balance is
 * balance - held; neither can go below zero, whatever the code does.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull().default('GHS'),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    heldMinor: bigint('held_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    check('wallets_balance_not_negative', sql`${table.balanceMinor} >= 0`),
    check('wallets_held_not_negative', sql`${table.heldMinor} >= 0`),
    check('wallets_available_not_negative', sql`${table.balanceMinor} >= ${table.heldMinor}`),
  ],
);

/** An uploaded identification image: the file lives under DATA_DIR/uploads; only its owner may read it. */
export const identificationImages = pgTable(
  'identification_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Read from the file's bytes, never from its name. */
    contentType: varchar('content_type', { length: 32 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Relative to DATA_DIR/uploads. */
    storagePath: text('storage_path').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('identification_images_user_idx').on(table.userId),
    check('identification_images_size', sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
  ],
);

/**
 * Proofs of address sent for review (issue 24): the document (a utility bill, tenancy agreement or bank statement,
 * stored privately like an identification image) waits in this queue until a compliance officer approves it (the
 * user moves to the Enhanced tier) or rejects it with a reason. One pending proof per user at a time.
 */
export const proofOfAddressReviews = pgTable(
  'proof_of_address_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentKind: varchar('document_kind', { length: 24 }).notNull(),
    /** Read from the file's bytes, never from its name. */
    contentType: varchar('content_type', { length: 32 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Relative to DATA_DIR/uploads. */
    storagePath: text('storage_path').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The compliance officer's reason, for a rejection. */
    reason: text('reason'),
    /** Who decided (the command's operator, later a staff member). */
    decidedBy: varchar('decided_by', { length: 100 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('proof_of_address_reviews_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('proof_of_address_reviews_one_pending')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    check(
      'proof_of_address_reviews_kind',
      sql`${table.documentKind} in ('utilityBill', 'tenancyAgreement', 'bankStatement')`,
    ),
    check('proof_of_address_reviews_status', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'proof_of_address_reviews_decision',
      sql`(${table.status} = 'pending') = (${table.decidedAt} is null) and (${table.status} = 'rejected') = (${table.reason} is not null)`,
    ),
    check('proof_of_address_reviews_size', sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
  ],
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
    imageId: uuid('image_id')
      .notNull()
      .unique('identifications_image_unique')
      .references(() => identificationImages.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('identifications_user_idx').on(table.userId),
    check('identifications_dates', sql`${table.expiryDate} > ${table.issuedDate}`),
  ],
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
    /** The User-Agent of the log-in (issue 26: the device in 'Devices'; at most 512 characters kept). */
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    /** How the session signed in: 'password' or 'passkey'. */
    method: varchar('method', { length: 12 }).notNull().default('password'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
    check('sessions_method_known', sql`${table.method} in ('password', 'passkey')`),
  ],
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

/**
 * SMS codes proving a user holds their registered phone: HMAC-SHA256 (APP_SECRET) of the 6-digit code bound to the
 * user and the number, 10 minutes, 5 attempts, used once; a newer code replaces older ones.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to, E.164: what becomes `users.verified_phone`. */
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('phone_verification_codes_user_created_idx').on(table.userId, table.createdAt),
    check('phone_verification_codes_attempts', sql`${table.attempts} >= 0`),
  ],
);

/**
 * A user's beneficiaries: a MoMo number ('mobile') or a bank account ('bank'). Deleting one sets `deleted_at`
 * (the receipts of transfers already made to it keep reading it); a number or account is kept once per user among
 * the beneficiaries not deleted.
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    motherMaidenName: varchar('mother_maiden_name', { length: 100 }).notNull().default(''),
    /** E.164 ('+233241234567'); '' for a bank beneficiary saved without a phone. */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    relationship: varchar('relationship', { length: 100 }).notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** Mobile: the MoMo network of the number. */
    network: varchar('network', { length: 16 }),
    /** Bank: the bank and the account number. */
    bankId: integer('bank_id').references(() => banks.id),
    accountNo: varchar('account_no', { length: 20 }),
    /** The holder's name as the rail reported it when the beneficiary was saved. */
    accountName: varchar('account_name', { length: 200 }).notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('beneficiaries_user_idx').on(table.userId, table.type),
    uniqueIndex('beneficiaries_user_phone_unique')
      .on(table.userId, table.phone)
      .where(sql`${table.type} = 'mobile' and ${table.deletedAt} is null`),
    uniqueIndex('beneficiaries_user_account_unique')
      .on(table.userId, table.bankId, table.accountNo)
      .where(sql`${table.type} = 'bank' and ${table.deletedAt} is null`),
    check('beneficiaries_type', sql`${table.type} in ('mobile', 'bank')`),
    check(
      'beneficiaries_shape',
      sql`(${table.type} = 'mobile' and ${table.phone} <> '' and ${table.network} is not null and ${table.bankId} is null and ${table.accountNo} is null)
        or (${table.type} = 'bank' and ${table.bankId} is not null and ${table.accountNo} is not null and ${table.network} is null)`,
    ),
  ],
);

/**
 * The one exchange-rate table of the product: units of a currency for one GHS (GHS itself is 1). Append-only: a
 * change is a new row (`npm run rates -- set USD 0.0812`), so the history of every rate stays; the current rate of a
 * currency is its newest row. Every currency here has 2 decimals (src/domain/fx.ts converts in minor units).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 3 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** At most 9 whole digits and 8 decimals, as src/domain/fx.ts parses a rate. */
    rate: numeric('rate', { precision: 17, scale: 8 }).notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
    /** Who set it: 'seed', or the operator who ran the admin command. */
    setBy: varchar('set_by', { length: 100 }).notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [
    index('exchange_rates_code_as_of_idx').on(table.code, table.asOf),
    check('exchange_rates_code', sql`${table.code} ~ '^[A-Z]{3}$'`),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

/**
 * Discount coupons (admin command `npm run coupons`): a percentage (basis points) or a fixed amount off a transfer's
 * processing fee, within [valid_from, valid_until), at most max_uses times in all and max_uses_per_user times per
 * user (null: no limit). `uses` counts the redemptions that stand: the database takes one, under the coupon's row
 * lock, in the statement that pays the cart (a trigger of the migration), and gives it back if that payment fails.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case (domain/coupon.ts normaliseCouponCode). */
    code: varchar('code', { length: 32 }).notNull().unique('coupons_code_unique'),
    /** 'percent' | 'fixed'. */
    discountKind: varchar('discount_kind', { length: 8 }).notNull(),
    /** Percent: 1000 is 10%. */
    percentBasisPoints: integer('percent_basis_points'),
    /** Fixed: pesewas off the fee. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    uses: integer('uses').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    check('coupons_code', sql`${table.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
    check(
      'coupons_discount',
      sql`(${table.discountKind} = 'percent' and ${table.percentBasisPoints} between 1 and 10000 and ${table.amountMinor} is null)
       or (${table.discountKind} = 'fixed' and ${table.amountMinor} > 0 and ${table.percentBasisPoints} is null)`,
    ),
    check('coupons_window', sql`${table.validUntil} is null or ${table.validUntil} > ${table.validFrom}`),
    check(
      'coupons_limits',
      sql`(${table.maxUses} is null or ${table.maxUses} > 0) and (${table.maxUsesPerUser} is null or ${table.maxUsesPerUser} > 0)`,
    ),
    check(
      'coupons_uses',
      sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`,
    ),
  ],
);

/**
 * A transfer initiated but not necessarily paid: the quote (amount, fee, total, the receive amount and the rate,
 * locked until `expires_at`) and a snapshot of the beneficiary as the review and the receipt show it (and as the
 * payout uses it), so an edit or a deletion of the beneficiary later changes neither. Paid at most once: the
 * operation that pays it names it (`wallet_operations.cart_id`, unique).
 */
export const transferCarts = pgTable(
  'transfer_carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    /** 'mobile' | 'bank', as the beneficiary was. */
    beneficiaryType: varchar('beneficiary_type', { length: 8 }).notNull(),
    beneficiaryName: varchar('beneficiary_name', { length: 200 }).notNull(),
    /** E.164, or '' for a bank beneficiary saved without a phone. */
    beneficiaryPhone: varchar('beneficiary_phone', { length: 20 }).notNull(),
    /** Mobile: the MoMo network of the number. */
    network: varchar('network', { length: 16 }),
    /** Bank: the bank, its name and the account number the payout goes to. */
    bankId: integer('bank_id').references(() => banks.id),
    bankName: varchar('bank_name', { length: 150 }),
    accountNo: varchar('account_no', { length: 20 }),
    /** What may be shown of the account: 'Ecobank Ghana •••• 7890' ('' for a mobile beneficiary). */
    accountLabel: varchar('account_label', { length: 200 }).notNull(),
    receiveCountry: varchar('receive_country', { length: 100 }).notNull(),
    sendMinor: bigint('send_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** The currency the beneficiary receives; GHS is a local transfer. */
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Minor units of `currency`. */
    receiveMinor: bigint('receive_minor', { mode: 'number' }).notNull(),
    /** Units of `currency` per GHS used for the quote ('1' for GHS), as the rate table had it. */
    rate: varchar('rate', { length: 24 }).notNull(),
    purposeId: integer('purpose_id')
      .notNull()
      .references(() => transactionPurposes.id),
    payeeNote: varchar('payee_note', { length: 500 }).notNull().default(''),
    /** How it is paid: the one chosen, or the wallet balance when none was (a local transfer needs none). */
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    deliveryMethodId: integer('delivery_method_id')
      .notNull()
      .references(() => deliveryMethods.id),
    /** The coupon applied to the quote, and what it took off the fee (`fee_minor` is the fee after it). */
    couponId: integer('coupon_id').references(() => coupons.id),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Cash pick-up: the code the recipient collects with (shown on the sender's receipt once paid). */
    collectionCode: varchar('collection_code', { length: 16 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('transfer_carts_user_idx').on(table.userId, table.createdAt),
    check('transfer_carts_type', sql`${table.beneficiaryType} in ('mobile', 'bank')`),
    check(
      'transfer_carts_amounts',
      sql`${table.sendMinor} > 0 and ${table.feeMinor} >= 0 and ${table.totalMinor} = ${table.sendMinor} + ${table.feeMinor} and ${table.receiveMinor} >= 0`,
    ),
    check('transfer_carts_expiry', sql`${table.expiresAt} > ${table.createdAt}`),
    check(
      'transfer_carts_discount',
      sql`${table.discountMinor} >= 0 and (${table.couponId} is not null or ${table.discountMinor} = 0)`,
    ),
  ],
);

/**
 * A coupon use that stands: one per cart (unique), written by the trigger in the statement that creates the
 * operation paying the cart; `released_at` set when that payment failed (the use is given back).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    cartId: uuid('cart_id')
      .notNull()
      .unique('coupon_redemptions_cart_unique')
      .references(() => transferCarts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .unique('coupon_redemptions_operation_unique')
      .references((): AnyPgColumn => walletOperations.id),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [index('coupon_redemptions_coupon_user_idx').on(table.couponId, table.userId)],
);

/* Billers (spec section 3): companies and the sub-companies users pay, each with its reference rules. */

export const billingCompanies = pgTable('billing_companies', {
  id: integer('id').primaryKey(),
  /** Ours: names the biller's clearing account (clearing:biller:<code>) and the biller rail's biller. */
  code: varchar('code', { length: 24 }).notNull().unique('billing_companies_code_unique'),
  companyName: varchar('company_name', { length: 150 }).notNull(),
});

export const billingSubCompanies = pgTable(
  'billing_sub_companies',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => billingCompanies.id),
    code: varchar('code', { length: 32 }).notNull().unique('billing_sub_companies_code_unique'),
    subCompanyName: varchar('sub_company_name', { length: 150 }).notNull(),
    /** The reference field's label ('Meter Number'). */
    title: varchar('title', { length: 100 }).notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    /** '' for none; in the safe subset of src/domain/billing.ts (the seed's test checks it). */
    regularExpression: varchar('regular_expression', { length: 200 }).notNull().default(''),
    /** Prepaid units (electricity...): the user chooses the amount and gets a token. */
    prepaid: boolean('prepaid').notNull().default(false),
  },
  (table) => [
    index('billing_sub_companies_company_idx').on(table.companyId),
    check(
      'billing_sub_companies_lengths',
      sql`${table.minLength} >= 1 and ${table.maxLength} >= ${table.minLength} and ${table.maxLength} <= 64`,
    ),
  ],
);

/**
 * A bill looked up (GetBillByReferenceNumber), kept for PayBill: what the biller said is due, for whom and for
 * which month, until `expires_at`. PayBill pays these figures, never the browser's. The operation that pays it
 * names it (`wallet_operations.bill_quote_id`, unique): a quote is paid once. `token` is a prepaid purchase's,
 * once the biller gave it.
 */
export const billQuotes = pgTable(
  'bill_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    subCompanyId: integer('sub_company_id')
      .notNull()
      .references(() => billingSubCompanies.id),
    referenceNo: varchar('reference_no', { length: 64 }).notNull(),
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    /** 'YYYY-MM'. */
    billMonth: varchar('bill_month', { length: 7 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** What the biller said: 'Unpaid', 'Active' (prepaid). */
    billStatus: varchar('bill_status', { length: 16 }).notNull(),
    totalDueMinor: bigint('total_due_minor', { mode: 'number' }).notNull(),
    prepaid: boolean('prepaid').notNull(),
    token: varchar('token', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('bill_quotes_user_idx').on(table.userId, table.createdAt),
    check('bill_quotes_amount', sql`${table.totalDueMinor} >= 0`),
    check('bill_quotes_expiry', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/* The ledger: double entry in pesewas. Entries are immutable and each ledger transaction sums to zero (both
   enforced by triggers in the migration). Only user wallets cache a balance (wallets.balance_minor); system
   accounts (clearing per rail and counterparty, fee revenue) are derived from their entries, so no money movement
   updates a shared row. */

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * 'wallet:<userId>', 'clearing:card', 'clearing:momo:MTN', 'clearing:bank:<bankId>', 'revenue:fees', ...;
     * gems: 'gems:<userId>' (a user's gems) and 'issuance:gems' (where gems come from).
     */
    code: varchar('code', { length: 64 }).notNull().unique('ledger_accounts_code_unique'),
    kind: varchar('kind', { length: 16 }).notNull(),
    /**
     * What the account's entries count: 'GHS' (pesewas) or 'GEM' (whole gems). The entries of a ledger transaction
     * sum to zero per asset (trigger in the migration), so cedis and gems never balance each other. Fixed for life.
     */
    asset: varchar('asset', { length: 3 }).notNull().default('GHS'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('ledger_accounts_user_asset_unique').on(table.userId, table.asset),
    check(
      'ledger_accounts_kind',
      sql`${table.kind} in ('wallet', 'clearing', 'revenue', 'gems', 'issuance')`,
    ),
    check(
      'ledger_accounts_wallet_user',
      sql`(${table.kind} in ('wallet', 'gems')) = (${table.userId} is not null)`,
    ),
    check('ledger_accounts_asset', sql`${table.asset} in ('GHS', 'GEM')`),
    check(
      'ledger_accounts_kind_asset',
      sql`(${table.kind} in ('gems', 'issuance')) = (${table.asset} = 'GEM')`,
    ),
  ],
);

/**
 * A user's gem balance: the cached sum of the entries of its 'gems:<userId>' account (like wallets.balance_minor
 * for cedis), written by the statement that posts them; created by the first posting. Never below zero.
 */
export const gemBalances = pgTable(
  'gem_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gems: bigint('gems', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('gem_balances_not_negative', sql`${table.gems} >= 0`)],
);

/** What a user asked for and where it stands: the rows of the wallet history. */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Ours, saved before any provider is called; the provider is keyed by it; shown on receipts. */
    referenceNumber: varchar('reference_number', { length: 32 })
      .notNull()
      .unique('wallet_operations_reference_unique'),
    kind: varchar('kind', { length: 24 }).notNull(),
    direction: varchar('direction', { length: 6 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The processing fee charged on top of the amount (transfers, bets), 0 for most kinds. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** A DomainMessageId saying why it failed. */
    failureMessageId: varchar('failure_message_id', { length: 64 }),
    /**
     * What the user may see of the counterparty (card brand and last four, bank and masked account, network and
     * masked number...), as ledger/counterparty.ts. The history's description is composed from it and the kind.
     */
    counterparty: jsonb('counterparty').notNull(),
    /** Money kept back from the wallet until the provider answers (withdrawals); 0 once resolved. */
    heldMinor: bigint('held_minor', { mode: 'number' }).notNull().default(0),
    providerReference: varchar('provider_reference', { length: 64 }),
    /** The transfer cart this operation pays: a cart is paid at most once (unique), whatever the requests do. */
    cartId: uuid('cart_id')
      .unique('wallet_operations_cart_unique')
      .references(() => transferCarts.id),
    /** The bill quote this operation pays (bill_payment): a quote is paid at most once. */
    billQuoteId: uuid('bill_quote_id')
      .unique('wallet_operations_bill_quote_unique')
      .references(() => billQuotes.id),
    /**
     * The bill a bill_payment settles ('<subCompanyId>:<reference>:<month>' for a postpaid bill; null for a
     * prepaid purchase): one operation per bill that has not failed (a partial unique index), so a paid bill,
     * or one being paid, cannot be paid again; a failed payment frees it.
     */
    billKey: varchar('bill_key', { length: 96 }),
    /**
     * A collection (card or MoMo) that pays for a transfer cart: the money lands in the wallet, then the cart's
     * transfer debit runs (PayNow, or the worker). At most one such collection per cart is pending or successful.
     */
    fundingCartId: uuid('funding_cart_id').references((): AnyPgColumn => transferCarts.id),
    /**
     * A receiving row (wallet_transfer_received): the sender's operation whose posting credited this wallet. The
     * row has no ledger entries of its own; it is the receiver's history of that posting.
     */
    sourceOperationId: bigint('source_operation_id', { mode: 'number' })
      .unique('wallet_operations_source_unique')
      .references((): AnyPgColumn => walletOperations.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('wallet_operations_user_created_idx').on(table.userId, table.createdAt),
    index('wallet_operations_pending_idx').on(table.status, table.createdAt),
    uniqueIndex('wallet_operations_funding_unique')
      .on(table.fundingCartId)
      .where(sql`${table.fundingCartId} is not null and ${table.status} <> 'Failed'`),
    check(
      'wallet_operations_kind',
      sql`${table.kind} in ('card_top_up', 'bank_top_up', 'momo_top_up', 'bank_withdrawal', 'momo_withdrawal', 'momo_transfer', 'bank_transfer', 'cash_pickup_transfer', 'wallet_transfer', 'wallet_transfer_received', 'bet', 'bill_payment', 'gem_purchase')`,
    ),
    check(
      'wallet_operations_cart_kind',
      sql`${table.cartId} is null or ${table.kind} in ('momo_transfer', 'bank_transfer', 'cash_pickup_transfer', 'wallet_transfer')`,
    ),
    check(
      'wallet_operations_funding_kind',
      sql`${table.fundingCartId} is null or ${table.kind} in ('card_top_up', 'momo_top_up')`,
    ),
    check(
      'wallet_operations_bill_kind',
      sql`(${table.billQuoteId} is null and ${table.billKey} is null) or ${table.kind} = 'bill_payment'`,
    ),
    uniqueIndex('wallet_operations_bill_key_unique')
      .on(table.billKey)
      .where(sql`${table.status} <> 'Failed'`),
    check(
      'wallet_operations_source',
      sql`(${table.kind} = 'wallet_transfer_received') = (${table.sourceOperationId} is not null)`,
    ),
    check('wallet_operations_direction', sql`${table.direction} in ('Credit', 'Debit')`),
    // 'review': held by a monitoring rule until compliance decides (monitoring_holds); it holds like 'pending'.
    check('wallet_operations_status', sql`${table.status} in ('pending', 'review', 'Successful', 'Failed')`),
    check('wallet_operations_amount_positive', sql`${table.amountMinor} > 0`),
    check('wallet_operations_fee', sql`${table.feeMinor} >= 0`),
    check(
      'wallet_operations_held',
      sql`${table.heldMinor} >= 0 and ${table.heldMinor} <= ${table.amountMinor} + ${table.feeMinor}`,
    ),
    check(
      'wallet_operations_resolved',
      sql`(${table.status} in ('pending', 'review')) = (${table.resolvedAt} is null)`,
    ),
  ],
);

/*
 * What each wallet sent out a day, for the tier limits (issue 28): the sum of its debits that have not failed, by
 * their UTC day (Ghana's), kept by triggers on wallet_operations (migration 0026), so the limit check under the
 * wallet lock reads at most a month of day rows instead of every move of the month. A posting adds to its day's row
 * (it holds the wallet's lock, so a user's postings take turns on it); a status change that makes a debit count or
 * stop counting (a payout that failed, a hold rejected) appends an adjustment instead, so a resolution, which locks
 * the operation before the wallet, never waits on a row a posting holds.
 */
export const walletDebitDays = pgTable(
  'wallet_debit_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** How many debits: the monitoring rules count the day's moves out (structuring). */
    moves: integer('moves').notNull(),
  },
  (table) => [primaryKey({ name: 'wallet_debit_days_pk', columns: [table.userId, table.day] })],
);

export const walletDebitAdjustments = pgTable(
  'wallet_debit_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** -1 when a debit stops counting, 1 when it counts again. */
    moves: integer('moves').notNull(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('wallet_debit_adjustments_user_day_idx').on(table.userId, table.day)],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operationId: bigint('operation_id', { mode: 'number' }).references(() => walletOperations.id),
    /** Internal audit text, never shown: '<kind> <reference>' for an operation's posting. */
    description: varchar('description', { length: 200 }).notNull(),
    /** A reversal (issue 25, four eyes): the posted transaction whose entries it negates; reversed at most once. */
    reversesTransactionId: bigint('reverses_transaction_id', { mode: 'number' })
      .unique('ledger_transactions_reverses_unique')
      .references((): AnyPgColumn => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_transactions_operation_idx').on(table.operationId)],
);

/** Positive amounts credit the account, negative ones debit it; each transaction's entries sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId),
    check('ledger_entries_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/** A money-moving request's first answer, replayed for a repeat of its Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 128 }).notNull(),
    /** sha256 of method, path and canonical body: the same key with another body is a 409. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    operationId: bigint('operation_id', { mode: 'number' }).references(() => walletOperations.id),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'idempotency_keys_pk', columns: [table.userId, table.key] })],
);

/** The built-in sandbox rail's own records (a real provider keeps these on its side). */
export const sandboxRequests = pgTable(
  'sandbox_requests',
  {
    /** Our reference number: the sandbox, like a real provider, is idempotent on it. */
    reference: varchar('reference', { length: 32 }).primaryKey(),
    rail: varchar('rail', { length: 8 }).notNull(),
    direction: varchar('direction', { length: 8 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** A payout: the currency and amount (its minor units) the recipient is paid; null for collections. */
    payoutCurrency: varchar('payout_currency', { length: 3 }),
    payoutMinor: bigint('payout_minor', { mode: 'number' }),
    /** 'succeeded' | 'failed' | 'pending' */
    status: varchar('status', { length: 12 }).notNull(),
    /** What the sandbox decided from the test inputs: approve, reject, never, lose-callback, fail. */
    scenario: varchar('scenario', { length: 16 }).notNull(),
    decideAt: timestamp('decide_at', { withTimezone: true }).notNull(),
    callbackSentAt: timestamp('callback_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_requests_due_idx').on(table.status, table.decideAt)],
);

/* Betting (issue 10): the operators a wallet pays into, their partner API keys, and their payment links. */

/** Seeded (src/server/seed/reference-data.ts); each has its clearing account clearing:betting:<code>. */
export const bettingOperators = pgTable(
  'betting_operators',
  {
    id: integer('id').primaryKey(),
    /** Lower-case letters and digits: names the ledger account. */
    code: varchar('code', { length: 32 }).notNull().unique('betting_operators_code_unique'),
    name: varchar('name', { length: 100 }).notNull().unique('betting_operators_name_unique'),
    /** The operator a bet pays when its request names none (the spec's request has no operatorId); at most one. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [
    uniqueIndex('betting_operators_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/** An operator's server API key (AuthenticateUser): only its sha256 is kept; one active key per operator. */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => bettingOperators.id),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique('partner_api_keys_hash_unique'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('partner_api_keys_one_active')
      .on(table.operatorId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * A payment link an operator made (AuthenticateUser): the request the user opens at /deposit/{token}. Only the
 * token's sha256 is kept. The link is for the user whose account email is `email`. Paying it claims it with the
 * paying request's Idempotency-Key (claim_user_id, claim_key): the link is paid while the operation of that key is
 * pending or Successful; a claim refused for funds, or whose operation failed, leaves it payable again.
 */
export const bettingPaymentRequests = pgTable(
  'betting_payment_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => bettingOperators.id),
    tokenHash: varchar('token_hash', { length: 64 })
      .notNull()
      .unique('betting_payment_requests_token_unique'),
    /** Normalized as the users' emails are. */
    email: varchar('email', { length: 320 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    senderPhone: varchar('sender_phone', { length: 32 }).notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    bettingNo: varchar('betting_no', { length: 32 }).notNull(),
    receiverPhoneNo: varchar('receiver_phone_no', { length: 32 }).notNull(),
    /** Null: the user chooses the amount. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimUserId: integer('claim_user_id').references(() => users.id),
    claimKey: varchar('claim_key', { length: 128 }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('betting_payment_requests_amount', sql`${table.amountMinor} is null or ${table.amountMinor} > 0`),
  ],
);

/* Scale-out (issue 13): state the API hosts share through the one PostgreSQL. */

/**
 * Rate-limit counters shared by every host: one row per key and fixed window, counted with one atomic upsert.
 * Old windows are removed by the purge job.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 300 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'rate_limit_counters_pk', columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Background jobs run on a schedule by whichever host claims them first (FOR UPDATE SKIP LOCKED, then a lease):
 * one run at a time across all hosts; a host killed mid-run leaves its lease to expire, then another host runs it.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** The host holding the current run, until `lease_until`; null when no run is under way. */
  leaseOwner: varchar('lease_owner', { length: 96 }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Runs started so far: the current run's number (it fences a late finish of an expired run). */
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/** One row per run of a scheduled job (kept a week by the purge job): who ran it, when, and how it ended. */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    name: varchar('name', { length: 64 }).notNull(),
    run: bigint('run', { mode: 'number' }).notNull(),
    host: varchar('host', { length: 96 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'ok', 'failed', 'released' (shutdown before it started its work); null while running or if its host died. */
    outcome: varchar('outcome', { length: 12 }),
  },
  (table) => [
    primaryKey({ name: 'scheduled_job_runs_pk', columns: [table.name, table.run] }),
    index('scheduled_job_runs_started_idx').on(table.startedAt),
  ],
);

/*
 * The audit trail (docs/compliance.md, "Audit trail"): append-only (triggers refuse UPDATE, DELETE and TRUNCATE for
 * every role), one hash chain per `chain` ('user:<id>' or 'system'); rows are written by the database function
 * audit_append (migration 0020), which src/server/audit/audit-log.ts and the ledger's triggers call.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chain: varchar('chain', { length: 64 }).notNull(),
    /** 1, 2, 3... within the chain: a removed row leaves a gap. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: varchar('actor_kind', { length: 8 }).notNull(),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The chain's previous row's hash (64 zeros for the first), hex. */
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    /** sha256 of the row's canonical serialization (audit-log.ts `CANONICAL_ROW`), hex. */
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [
    unique('audit_log_chain_seq_unique').on(table.chain, table.seq),
    check('audit_log_actor_kind', sql`${table.actorKind} in ('user', 'staff', 'system', 'command')`),
    check(
      'audit_log_actor',
      sql`(${table.actorKind} in ('user', 'staff')) = (${table.actorId} is not null) and (${table.actorKind} in ('system', 'command')) = (${table.actorName} is not null)`,
    ),
  ],
);

/*
 * Real-time monitoring (issue 25): the rules' thresholds as dated data, the money moves a rule held for review, the
 * hits recorded without a hold, and reversals proposed and approved by two different staff members.
 */

/**
 * The monitoring rules' thresholds, one row per version of a rule: the latest that took effect is in force
 * (src/server/monitoring/rules-repository.ts). The first rows are the defaults; compliance adds a row for
 * each change (the parameters' names and ranges: src/domain/monitoring.ts).
 */
export const monitoringRules = pgTable(
  'monitoring_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'velocity' | 'newBeneficiary' | 'structuring' | 'largeAmount' | 'partnerLinkPayer' */
    name: varchar('name', { length: 24 }).notNull(),
    enabled: boolean('enabled').notNull(),
    /** Its thresholds ({ count, minutes }, { amountMinor, minutes }, { count, percent }, { percent }, {}). */
    parameters: jsonb('parameters').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    /** The staff member who changed it (null: the defaults). */
    staffId: integer('staff_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('monitoring_rules_name_effective_idx').on(table.name, table.effectiveFrom),
    check(
      'monitoring_rules_name',
      sql`${table.name} in ('velocity', 'newBeneficiary', 'structuring', 'largeAmount', 'partnerLinkPayer')`,
    ),
  ],
);

/**
 * A money move a monitoring rule held (its operation is 'review' and holds amount + fee) until a compliance
 * officer releases it (it goes on as if it had passed: `continuation` is the provider call to make) or rejects it
 * (the hold is given back).
 */
export const monitoringHolds = pgTable(
  'monitoring_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .unique('monitoring_holds_operation_unique')
      .references(() => walletOperations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The rules that hit, with their figures ([{ rule, ... }]). */
    hits: jsonb('hits').notNull(),
    /** The provider call the release makes (monitoring/continuations.ts); null for a kind decided at once. */
    continuation: jsonb('continuation'),
    /** 'open' | 'released' | 'rejected' */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the escalation was raised (once). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('monitoring_holds_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    check('monitoring_holds_status', sql`${table.status} in ('open', 'released', 'rejected')`),
    check(
      'monitoring_holds_decision',
      sql`(${table.status} = 'open') = (${table.decidedAt} is null) and (${table.status} = 'open') = (${table.decidedBy} is null)`,
    ),
  ],
);

/** A rule's hit recorded without a hold (a partner link paid from another account: refused, and recorded). */
export const monitoringHits = pgTable(
  'monitoring_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rule: varchar('rule', { length: 24 }).notNull(),
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('monitoring_hits_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A reversal of a posted operation: proposed by one staff member, approved by another (never the same: the CHECK
 * as well as the route), then posted as a ledger transaction that negates the original's entries.
 */
export const reversals = pgTable(
  'reversals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .unique('reversals_operation_unique')
      .references(() => walletOperations.id),
    reason: text('reason').notNull(),
    proposedBy: integer('proposed_by').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (table) => [
    check(
      'reversals_four_eyes',
      sql`${table.approvedBy} is null or ${table.approvedBy} <> ${table.proposedBy}`,
    ),
    check(
      'reversals_approved',
      sql`(${table.approvedBy} is null) = (${table.approvedAt} is null) and (${table.approvedBy} is null) = (${table.transactionId} is null)`,
    ),
  ],
);

/*
 * The back office's staff (issue 25): their own table, never users. Created by `npm run staff -- create`; the
 * second factor's secret sealed with APP_SECRET (crypto.ts `sealSecret`); roles: src/domain/staff.ts.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Normalized: trimmed and lower-cased. */
    email: varchar('email', { length: 320 }).notNull().unique('staff_email_unique'),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret (base32), sealed: AES-256-GCM under a key derived from APP_SECRET. */
    totpSecretSealed: text('totp_secret_sealed').notNull(),
    /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    role: varchar('role', { length: 16 }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('staff_email_normalized', sql`${table.email} = lower(btrim(${table.email}))`),
    check('staff_role_known', sql`${table.role} in ('support', 'compliance', 'auditor', 'admin')`),
  ],
);

/** A staff member's session: idle 15 minutes, at most 8 hours (src/domain/staff.ts); only the token's sha256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('staff_sessions_token_hash_unique'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/*
 * Passkeys (issue 26, WebAuthn): a user's credentials, the challenges the server issued, the step-up settings.
 */

/** One passkey of a user: the credential id and COSE public key (base64url), the signature counter, its name. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it; unique across every account (an authenticator registers once). */
    credentialId: varchar('credential_id', { length: 1400 })
      .notNull()
      .unique('passkeys_credential_id_unique'),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: an assertion must carry a larger one (0 and 0: no counter). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: varchar('name', { length: 60 }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_idx').on(table.userId),
    check('passkeys_counter_non_negative', sql`${table.counter} >= 0`),
  ],
);

/**
 * The challenges handed out, in PostgreSQL so every host shares them. Single-use (deleted by the call that uses
 * it), short-lived (`expires_at`), and bound to who asked: the user and session (registration, step-up), or the
 * sha256 of the ceremony id returned with log-in options. A step-up challenge also holds the operation it confirms.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** base64url, as it comes back in clientDataJSON. */
    challenge: varchar('challenge', { length: 128 }).notNull().unique('webauthn_challenges_challenge_unique'),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    ceremonyHash: varchar('ceremony_hash', { length: 64 }),
    /** Step-up: { path, amountMinor, beneficiary }. */
    operation: jsonb('operation'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webauthn_challenges_expires_idx').on(table.expiresAt),
    check('webauthn_challenges_purpose_known', sql`${table.purpose} in ('registration', 'logIn', 'stepUp')`),
  ],
);

/**
 * The step-up amount a user gets until they choose one, as data with the day it takes effect (like tier_limits):
 * the row in force is the latest `effective_from` on or before today. Pesewas.
 */
export const stepUpDefaults = pgTable(
  'step_up_defaults',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' })
      .notNull()
      .unique('step_up_defaults_effective_unique'),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('step_up_defaults_amount_positive', sql`${table.amountMinor} > 0`)],
);

/** A user's own step-up amount (pesewas); `amount_minor` null: step-up turned off. No row: the default. */
export const userStepUp = pgTable(
  'user_step_up',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_step_up_amount_positive', sql`${table.amountMinor} is null or ${table.amountMinor} > 0`),
  ],
);
