import { preparedRows, type Db } from '../../db/client';
import { toMinor } from '../../db/sql';
import { formatPhone } from '../../../domain/phone-numbers';
import {
  OPERATION_COLUMN_LIST,
  toOperation,
  type Operation,
  type OperationRecord,
} from '../../ledger/operation';

/*
 * What the shop reads: a user's gem balance (the cached sum of the gem account's entries, written by the ledger
 * with the entries), the user's gem purchases (the wallet operations of kind gem_purchase) and the extra user
 * details of the gateway page. Every query is scoped to the token's user.
 */

export const gemBalanceOf = async (db: Db, userId: number): Promise<number> => {
  const [row] = await preparedRows<{ gems: unknown }>(
    db,
    'gem_balance_of_user',
    'select gems from gem_balances where user_id = $1::int',
    [userId],
  );
  return row ? toMinor(row.gems) : 0;
};

export const countGemPurchases = async (db: Db, userId: number): Promise<number> => {
  const [row] = await preparedRows<{ total: unknown }>(
    db,
    'gem_purchases_count_of_user',
    `select count(*) as total from wallet_operations where user_id = $1::int and kind = 'gem_purchase'`,
    [userId],
  );
  return toMinor(row?.total ?? 0);
};

/** One page of a user's gem purchases, newest first. */
export const gemPurchasesPage = async (
  db: Db,
  userId: number,
  { offset, limit }: { offset: number; limit: number },
): Promise<Operation[]> => {
  const rows = await preparedRows<OperationRecord>(
    db,
    'gem_purchases_page_of_user',
    `select ${OPERATION_COLUMN_LIST} from wallet_operations where user_id = $1::int and kind = 'gem_purchase'
     order by created_at desc, id desc limit $2::int offset $3::int`,
    [userId, limit, offset],
  );
  return rows.map(toOperation);
};

export interface GatewayExtras {
  email: string;
  phone: string;
  totalBeneficiaries: number;
}

/** The e-mail, the phone as registered and how many beneficiaries (not deleted) the user keeps. */
export const gatewayExtras = async (db: Db, userId: number): Promise<GatewayExtras> => {
  const [row] = await preparedRows<{ email: string; phone: string; beneficiaries: unknown }>(
    db,
    'gateway_user_extras',
    `select u.email, u.phone_code || ' ' || u.phone_number as phone,
            (select count(*) from beneficiaries b where b.user_id = u.id and b.deleted_at is null) as beneficiaries
     from users u where u.id = $1::int`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId} not found`);
  return { email: row.email, phone: formatPhone(row.phone), totalBeneficiaries: toMinor(row.beneficiaries) };
};
