import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BeneficiaryType } from '../../../contract/beneficiary';
import { QUOTE_VALIDITY_MS } from '../../../domain/transfer';
import type { Db, Queryable } from '../../db/client';
import { batched, type Precondition } from '../../ledger/statements';
import { identificationOnFile } from '../identification/identifications-repository';
import { currentRateText, normalizeRate } from './rates-repository';
import {
  banks,
  beneficiaries,
  countries,
  coupons,
  deliveryMethods,
  idempotencyKeys,
  paymentMethods,
  transactionPurposes,
  transferCarts,
  users,
  walletOperations,
} from '../../db/schema';

/*
 * Transfer carts: a quote and the snapshot of its beneficiary, written once when the transfer is initiated and
 * read by the review, PayNow and the receipts. Whether a cart is paid is whether an operation names it
 * (wallet_operations.cart_id); whether it expired, the database's clock against expires_at.
 */

export type CartStatus = 'open' | 'paid' | 'expired';

/** A beneficiary as a transfer to it needs it: whom, on which rail, where. */
export interface PayableBeneficiary {
  id: number;
  type: BeneficiaryType;
  firstName: string;
  middleName: string;
  lastName: string;
  /** E.164 ('' for a bank beneficiary saved without a phone). */
  phone: string;
  network: string | null;
  bankId: number | null;
  bankName: string | null;
  accountNo: string | null;
  /** The country of the account paid: a bank beneficiary's is its bank's, a mobile one's its own. */
  countryId: number;
}

type BeneficiaryRow = Omit<PayableBeneficiary, 'type'> & { type: string; bankCountryId: number | null };

const payableBeneficiaryOf = ({ bankCountryId, ...row }: BeneficiaryRow): PayableBeneficiary => ({
  ...row,
  type: row.type as BeneficiaryType,
  countryId: bankCountryId ?? row.countryId,
});

/** The largest value of an integer column: a bigger id cannot be on file (and would fail the query). */
const MAX_INTEGER_ID = 2_147_483_647;
const storableId = (value: number) =>
  Number.isSafeInteger(value) && value > 0 && value <= MAX_INTEGER_ID ? value : 0;

/** A country of the reference data: a transfer's receiving country. */
export interface ReceivingCountry {
  id: number;
  name: string;
  isoCode: string;
}

/** The names of the chosen purpose, delivery method and payment method; null for an unknown or disabled one. */
export interface QuoteChoices {
  purpose: string | null;
  deliveryMethod: string | null;
  paymentMethod: string | null;
}

/** What InitiateTransfer reads before it writes the cart. */
export interface InitiateTransferReads {
  country: ReceivingCountry;
  hasIdentification: boolean;
  choices: QuoteChoices;
  /** The user's own beneficiary, if it is not deleted (another user's is null, like a missing one). */
  beneficiary: PayableBeneficiary | null;
  /** The current rate of the currency asked for (normalizeRate'd); null when none was asked or the table lacks it. */
  rate: string | null;
}

/**
 * Everything InitiateTransfer checks before it writes the cart, in one statement: the receiving country (null: its
 * id is not on file), whether the user has an identification, the chosen purpose, delivery and payment method, the
 * user's payable beneficiary and, when `currency` is given, its current rate.
 */
