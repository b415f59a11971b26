import { and, asc, eq, exists, notExists, type SQL } from 'drizzle-orm';
import type { Identification } from '../../../contract/identification';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { identificationImages, identifications, identificationTypes, users } from '../../db/schema';
import { tierAfterIdentification } from '../../tiers/tiers';
import type { StoredUpload } from '../../uploads';

/* Identifications (KYC) and their uploaded images, in drizzle's query builder. */

const NUMBER_UNIQUE = 'identifications_identification_number_unique';
const IMAGE_UNIQUE = 'identifications_image_unique';

export interface NewIdentification {
  userId: number;
  identificationTypeId: number;
  identificationNumber: string;
  issuedDate: string;
  expiryDate: string;
  imageId: string;
}

/** The user's identifications (or one of them), in the contract's shape, oldest first. */
export const identificationsOf = async (
  db: Queryable,
  userId: number,
  id?: number,
): Promise<Identification[]> => {
  const rows = await db
    .select({
      id: identifications.id,
      identificationTypeId: identifications.identificationTypeId,
      identificationType: identificationTypes.name,
      identificationNumber: identifications.identificationNumber,
      issuedDate: identifications.issuedDate,
      expiryDate: identifications.expiryDate,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      imageId: identifications.imageId,
    })
    .from(identifications)
    .innerJoin(identificationTypes, eq(identificationTypes.id, identifications.identificationTypeId))
    .innerJoin(users, eq(users.id, identifications.userId))
    .where(and(eq(identifications.userId, userId), id === undefined ? undefined : eq(identifications.id, id)))
    .orderBy(asc(identifications.createdAt), asc(identifications.id));
  return rows.map(({ firstName, middleName, lastName, ...row }) => ({
    ...row,
    identificationNo: row.identificationNumber,
    fullName: [firstName, middleName, lastName].filter((name) => name !== '').join(' '),
  }));
};

/** One identification of the user's, if there is any. */
const anIdentificationOf = (db: Queryable, userId: number) =>
  db
    .select({ id: identifications.id })
    .from(identifications)
    .where(eq(identifications.userId, userId))
    .limit(1);

/** Whether the user has an identification on file. */
export const hasIdentification = async (db: Queryable, userId: number): Promise<boolean> => {
  const [row] = await anIdentificationOf(db, userId);
  return row !== undefined;
};

/** The same question as a boolean column of a statement that reads more beside it. */
export const identificationOnFile = (db: Queryable, userId: number): SQL<boolean> =>
  exists(anIdentificationOf(db, userId)).mapWith(Boolean);

export const identificationNumberOnFile = async (
  db: Queryable,
  identificationNumber: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: identifications.id })
    .from(identifications)
    .where(eq(identifications.identificationNumber, identificationNumber));
  return row !== undefined;
};

/**
 * Adds an identification, and in the same transaction moves a user at tier 'none' to 'minimum' (with its audit
 * row). Two adds at once: the unique indexes decide, and the loser learns which one (its number is on file, or its
 * image is used by another identification).
 */
export const insertIdentification = async (
  db: Db,
  values: NewIdentification,
): Promise<{ outcome: 'created'; id: number } | { outcome: 'numberTaken' | 'imageTaken' }> => {
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(identifications).values(values).returning({ id: identifications.id });
      if (!row) throw new Error('insert returned no row');
      await tierAfterIdentification(tx, values.userId);
      return row;
    });
    return { outcome: 'created', id: created.id };
  } catch (error) {
    if (isUniqueViolation(error, NUMBER_UNIQUE)) return { outcome: 'numberTaken' };
    if (isUniqueViolation(error, IMAGE_UNIQUE)) return { outcome: 'imageTaken' };
    throw error;
  }
};

/* Images */

export const insertImage = async (db: Queryable, userId: number, stored: StoredUpload): Promise<void> => {
  await db.insert(identificationImages).values({ ...stored, userId });
};

/** The user's own image (another user's answers like an unknown one), or null. */
export const ownImage = async (
  db: Queryable,
  userId: number,
  imageId: string,
): Promise<{ contentType: string; storagePath: string } | null> => {
  const [image] = await db
    .select({ contentType: identificationImages.contentType, storagePath: identificationImages.storagePath })
    .from(identificationImages)
    .where(and(eq(identificationImages.id, imageId), eq(identificationImages.userId, userId)));
  return image ?? null;
};

/** The user's upload that no identification uses yet, or null. `imageId` must be a UUID. */
export const unusedImage = async (
  db: Queryable,
  userId: number,
  imageId: string,
): Promise<{ id: string; sizeBytes: number } | null> => {
  const [image] = await db
    .select({ id: identificationImages.id, sizeBytes: identificationImages.sizeBytes })
    .from(identificationImages)
    .where(
      and(
        eq(identificationImages.id, imageId),
        eq(identificationImages.userId, userId),
        notExists(
          db
            .select({ id: identifications.id })
            .from(identifications)
            .where(eq(identifications.imageId, identificationImages.id)),
        ),
      ),
    );
  return image ?? null;
};
