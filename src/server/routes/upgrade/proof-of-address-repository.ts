import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ProofOfAddress } from '../../../contract/upgrade';
import type { ProofOfAddressKind, ProofOfAddressStatus } from '../../../domain/account-upgrade';
import type { Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { proofOfAddressReviews, users } from '../../db/schema';
import type { StoredUpload } from '../../uploads';

/* The proof-of-address review queue (issue 24), in drizzle's query builder. */

const ONE_PENDING = 'proof_of_address_reviews_one_pending';

const answerColumns = {
  id: proofOfAddressReviews.id,
  documentKind: proofOfAddressReviews.documentKind,
  status: proofOfAddressReviews.status,
  reason: proofOfAddressReviews.reason,
  createdAt: proofOfAddressReviews.createdAt,
  decidedAt: proofOfAddressReviews.decidedAt,
};

type AnswerRow = {
  id: number;
  documentKind: string;
  status: string;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const toAnswer = (row: AnswerRow): ProofOfAddress => ({
  id: row.id,
  documentKind: row.documentKind as ProofOfAddressKind,
  status: row.status as ProofOfAddressStatus,
  reason: row.reason,
  submittedAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** The user's latest proof of address, or null. */
export const latestProofOfAddress = async (db: Queryable, userId: number): Promise<ProofOfAddress | null> => {
  const [row] = await db
    .select(answerColumns)
    .from(proofOfAddressReviews)
    .where(eq(proofOfAddressReviews.userId, userId))
    .orderBy(desc(proofOfAddressReviews.createdAt), desc(proofOfAddressReviews.id))
    .limit(1);
  return row ? toAnswer(row) : null;
};

/** Queues a proof of address; null when the user already has one pending (the unique index decides). */
export const insertProofOfAddress = async (
  db: Queryable,
  userId: number,
  documentKind: ProofOfAddressKind,
  stored: StoredUpload,
): Promise<ProofOfAddress | null> => {
  try {
    const [row] = await db
      .insert(proofOfAddressReviews)
      .values({
        userId,
        documentKind,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
        storagePath: stored.storagePath,
      })
      .returning(answerColumns);
    if (!row) throw new Error('insert returned no row');
    return toAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error, ONE_PENDING)) return null;
    throw error;
  }
};

export interface PendingReview {
  id: number;
  userId: number;
  email: string;
  fullName: string;
  documentKind: string;
  contentType: string;
  storagePath: string;
  submittedAt: Date;
}

/** The queue: every pending proof of address, oldest first, with its user. */
export const pendingReviews = async (db: Queryable): Promise<PendingReview[]> => {
  const rows = await db
    .select({
      id: proofOfAddressReviews.id,
      userId: proofOfAddressReviews.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      documentKind: proofOfAddressReviews.documentKind,
      contentType: proofOfAddressReviews.contentType,
      storagePath: proofOfAddressReviews.storagePath,
      submittedAt: proofOfAddressReviews.createdAt,
    })
    .from(proofOfAddressReviews)
    .innerJoin(users, eq(users.id, proofOfAddressReviews.userId))
    .where(eq(proofOfAddressReviews.status, 'pending'))
    .orderBy(asc(proofOfAddressReviews.createdAt), asc(proofOfAddressReviews.id));
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, fullName: `${firstName} ${lastName}` }));
};

/** The review, locked for the decision (the caller's transaction), or null when there is none of this id. */
export const lockReview = async (
  db: Queryable,
  id: number,
): Promise<{ id: number; userId: number; status: string; documentKind: string } | null> => {
  const [row] = await db
    .select({
      id: proofOfAddressReviews.id,
      userId: proofOfAddressReviews.userId,
      status: proofOfAddressReviews.status,
      documentKind: proofOfAddressReviews.documentKind,
    })
    .from(proofOfAddressReviews)
    .where(eq(proofOfAddressReviews.id, id))
    .for('update');
  return row ?? null;
};

/** Records the decision on a pending review (the caller has locked it). */
export const decideReview = async (
  db: Queryable,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string },
): Promise<void> => {
  await db
    .update(proofOfAddressReviews)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(proofOfAddressReviews.id, id), eq(proofOfAddressReviews.status, 'pending')));
};