export const initiateTransferReads = async (
  db: Queryable,
  ids: {
    userId: number;
    receivingCountryId: number;
    beneficiaryId: number;
    purposeId: number;
    deliveryMethodId: number;
    paymentMethodId: number;
  },
  currency: string | null,
): Promise<InitiateTransferReads | null> => {
  const [row] = await db
    .select({
      country: { id: countries.id, name: countries.name, isoCode: countries.isoCode },
      hasIdentification: identificationOnFile(db, ids.userId),
      // Each name by its own scalar subquery.
      purpose: sql<string | null>`(select ${transactionPurposes.purpose} from ${transactionPurposes}
        where ${transactionPurposes.id} = ${storableId(ids.purposeId)})`,
      deliveryMethod: sql<string | null>`(select ${deliveryMethods.name} from ${deliveryMethods}
        where ${deliveryMethods.id} = ${storableId(ids.deliveryMethodId)} and ${deliveryMethods.isEnabled})`,
      paymentMethod: sql<string | null>`(select ${paymentMethods.name} from ${paymentMethods}
        where ${paymentMethods.id} = ${storableId(ids.paymentMethodId)} and ${paymentMethods.isEnabled})`,
      rate: currency === null ? sql<null>`null` : currentRateText(currency),
      beneficiary: {
        id: beneficiaries.id,
        type: beneficiaries.type,
        firstName: beneficiaries.firstName,
        middleName: beneficiaries.middleName,
        lastName: beneficiaries.lastName,
        phone: beneficiaries.phone,
        network: beneficiaries.network,
        bankId: beneficiaries.bankId,
        bankName: banks.name,
        accountNo: beneficiaries.accountNo,
        countryId: beneficiaries.countryId,
        bankCountryId: banks.countryId,
      },
    })
    .from(countries)
    .leftJoin(
      beneficiaries,
      and(
        eq(beneficiaries.id, storableId(ids.beneficiaryId)),
        eq(beneficiaries.userId, ids.userId),
        isNull(beneficiaries.deletedAt),
      ),
    )
    .leftJoin(banks, eq(banks.id, beneficiaries.bankId))
    .where(eq(countries.id, storableId(ids.receivingCountryId)));
  if (!row) return null;
  return {
    country: row.country,
    hasIdentification: Boolean(row.hasIdentification),
    choices: { purpose: row.purpose, deliveryMethod: row.deliveryMethod, paymentMethod: row.paymentMethod },
    // Left-joined: every column is null when no beneficiary matched; when one did, its NOT NULL columns are set.
    beneficiary: row.beneficiary.id === null ? null : payableBeneficiaryOf(row.beneficiary as BeneficiaryRow),
    rate: row.rate === null ? null : normalizeRate(String(row.rate)),
  };
};

export interface NewCart {
  userId: number;
  beneficiaryId: number;
  beneficiaryType: BeneficiaryType;
  beneficiaryName: string;
  beneficiaryPhone: string;
  network: string | null;
  bankId: number | null;
  bankName: string | null;
  accountNo: string | null;
  accountLabel: string;
  receiveCountry: string;
  sendMinor: number;
  feeMinor: number;
  totalMinor: number;
  currency: string;
  receiveMinor: number;
  rate: string;
  purposeId: number;
  payeeNote: string;
  paymentMethodId: number;
  deliveryMethodId: number;
  /** The coupon applied to the quote and what it took off the fee (`feeMinor` is after it); null and 0 without. */
  couponId: number | null;
  discountMinor: number;
  /** Cash pick-up: the recipient's collection code; null for other delivery methods. */
  collectionCode: string | null;
}

/** A cart as the review, PayNow and the receipt read it. */
export interface Cart extends NewCart {
  id: string;
  purpose: string;
  paymentMethod: string;
  deliveryMethod: string;
  couponCode: string | null;
  createdAt: Date;
  expiresAt: Date;
  status: CartStatus;
  /** The user deleted the beneficiary since (a cart of a deleted beneficiary cannot be paid). */
  beneficiaryDeleted: boolean;
}

const INSERT_CART = `insert into transfer_carts (user_id, beneficiary_id, beneficiary_type, beneficiary_name,
    beneficiary_phone, network, bank_id, bank_name, account_no, account_label, receive_country, send_minor, fee_minor,
    total_minor, currency, receive_minor, rate, purpose_id, payee_note, payment_method_id, delivery_method_id,
    coupon_id, discount_minor, collection_code, expires_at)
  values ($1::int, $2::int, $3::text, $4::text, $5::text, $6::text, $7::int, $8::text, $9::text, $10::text, $11::text,
    $12::bigint, $13::bigint, $14::bigint, $15::text, $16::bigint, $17::text, $18::int, $19::text, $20::int, $21::int,
    $22::int, $23::bigint, $24::text, now() + $25::bigint * interval '1 millisecond')
  returning id, created_at, expires_at`;

