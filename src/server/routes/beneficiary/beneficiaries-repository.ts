import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Beneficiary, BeneficiaryType } from '../../../contract/beneficiary';
import { beneficiaryFullName } from '../../../domain/beneficiary';
import { GHANA_DIAL_CODE } from '../../../domain/momo';
import type { Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { banks, beneficiaries } from '../../db/schema';

/* Beneficiaries: a user's MoMo numbers and bank accounts, in drizzle's query builder. */

const PHONE_UNIQUE = 'beneficiaries_user_phone_unique';
const ACCOUNT_UNIQUE = 'beneficiaries_user_account_unique';

/** A beneficiary as the API answers it, with whose it is and whether it was deleted (receipts read deleted ones). */
export interface BeneficiaryRecord extends Beneficiary {
  userId: number;
  deletedAt: Date | null;
}

/** Who a new beneficiary is: names trimmed, a mobile one's phone in E.164. */
export interface NewBeneficiary {
  userId: number;
  type: BeneficiaryType;
  firstName: string;
  middleName: string;
  lastName: string;
  motherMaidenName: string;
  phone: string;
  relationship: string;
  countryId: number;
  network: string | null;
  bankId: number | null;
  accountNo: string | null;
  accountName: string;
}

/** What an edit may change: the names, the relationship, and a mobile beneficiary's number with what follows it. */
export type BeneficiaryChanges = Pick<
  NewBeneficiary,
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'motherMaidenName'
  | 'relationship'
  | 'phone'
  | 'network'
  | 'accountName'
>;

/** The number or account that makes a beneficiary the same one twice (the partial unique indexes' keys). */
export type BeneficiaryKey =
  { type: 'mobile'; phone: string } | { type: 'bank'; bankId: number; accountNo: string };

export type Saved = { outcome: 'saved'; beneficiary: BeneficiaryRecord } | { outcome: 'exists' | 'notFound' };

type Row = typeof beneficiaries.$inferSelect;

const record = (row: Row, bankName: string | null): BeneficiaryRecord => ({
  id: row.id,
  userId: row.userId,
  type: row.type as BeneficiaryType,
  firstName: row.firstName,
  middleName: row.middleName,
  lastName: row.lastName,
  fullName: beneficiaryFullName(row),
  motherMaidenName: row.motherMaidenName,
  phoneCode: GHANA_DIAL_CODE,
  phoneNumber: row.phone.startsWith(GHANA_DIAL_CODE) ? row.phone.slice(GHANA_DIAL_CODE.length) : '',
  phone: row.phone,
  relationship: row.relationship,
  countryId: row.countryId,
  bankId: row.bankId,
  bankName,
  accountNo: row.accountNo,
  network: row.network,
  accountName: row.accountName,
  deletedAt: row.deletedAt,
});

/** The answer's shape: the record without what only the server reads. */
export const beneficiaryAnswer = ({ userId: _userId, deletedAt: _deletedAt, ...answer }: BeneficiaryRecord) =>
  answer satisfies Beneficiary;

const rowsWithBank = (db: Queryable, where: SQL | undefined) =>
  db
    .select({ row: beneficiaries, bankName: banks.name })
    .from(beneficiaries)
    .leftJoin(banks, eq(banks.id, beneficiaries.bankId))
    .where(where);

/**
 * The full name's order, case-insensitive, then by code point: the same order on every server whatever its
 * default collation (PGlite and PostgreSQL here, en_US or C.UTF-8 in production).
 */
const byFullName = sql`lower(concat_ws(' ', nullif(${beneficiaries.firstName}, ''), nullif(${beneficiaries.middleName}, ''), nullif(${beneficiaries.lastName}, ''))) collate "C"`;

/** The user's beneficiaries of one kind that are not deleted, by full name (ignoring case), then id. */
export const beneficiariesOfUser = async (
  db: Queryable,
  userId: number,
  type: BeneficiaryType,
): Promise<Beneficiary[]> => {
  const rows = await rowsWithBank(
    db,
    and(eq(beneficiaries.userId, userId), eq(beneficiaries.type, type), isNull(beneficiaries.deletedAt)),
  ).orderBy(asc(byFullName), asc(beneficiaries.id));
  return rows.map(({ row, bankName }) => beneficiaryAnswer(record(row, bankName)));
};

/**
 * One of the user's beneficiaries (with its bank's name), or null: another user's answers like an unknown id.
 * The transfer engine reads deleted ones too (`includeDeleted`), for the receipts of transfers already made.
 */
export const findBeneficiaryOfUser = async (
  db: Queryable,
  userId: number,
  id: number,
  { includeDeleted = false }: { includeDeleted?: boolean } = {},
): Promise<BeneficiaryRecord | null> => {
  const [found] = await rowsWithBank(
    db,
    and(
      eq(beneficiaries.id, id),
      eq(beneficiaries.userId, userId),
      includeDeleted ? undefined : isNull(beneficiaries.deletedAt),
    ),
  );
  return found ? record(found.row, found.bankName) : null;
};

/** Whether the user keeps this number or account already (not deleted), other than beneficiary `exceptId`. */
export const beneficiaryExists = async (
  db: Queryable,
  userId: number,
  key: BeneficiaryKey,
  exceptId?: number,
): Promise<boolean> => {
  const same =
    key.type === 'mobile'
      ? eq(beneficiaries.phone, key.phone)
      : and(eq(beneficiaries.bankId, key.bankId), eq(beneficiaries.accountNo, key.accountNo));
  const [row] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.userId, userId),
        eq(beneficiaries.type, key.type),
        isNull(beneficiaries.deletedAt),
        same,
        exceptId === undefined ? undefined : ne(beneficiaries.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
};

const isDuplicate = (error: unknown) =>
  isUniqueViolation(error, PHONE_UNIQUE) || isUniqueViolation(error, ACCOUNT_UNIQUE);

/** Saves a beneficiary. Two saves of the same number at once: the unique index decides, the loser learns 'exists'. */
export const insertBeneficiary = async (
  db: Queryable,
  values: NewBeneficiary,
  bankName: string | null,
): Promise<Saved> => {
  try {
    const [row] = await db.insert(beneficiaries).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return { outcome: 'saved', beneficiary: record(row, bankName) };
  } catch (error) {
    if (isDuplicate(error)) return { outcome: 'exists' };
    throw error;
  }
};

/** Changes one of the user's beneficiaries that is not deleted ('notFound' when it is gone meanwhile). */
export const updateBeneficiary = async (
  db: Queryable,
  current: BeneficiaryRecord,
  changes: BeneficiaryChanges,
): Promise<Saved> => {
  try {
    const [row] = await db
      .update(beneficiaries)
      .set(changes)
      .where(
        and(
          eq(beneficiaries.id, current.id),
          eq(beneficiaries.userId, current.userId),
          isNull(beneficiaries.deletedAt),
        ),
      )
      .returning();
    return row ? { outcome: 'saved', beneficiary: record(row, current.bankName) } : { outcome: 'notFound' };
  } catch (error) {
    if (isDuplicate(error)) return { outcome: 'exists' };
    throw error;
  }
};

/** Deletes one of the user's beneficiaries (the row stays, for receipts); false when there is none to delete. */
export const deleteBeneficiary = async (db: Queryable, userId: number, id: number): Promise<boolean> => {
  const deleted = await db
    .update(beneficiaries)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId), isNull(beneficiaries.deletedAt)))
    .returning({ id: beneficiaries.id });
  return deleted.length > 0;
};

/** A bank's name and country, or null for an unknown bank. */
export const bankOf = async (
  db: Queryable,
  bankId: number,
): Promise<{ name: string; countryId: number } | null> => {
  const [bank] = await db
    .select({ name: banks.name, countryId: banks.countryId })
    .from(banks)
    .where(eq(banks.id, bankId));
  return bank ?? null;
};
