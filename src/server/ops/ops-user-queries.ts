import { sql } from 'drizzle-orm';
import type { AuditEntryView, LedgerEntryView, OpsUserSummary, OpsUserView } from '../../contract/ops';
import type { AccountTier } from '../../domain/tiers';
import { minorToApiAmount } from '../../domain/money';
import type { Db } from '../db/client';
import { queryRows, toMinor } from '../db/sql';
import { betsPage, countBets } from '../routes/betting/bets-repository';
import { historyRow as bettingHistoryRow } from '../routes/betting/betting-routes';
import { billPaymentsPage, countBillPayments } from '../routes/billing/billing-repository';
import { historyRow as billingHistoryRow } from '../routes/billing/billing-routes';
import { identificationsOf } from '../routes/identification/identifications-repository';
import { pagedAnswer } from '../routes/paged-answer';
import { countTransactions, transactionsPage } from '../routes/transfer/transaction-history-repository';
import { historyRow as transactionHistoryRow } from '../routes/transfer/transaction-history-routes';
import { countOperationsOfUser, operationsPageOfUser } from '../routes/wallet/wallet-operations-repository';
import { historyRow as walletHistoryRow } from '../routes/wallet/wallet-routes';
import { accountTierOf } from '../tiers/tiers';

/*
 * What the back office reads of users (issue 25): the search (e-mail, phone or an operation's reference) and the
 * user view, composed of the queries the user's own pages use (histories, tier, identifications).
 */

/** The most users a search answers. */
export const USER_SEARCH_MAX = 50;
/** The rows of each list the user view shows (the newest). */
export const USER_VIEW_ROWS = 20;

interface UserRecord {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone_code: string;
  phone_number: string;
  account_tier: string;
  frozen_at: Date | string | null;
  frozen_reason: string | null;
  language: string;
  verified_phone: string | null;
  created_at: Date | string;
}

const USER_COLUMNS = sql`u.id, u.email, u.first_name, u.middle_name, u.last_name, u.phone_code, u.phone_number,
  u.account_tier, u.frozen_at, u.frozen_reason, u.language, u.verified_phone, u.created_at`;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

const summaryOf = (row: UserRecord): OpsUserSummary => ({
  userId: Number(row.id),
  email: row.email,
  fullName: [row.first_name, row.middle_name, row.last_name].filter((part) => part !== '').join(' '),
  phone: `${row.phone_code} ${row.phone_number}`,
  accountTier: row.account_tier as AccountTier,
  frozenAt: isoOrNull(row.frozen_at),
  createdAt: iso(row.created_at),
});

