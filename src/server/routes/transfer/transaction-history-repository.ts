import { preparedRows, type Db } from '../../db/client';
import { toMinor } from '../../db/sql';
import { formatPhone } from '../../../domain/phone-numbers';
import type { WalletOperationStatus } from '../../../contract/wallet';
import { containsPattern } from '../wallet/wallet-operations-repository';

/*
 * The transaction history: a user's transfers (operations that pay a cart) and the transfers other users of the
 * app sent to their wallet (receiving rows, 'received'), with the names and amounts of each, newest first. One
 * query walks both along the (user_id, created_at) index; the search is one escaped ILIKE pattern on the sender's
 * name, the receiver's name and the reference number, so it is done in SQL, like the wallet history's.
 */

export interface TransactionRecord {
  id: number;
  direction: 'sent' | 'received';
  senderName: string;
  receiverName: string;
  referenceNumber: string;
  sendMinor: number;
  /** The processing fee that left the sender's wallet with the amount; 0 for a transfer received. */
  feeMinor: number;
  status: WalletOperationStatus;
  receiveMinor: number;
  currency: string;
  createdAt: Date;
}

const FULL_NAME = (alias: string) =>
  `concat_ws(' ', ${alias}.first_name, nullif(${alias}.middle_name, ''), ${alias}.last_name)`;

/** The user's ($1) transaction rows, as a subquery `h`. */
const HISTORY = `(
    select o.id, o.created_at, 'sent' as direction, ${FULL_NAME('u')} as sender_name,
           c.beneficiary_name as receiver_name, o.reference_number, o.amount_minor, o.fee_minor, o.status,
           c.receive_minor, c.currency
    from wallet_operations o
    join transfer_carts c on c.id = o.cart_id
    join users u on u.id = o.user_id
    where o.user_id = $1::int and o.cart_id is not null
    union all
    select r.id, r.created_at, 'received' as direction, r.counterparty->>'label' as sender_name,
           ${FULL_NAME('u')} as receiver_name, s.reference_number, r.amount_minor, 0::bigint as fee_minor, r.status,
           c.receive_minor, c.currency
    from wallet_operations r
    join wallet_operations s on s.id = r.source_operation_id
    join transfer_carts c on c.id = s.cart_id
    join users u on u.id = r.user_id
    where r.user_id = $1::int and r.kind = 'wallet_transfer_received'
  ) as h`;

/** The search's condition ($2: a containsPattern). */
const MATCHES = `(h.sender_name ilike $2::text escape '\\' or h.receiver_name ilike $2::text escape '\\'
  or h.reference_number ilike $2::text escape '\\')`;

interface HistoryRow {
  id: unknown;
  created_at: Date | string;
  direction: 'sent' | 'received';
  sender_name: string;
  receiver_name: string;
  reference_number: string;
  amount_minor: unknown;
  fee_minor: unknown;
  status: WalletOperationStatus;
  receive_minor: unknown;
  currency: string;
}

const toRecord = (row: HistoryRow): TransactionRecord => ({
  id: toMinor(row.id),
  direction: row.direction,
  senderName: row.sender_name,
  receiverName: row.receiver_name,
  referenceNumber: row.reference_number,
  sendMinor: toMinor(row.amount_minor),
  feeMinor: toMinor(row.fee_minor),
  status: row.status,
  receiveMinor: toMinor(row.receive_minor),
  currency: row.currency,
  createdAt: new Date(row.created_at),
});

/** How many transaction rows the user has (that match `search`, when given). */
export const countTransactions = async (db: Db, userId: number, search = ''): Promise<number> => {
  const [row] = await preparedRows<{ total: unknown }>(
    db,
    'transactions_count_of_user',
    `select count(*) as total from ${HISTORY} where $2::text = '' or ${MATCHES}`,
    [userId, search === '' ? '' : containsPattern(search)],
  );
  return toMinor(row?.total ?? 0);
};

/** One page of the user's transaction rows (that match `search`), newest first. */
export const transactionsPage = async (
  db: Db,
  userId: number,
  { offset, limit, search = '' }: { offset: number; limit: number; search?: string },
): Promise<TransactionRecord[]> => {
  const rows = await preparedRows<HistoryRow>(
    db,
    'transactions_page_of_user',
    `select h.* from ${HISTORY} where $2::text = '' or ${MATCHES}
     order by h.created_at desc, h.id desc limit $3::int offset $4::int`,
    [userId, search === '' ? '' : containsPattern(search), limit, offset],
  );
  return rows.map(toRecord);
};