/**
 * Writes the cart; its quote holds for QUOTE_VALIDITY_MS from its creation (the database's clock). Committed in a
 * batch with the money path's concurrent statements, in its user's lane (`batched`: one WAL flush for many), and
 * answered once committed; on its own where there is no batcher. Its foreign keys' row locks (KEY SHARE) never
 * wait for a money move's, and a deadlock's victim, rolled back alone, runs again.
 */
export const createCart = async (
  db: Db,
  cart: NewCart,
): Promise<{ id: string; createdAt: Date; expiresAt: Date }> => {
  const [row] = await batched(db, cart.userId).rows<{
    id: string;
    created_at: string | Date;
    expires_at: string | Date;
  }>('transfer_cart_insert', INSERT_CART, [
    cart.userId,
    cart.beneficiaryId,
    cart.beneficiaryType,
    cart.beneficiaryName,
    cart.beneficiaryPhone,
    cart.network,
    cart.bankId,
    cart.bankName,
    cart.accountNo,
    cart.accountLabel,
    cart.receiveCountry,
    cart.sendMinor,
    cart.feeMinor,
    cart.totalMinor,
    cart.currency,
    cart.receiveMinor,
    cart.rate,
    cart.purposeId,
    cart.payeeNote,
    cart.paymentMethodId,
    cart.deliveryMethodId,
    cart.couponId,
    cart.discountMinor,
    cart.collectionCode,
    QUOTE_VALIDITY_MS,
  ]);
  if (!row) throw new Error('insert returned no row');
  // In a batch the row comes back as JSON: its times as ISO text.
  return { id: row.id, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) };
};

const cartColumns = {
  id: transferCarts.id,
  userId: transferCarts.userId,
  beneficiaryId: transferCarts.beneficiaryId,
  beneficiaryType: transferCarts.beneficiaryType,
  beneficiaryName: transferCarts.beneficiaryName,
  beneficiaryPhone: transferCarts.beneficiaryPhone,
  network: transferCarts.network,
  bankId: transferCarts.bankId,
  bankName: transferCarts.bankName,
  accountNo: transferCarts.accountNo,
  accountLabel: transferCarts.accountLabel,
  receiveCountry: transferCarts.receiveCountry,
  sendMinor: transferCarts.sendMinor,
  feeMinor: transferCarts.feeMinor,
  totalMinor: transferCarts.totalMinor,
  currency: transferCarts.currency,
  receiveMinor: transferCarts.receiveMinor,
  rate: transferCarts.rate,
  purposeId: transferCarts.purposeId,
  purpose: transactionPurposes.purpose,
  payeeNote: transferCarts.payeeNote,
  paymentMethodId: transferCarts.paymentMethodId,
  paymentMethod: paymentMethods.name,
  deliveryMethodId: transferCarts.deliveryMethodId,
  deliveryMethod: deliveryMethods.name,
  couponId: transferCarts.couponId,
  discountMinor: transferCarts.discountMinor,
  couponCode: coupons.code,
  collectionCode: transferCarts.collectionCode,
  createdAt: transferCarts.createdAt,
  expiresAt: transferCarts.expiresAt,
  status: sql<CartStatus>`case
    when exists (select 1 from ${walletOperations} where ${walletOperations.cartId} = ${transferCarts.id}) then 'paid'
    when ${transferCarts.expiresAt} <= now() then 'expired'
    else 'open' end`,
  beneficiaryDeleted: sql<boolean>`${beneficiaries.deletedAt} is not null`,
};

type CartRow = Omit<Cart, 'beneficiaryType' | 'beneficiaryDeleted'> & {
  beneficiaryType: string;
  beneficiaryDeleted: unknown;
};

const cartOf = (row: CartRow): Cart => ({
  ...row,
  beneficiaryType: row.beneficiaryType as BeneficiaryType,
  sendMinor: Number(row.sendMinor),
  feeMinor: Number(row.feeMinor),
  totalMinor: Number(row.totalMinor),
  receiveMinor: Number(row.receiveMinor),
  discountMinor: Number(row.discountMinor),
  beneficiaryDeleted: Boolean(row.beneficiaryDeleted),
});

