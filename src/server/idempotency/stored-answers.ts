import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { queryRows } from '../db/sql';
import type { IdempotencyKey, StoredAnswer } from './idempotency-key';

/*
 * The idempotency_keys rows read and answered outside the ledger's statements (those write a key together with its
 * operation or refusal, in the same statement).
 */

export interface IdempotencyRecord {
  requestHash: string;
  operationId: number | null;
  answer: StoredAnswer | null;
}

export const findIdempotencyRecord = async (
  db: Queryable,
  { userId, key }: Pick<IdempotencyKey, 'userId' | 'key'>,
): Promise<IdempotencyRecord | null> => {
  const [row] = await queryRows<{
    request_hash: string;
    operation_id: unknown;
    response_status: number | null;
    response_body: unknown;
  }>(
    db,
    sql`select request_hash, operation_id, response_status, response_body from idempotency_keys
        where user_id = ${userId} and key = ${key}`,
  );
  if (!row) return null;
  return {
    requestHash: row.request_hash,
    operationId: row.operation_id === null ? null : Number(row.operation_id),
    answer:
      row.response_status === null ? null : { statusCode: row.response_status, body: row.response_body },
  };
};

/** Stores the first answer; when another was stored first, that one is returned (every repeat sees one answer). */
export const storeAnswer = async (
  db: Queryable,
  { userId, key }: Pick<IdempotencyKey, 'userId' | 'key'>,
  answer: StoredAnswer,
): Promise<StoredAnswer> => {
  const stored = await queryRows<{ response_status: number }>(
    db,
    sql`update idempotency_keys set response_status = ${answer.statusCode}, response_body = ${JSON.stringify(answer.body)}::jsonb
        where user_id = ${userId} and key = ${key} and response_status is null
        returning response_status`,
  );
  if (stored.length > 0) return answer;
  const existing = await findIdempotencyRecord(db, { userId, key });
  return existing?.answer ?? answer;
};

/**
 * Records a key with its final answer and no operation (a refusal decided outside the creating statement). False
 * when the key is already recorded: the caller replays that one.
 */
export const recordAnswer = async (
  db: Queryable,
  { userId, key, requestHash }: IdempotencyKey,
  answer: StoredAnswer,
): Promise<boolean> => {
  const inserted = await queryRows<{ key: string }>(
    db,
    sql`insert into idempotency_keys (user_id, key, request_hash, response_status, response_body)
        values (${userId}, ${key}, ${requestHash}, ${answer.statusCode}, ${JSON.stringify(answer.body)}::jsonb)
        on conflict (user_id, key) do nothing returning key`,
  );
  return inserted.length > 0;
};
