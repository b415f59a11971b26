import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { bettingOperators, bettingPaymentRequests, partnerApiKeys } from '../../db/schema';
import { queryRows, toMinor } from '../../db/sql';
import { operatorColumns, type BettingOperatorRecord } from './bets-repository';

/*
 * Partner API keys (only their sha256 kept, one active per operator) and the payment links operators make.
 *
 * A link is paid once, whatever the requests do: paying claims it with the paying request's Idempotency-Key (one
 * conditional UPDATE, so of two concurrent requests with different keys only one claims it). The link is paid
 * while the operation of its claiming key is pending or Successful; the claim can be taken over when that key's
 * request was refused (insufficient funds: a key with an answer and no operation), when its operation Failed (the
 * operator refused it and the money came back), or when the claiming request died before creating anything
 * (no record of its key a minute after the claim).
 */

/** The operator whose active key has this hash; null for a wrong or revoked key. */
export const operatorOfKey = async (
  db: Queryable,
  keyHash: string,
): Promise<BettingOperatorRecord | null> => {
  const [operator] = await db
    .select(operatorColumns)
    .from(partnerApiKeys)
    .innerJoin(bettingOperators, eq(bettingOperators.id, partnerApiKeys.operatorId))
    .where(and(eq(partnerApiKeys.keyHash, keyHash), isNull(partnerApiKeys.revokedAt)));
  return operator ?? null;
};

/** Revokes the operator's active key, if any, and makes `keyHash` its key, in one transaction. */
export const replacePartnerKey = async (db: Db, operatorId: number, keyHash: string): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .update(partnerApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(partnerApiKeys.operatorId, operatorId), isNull(partnerApiKeys.revokedAt)));
    await tx.insert(partnerApiKeys).values({ operatorId, keyHash });
  });
};

/** Revokes the operator's active key; whether there was one. */
export const revokePartnerKey = async (db: Queryable, operatorId: number): Promise<boolean> => {
  const revoked = await db
    .update(partnerApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(partnerApiKeys.operatorId, operatorId), isNull(partnerApiKeys.revokedAt)))
    .returning({ id: partnerApiKeys.id });
  return revoked.length > 0;
};

export interface PartnerKeyListing {
  code: string;
  name: string;
  /** When its active key was made; null: no active key. */
  activeSince: Date | null;
}

/** Every operator and when its active key was made. */
export const partnerKeyListing = (db: Queryable): Promise<PartnerKeyListing[]> =>
  db
    .select({
      code: bettingOperators.code,
      name: bettingOperators.name,
      activeSince: partnerApiKeys.createdAt,
    })
    .from(bettingOperators)
    .leftJoin(
      partnerApiKeys,
      and(eq(partnerApiKeys.operatorId, bettingOperators.id), isNull(partnerApiKeys.revokedAt)),
    )
    .orderBy(asc(bettingOperators.code));

export interface NewPaymentLink {
  operatorId: number;
  tokenHash: string;
  email: string;
  firstName: string;
  lastName: string;
  senderPhone: string;
  country: string;
  bettingNo: string;
  receiverPhoneNo: string;
  amountMinor: number | null;
  expiresAt: Date;
}

export const createPaymentLink = async (db: Queryable, link: NewPaymentLink): Promise<void> => {
  await db.insert(bettingPaymentRequests).values(link);
};

export interface PaymentLinkRecord {
  id: number;
  operatorId: number;
  operatorName: string;
  operatorCode: string;
  email: string;
  firstName: string;
  lastName: string;
  bettingNo: string;
  receiverPhoneNo: string;
  amountMinor: number | null;
  expiresAt: Date;
  /** Its claiming key's operation is pending or Successful. */
  paid: boolean;
}

/** The key that claims a link: the paying request's Idempotency-Key. */
export interface LinkClaim {
  userId: number;
  key: string;
}

/** The claiming key's record ($alias.claim_user_id, claim_key) and its operation, if any. */
const CLAIM_KEY = (alias: string) =>
  sql.raw(`idempotency_keys k left join wallet_operations o on o.id = k.operation_id
  where k.user_id = ${alias}.claim_user_id and k.key = ${alias}.claim_key`);

const PAID = (alias: string) => sql`exists (select 1 from ${CLAIM_KEY(alias)} and o.status <> 'Failed')`;

interface LinkRow {
  id: unknown;
  operator_id: number;
  operator_name: string;
  operator_code: string;
  email: string;
  first_name: string;
  last_name: string;
  betting_no: string;
  receiver_phone_no: string;
  amount_minor: unknown;
  expires_at: Date | string;
  paid: boolean;
}

/** The link whose token has this hash; null for an unknown (or forged) token. */
export const paymentLinkByTokenHash = async (
  db: Queryable,
  tokenHash: string,
): Promise<PaymentLinkRecord | null> => {
  const [row] = await queryRows<LinkRow>(
    db,
    sql`select r.id, r.operator_id, b.name as operator_name, b.code as operator_code, r.email, r.first_name,
               r.last_name, r.betting_no, r.receiver_phone_no, r.amount_minor, r.expires_at, ${PAID('r')} as paid
        from betting_payment_requests r join betting_operators b on b.id = r.operator_id
        where r.token_hash = ${tokenHash}`,
  );
  if (!row) return null;
  return {
    id: toMinor(row.id),
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    operatorCode: row.operator_code,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    bettingNo: row.betting_no,
    receiverPhoneNo: row.receiver_phone_no,
    amountMinor: row.amount_minor === null ? null : toMinor(row.amount_minor),
    expiresAt: new Date(row.expires_at),
    paid: row.paid === true || (row.paid as unknown) === 't',
  };
};

/** How long a claim whose request created nothing holds the link (a request takes seconds at most). */
const ABANDONED_CLAIM = sql.raw(`interval '1 minute'`);

/** Claims the link for the paying request's key; false when another key holds it (paid, or being paid). */
export const claimPaymentLink = async (db: Queryable, linkId: number, claim: LinkClaim): Promise<boolean> => {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update betting_payment_requests r set claim_user_id = ${claim.userId}, claim_key = ${claim.key},
               claimed_at = now()
        where r.id = ${linkId} and (
          r.claim_key is null
          or (r.claim_user_id = ${claim.userId} and r.claim_key = ${claim.key})
          or exists (select 1 from ${CLAIM_KEY('r')}
                     and ((k.operation_id is null and k.response_status is not null) or o.status = 'Failed'))
          or (not exists (select 1 from idempotency_keys k
                          where k.user_id = r.claim_user_id and k.key = r.claim_key)
              and r.claimed_at < now() - ${ABANDONED_CLAIM}))
        returning r.id`,
  );
  return rows.length > 0;
};

/** Lets go of a claim whose request was refused (nothing was paid), so the link can be paid again at once. */
export const releasePaymentLink = async (db: Queryable, linkId: number, claim: LinkClaim): Promise<void> => {
  await db
    .update(bettingPaymentRequests)
    .set({ claimUserId: null, claimKey: null, claimedAt: null })
    .where(
      and(
        eq(bettingPaymentRequests.id, linkId),
        eq(bettingPaymentRequests.claimUserId, claim.userId),
        eq(bettingPaymentRequests.claimKey, claim.key),
      ),
    );
};
