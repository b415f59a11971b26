import { asc, eq, type SQL } from 'drizzle-orm';
import type { WalletOperationStatus } from '../../../contract/wallet';
import { preparedRows, type Db, type Queryable } from '../../db/client';
import { bettingOperators } from '../../db/schema';
import { toMinor } from '../../db/sql';
import { containsPattern } from '../wallet/wallet-operations-repository';

/*
 * The betting operators, and the user's bets as the history and 'Betting Details' read them: wallet operations of
 * kind 'bet', whose counterparty holds the operator and the betting account (ledger/counterparty.ts).
 */

export interface BettingOperatorRecord {
  id: number;
  code: string;
  name: string;
}

export const operatorColumns = {
  id: bettingOperators.id,
  code: bettingOperators.code,
  name: bettingOperators.name,
};

export const allOperators = (db: Queryable): Promise<BettingOperatorRecord[]> =>
  db.select(operatorColumns).from(bettingOperators).orderBy(asc(bettingOperators.name));

const operatorWhere = async (db: Queryable, condition: SQL): Promise<BettingOperatorRecord | null> => {
  const [operator] = await db.select(operatorColumns).from(bettingOperators).where(condition);
  return operator ?? null;
};

export const operatorById = (db: Queryable, id: number) => operatorWhere(db, eq(bettingOperators.id, id));

/** The operator a bet pays when its request names none (betting_operators.is_default), or null if none is set. */
export const defaultOperator = (db: Queryable) => operatorWhere(db, eq(bettingOperators.isDefault, true));

/** By its code ('sportybet'), as `npm run partners` names it. */
export const operatorByCode = (db: Queryable, code: string) =>
  operatorWhere(db, eq(bettingOperators.code, code));

export interface BetRecord {
  id: number;
  referenceNumber: string;
  senderName: string;
  amountMinor: number;
  feeMinor: number;
  status: WalletOperationStatus;
  failureMessageId: string | null;
  operatorName: string;
  bettingNo: string;
  receiverPhoneNo: string;
  createdAt: Date;
}

interface BetRow {
  id: unknown;
  reference_number: string;
  sender_name: string;
  amount_minor: unknown;
  fee_minor: unknown;
  status: WalletOperationStatus;
  failure_message_id: string | null;
  operator_name: string | null;
  betting_no: string | null;
  receiver_phone_no: string | null;
  created_at: Date | string;
}

const BET_COLUMNS = `o.id, o.reference_number,
  concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name) as sender_name,
  o.amount_minor, o.fee_minor, o.status, o.failure_message_id,
  o.counterparty->>'operatorName' as operator_name, o.counterparty->>'bettingNo' as betting_no,
  o.counterparty->>'receiverPhoneNo' as receiver_phone_no, o.created_at`;

/** The user's ($1) bets whose reference contains the search ($2: a containsPattern, or '' for all). */
const BETS_OF_USER = `from wallet_operations o join users u on u.id = o.user_id
  where o.user_id = $1::int and o.kind = 'bet'
    and ($2::text = '' or o.reference_number ilike $2::text escape '\\')`;

const toRecord = (row: BetRow): BetRecord => ({
  id: toMinor(row.id),
  referenceNumber: row.reference_number,
  senderName: row.sender_name,
  amountMinor: toMinor(row.amount_minor),
  feeMinor: toMinor(row.fee_minor),
  status: row.status,
  failureMessageId: row.failure_message_id,
  operatorName: row.operator_name ?? '',
  bettingNo: row.betting_no ?? '',
  receiverPhoneNo: row.receiver_phone_no ?? '',
  createdAt: new Date(row.created_at),
});

const patternOf = (search: string) => (search === '' ? '' : containsPattern(search));

/** How many bets the user has (whose reference contains `search`, when given). */
export const countBets = async (db: Db, userId: number, search = ''): Promise<number> => {
  const [row] = await preparedRows<{ total: unknown }>(
    db,
    'bets_count_of_user',
    `select count(*) as total ${BETS_OF_USER}`,
    [userId, patternOf(search)],
  );
  return toMinor(row?.total ?? 0);
};

/** One page of the user's bets (whose reference contains `search`), newest first. */
export const betsPage = async (
  db: Db,
  userId: number,
  { offset, limit, search = '' }: { offset: number; limit: number; search?: string },
): Promise<BetRecord[]> => {
  const rows = await preparedRows<BetRow>(
    db,
    'bets_page_of_user',
    `select ${BET_COLUMNS} ${BETS_OF_USER} order by o.created_at desc, o.id desc limit $3::int offset $4::int`,
    [userId, patternOf(search), limit, offset],
  );
  return rows.map(toRecord);
};

/** The user's bet with this reference; null for an unknown one or another user's (they read alike). */
export const betOfUser = async (
  db: Db,
  userId: number,
  referenceNumber: string,
): Promise<BetRecord | null> => {
  const [row] = await preparedRows<BetRow>(
    db,
    'bet_of_user',
    `select ${BET_COLUMNS} from wallet_operations o join users u on u.id = o.user_id
     where o.reference_number = $2::text and o.user_id = $1::int and o.kind = 'bet'`,
    [userId, referenceNumber],
  );
  return row ? toRecord(row) : null;
};