/** A transfer as its receipt shows it, to its sender or to the user of the app who received it (on-us). */
export interface TransactionDetailRecord {
  direction: 'sent' | 'received';
  referenceNumber: string;
  status: WalletOperationStatus;
  failureMessageId: string | null;
  createdAt: Date;
  senderName: string;
  senderPhone: string;
  receiverName: string;
  receiverPhone: string;
  receiverAccount: string;
  receiverCountry: string;
  sendMinor: number;
  feeMinor: number;
  totalMinor: number;
  receiveMinor: number;
  currency: string;
  rate: string;
  purpose: string;
  deliveryMethod: string;
  paymentType: string;
  /** Cash pick-up: the recipient's code, for the sender only and not for a failed transfer. */
  collectionCode: string | null;
  discountMinor: number;
}

interface DetailRow {
  sender_id: number;
  reference_number: string;
  status: WalletOperationStatus;
  failure_message_id: string | null;
  created_at: Date | string;
  sender_name: string;
  sender_phone: string;
  beneficiary_name: string;
  beneficiary_phone: string;
  account_label: string;
  receive_country: string;
  send_minor: unknown;
  fee_minor: unknown;
  total_minor: unknown;
  receive_minor: unknown;
  currency: string;
  rate: string;
  purpose: string;
  delivery_method: string;
  payment_type: string;
  collection_code: string | null;
  discount_minor: unknown;
}

/**
 * The transfer whose reference is `referenceNumber` (the sender's, or a receiving row's, which names it), when
 * `userId` sent it or received it on-us; null otherwise (another user's reads like a missing one). The cart's
 * snapshot is read, so a beneficiary deleted since still shows.
 */
export const transactionDetail = async (
  db: Db,
  userId: number,
  referenceNumber: string,
): Promise<TransactionDetailRecord | null> => {
  const [row] = await preparedRows<DetailRow>(
    db,
    'transaction_detail',
    `with x as (
       select coalesce(source_operation_id, id) as id from wallet_operations where reference_number = $1::text
     )
     select o.user_id as sender_id, o.reference_number, o.status, o.failure_message_id, o.created_at,
            ${FULL_NAME('u')} as sender_name, u.phone_code || u.phone_number as sender_phone,
            c.beneficiary_name, c.beneficiary_phone, c.account_label, c.receive_country,
            c.send_minor, c.fee_minor, c.total_minor, c.receive_minor, c.currency, c.rate,
            p.purpose, d.name as delivery_method, m.name as payment_type, c.collection_code, c.discount_minor
     from x
     join wallet_operations o on o.id = x.id
     join transfer_carts c on c.id = o.cart_id
     join users u on u.id = o.user_id
     join transaction_purposes p on p.id = c.purpose_id
     join delivery_methods d on d.id = c.delivery_method_id
     join payment_methods m on m.id = c.payment_method_id
     where o.user_id = $2::int
        or exists (select 1 from wallet_operations r where r.source_operation_id = o.id and r.user_id = $2::int)`,
    [referenceNumber, userId],
  );
  if (!row) return null;
  const sent = row.sender_id === userId;
  return {
    direction: sent ? 'sent' : 'received',
    referenceNumber: row.reference_number,
    status: row.status,
    failureMessageId: row.failure_message_id,
    createdAt: new Date(row.created_at),
    senderName: row.sender_name,
    // The receiver sees who sent it, not the sender's whole number.
    senderPhone: sent ? formatPhone(row.sender_phone) : `•••• ${row.sender_phone.slice(-4)}`,
    receiverName: row.beneficiary_name,
    receiverPhone: formatPhone(row.beneficiary_phone),
    receiverAccount: row.account_label,
    receiverCountry: row.receive_country,
    sendMinor: toMinor(row.send_minor),
    feeMinor: toMinor(row.fee_minor),
    totalMinor: toMinor(row.total_minor),
    receiveMinor: toMinor(row.receive_minor),
    currency: row.currency,
    rate: row.rate,
    purpose: row.purpose,
    deliveryMethod: row.delivery_method,
    paymentType: row.payment_type,
    collectionCode: sent && row.status !== 'Failed' ? row.collection_code : null,
    discountMinor: toMinor(row.discount_minor),
  };
};