/** The user's cart (another user's answers null, like a missing one). */
export const cartOfUser = async (db: Queryable, userId: number, cartId: string): Promise<Cart | null> => {
  const [row] = await db
    .select(cartColumns)
    .from(transferCarts)
    .innerJoin(transactionPurposes, eq(transactionPurposes.id, transferCarts.purposeId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, transferCarts.paymentMethodId))
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, transferCarts.deliveryMethodId))
    .innerJoin(beneficiaries, eq(beneficiaries.id, transferCarts.beneficiaryId))
    .leftJoin(coupons, eq(coupons.id, transferCarts.couponId))
    .where(and(eq(transferCarts.id, cartId), eq(transferCarts.userId, userId)));
  return row ? cartOf(row) : null;
};

/** A cart as PayNow reads it, with what else PayNow needs to know before it pays, read in the same query. */
export interface CartToPay {
  cart: Cart;
  /** The request's Idempotency-Key is recorded already (a repeat, or a copy running): PayNow replays it first. */
  keyRecorded: boolean;
  /** The other user whose verified phone is the cart's number (payCart: paid on-us), or null. */
  walletOwnerId: number | null;
}

/**
 * The user's cart for PayNow (null: none of theirs), whether `key` is recorded for the user and who owns the cart's
 * number as a verified phone: one round trip for what were three lookups (the key, the cart, the number's owner).
 */
export const cartToPay = async (
  db: Queryable,
  userId: number,
  cartId: string,
  key: string,
): Promise<CartToPay | null> => {
  const [row] = await db
    .select({
      ...cartColumns,
      keyRecorded: sql<boolean>`exists (select 1 from ${idempotencyKeys}
        where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} = ${key})`,
      walletOwnerId: sql<number | null>`(select ${users.id} from ${users}
        where ${users.verifiedPhone} = ${transferCarts.beneficiaryPhone} and ${users.id} <> ${transferCarts.userId}
          and ${transferCarts.beneficiaryPhone} <> '')`,
    })
    .from(transferCarts)
    .innerJoin(transactionPurposes, eq(transactionPurposes.id, transferCarts.purposeId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, transferCarts.paymentMethodId))
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, transferCarts.deliveryMethodId))
    .innerJoin(beneficiaries, eq(beneficiaries.id, transferCarts.beneficiaryId))
    .leftJoin(coupons, eq(coupons.id, transferCarts.couponId))
    .where(and(eq(transferCarts.id, cartId), eq(transferCarts.userId, userId)));
  if (!row) return null;
  const { keyRecorded, walletOwnerId, ...cart } = row;
  return {
    cart: cartOf(cart),
    keyRecorded: Boolean(keyRecorded),
    walletOwnerId: walletOwnerId === null ? null : Number(walletOwnerId),
  };
};

/** What the ledger's check of a cart can answer (cart-payment.ts turns each into its HTTP answer). */
export type CartRefusal = 'beneficiary.notFound' | 'transfer.quoteExpired';

/**
 * The cart may still be paid: its beneficiary is not deleted and (with `quoteExpiry`) its quote has not expired, by
 * the clock when the ledger reads it, once the paying wallet is locked (the ledger's precondition: PayNow may have
 * waited for that lock). The beneficiary's row is read FOR SHARE: a deletion made meanwhile is seen (a deletion
 * still open is waited for), and one that comes later waits until the payment is committed, so a beneficiary is
 * never deleted before a payment to it that is committed after.
 */
export const cartStillPayable = (
  cartId: string,
  { quoteExpiry }: { quoteExpiry: boolean },
): Precondition => ({
  name: 'cart_still_payable',
  text: `select case
      when b.deleted_at is not null then 'beneficiary.notFound'
      when $2::boolean and c.expires_at <= clock_timestamp() then 'transfer.quoteExpired'
    end as refusal
    from transfer_carts c join beneficiaries b on b.id = c.beneficiary_id
    where c.id = $1::uuid
    for share of b`,
  values: [cartId, quoteExpiry],
});