/** The digits of a phone number as a search: without the leading zeros of a local number ('024...' -> '24...'). */
const phoneDigitsOf = (query: string): string | null => {
  if (!/^[\d\s()+.-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 6 ? digits : null;
};

/**
 * Users whose e-mail contains `query` (any case), whose phone (code and number, or the verified one) contains its
 * digits, or who made the operation of that reference number; at most USER_SEARCH_MAX, newest first.
 */
export const searchUsers = async (db: Db, query: string): Promise<OpsUserSummary[]> => {
  const text = query.trim();
  const phone = phoneDigitsOf(text);
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<UserRecord>(
    db,
    sql`select ${USER_COLUMNS} from users u
        where u.email like ${pattern}
           or (${phone}::text is not null and (
                regexp_replace(u.phone_code || u.phone_number, '\\D', '', 'g') like '%' || ${phone}::text || '%'
                or regexp_replace(coalesce(u.verified_phone, ''), '\\D', '', 'g') like '%' || ${phone}::text || '%'))
           or u.id in (select user_id from wallet_operations where reference_number = ${text.toUpperCase()})
        order by u.id desc
        limit ${USER_SEARCH_MAX}`,
  );
  return rows.map(summaryOf);
};

interface AuditRecord {
  id: number | string;
  chain: string;
  seq: number | string;
  at: Date | string;
  actor_kind: AuditEntryView['actorKind'];
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

export const AUDIT_COLUMNS = sql`id, chain, seq, at, actor_kind, actor_id, actor_name, action, subject, before, after`;

export const auditEntryOf = (row: AuditRecord): AuditEntryView => ({
  id: Number(row.id),
  chain: row.chain,
  seq: Number(row.seq),
  at: iso(row.at),
  actorKind: row.actor_kind,
  actorId: row.actor_id === null ? null : Number(row.actor_id),
  actorName: row.actor_name,
  action: row.action,
  subject: row.subject,
  before: row.before ?? null,
  after: row.after ?? null,
});

export const auditRows = async (db: Db, query: ReturnType<typeof sql>): Promise<AuditEntryView[]> =>
  (await queryRows<AuditRecord>(db, query)).map(auditEntryOf);

const ledgerEntriesOf = async (db: Db, userId: number): Promise<LedgerEntryView[]> => {
  const rows = await queryRows<{
    transaction_id: number | string;
    code: string;
    kind: string;
    amount_minor: unknown;
    reference_number: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select e.transaction_id, a.code, a.kind, e.amount_minor, o.reference_number, e.created_at
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        left join wallet_operations o on o.id = t.operation_id
        where a.user_id = ${userId}::int and a.asset = 'GHS'
        order by e.id desc
        limit ${USER_VIEW_ROWS}`,
  );
  return rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    account: row.code,
    amount: minorToApiAmount(toMinor(row.amount_minor)),
    referenceNumber: row.reference_number,
    at: iso(row.created_at),
  }));
};

const firstPage = { page: 0, pageSize: USER_VIEW_ROWS };

/** The user view: who, tier and limits used, wallet, ledger entries, the four histories, identifications, sessions, audit. */
export const userViewOf = async (db: Db, userId: number): Promise<OpsUserView | null> => {
  const [row] = await queryRows<UserRecord>(
    db,
    sql`select ${USER_COLUMNS} from users u where u.id = ${userId}::int`,
  );
  if (!row) return null;
  const [wallet] = await queryRows<{ balance_minor: unknown; held_minor: unknown }>(
    db,
    sql`select balance_minor, held_minor from wallets where user_id = ${userId}::int`,
  );
  const balance = toMinor(wallet?.balance_minor ?? 0);
  const held = toMinor(wallet?.held_minor ?? 0);
  const sessions = await queryRows<{
    id: number;
    created_at: Date | string;
    last_seen_at: Date | string;
    expires_at: Date | string;
    revoked_at: Date | string | null;
  }>(
    db,
    sql`select id, created_at, last_seen_at, expires_at, revoked_at from sessions
        where user_id = ${userId}::int order by id desc limit ${USER_VIEW_ROWS}`,
  );
  return {
    user: {
      ...summaryOf(row),
      frozenReason: row.frozen_reason,
      language: row.language,
      verifiedPhone: row.verified_phone,
    },
    tier: await accountTierOf(db, userId),
    wallet: { balance: minorToApiAmount(balance), available: minorToApiAmount(balance - held) },
    ledgerEntries: await ledgerEntriesOf(db, userId),
    walletHistory: await pagedAnswer(
      firstPage,
      (search) => countOperationsOfUser(db, userId, search),
      (window) => operationsPageOfUser(db, userId, window),
      walletHistoryRow,
    ),
    transactionHistory: await pagedAnswer(
      firstPage,
      (search) => countTransactions(db, userId, search),
      (window) => transactionsPage(db, userId, window),
      transactionHistoryRow,
    ),
    bettingHistory: await pagedAnswer(
      firstPage,
      (search) => countBets(db, userId, search),
      (window) => betsPage(db, userId, window),
      bettingHistoryRow,
    ),
    billingHistory: await pagedAnswer(
      firstPage,
      (search) => countBillPayments(db, userId, search),
      (window) => billPaymentsPage(db, userId, window),
      billingHistoryRow,
    ),
    identifications: await identificationsOf(db, userId),
    sessions: sessions.map((session) => ({
      id: Number(session.id),
      createdAt: iso(session.created_at),
      lastSeenAt: iso(session.last_seen_at),
      expiresAt: iso(session.expires_at),
      revokedAt: isoOrNull(session.revoked_at),
    })),
    auditEntries: await auditRows(
      db,
      sql`select ${AUDIT_COLUMNS} from audit_log where chain = ${`user:${userId}`}
          order by seq desc limit ${USER_VIEW_ROWS}`,
    ),
  };
};
