import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { WalletOperationStatus } from '../../../contract/wallet';
import { BILL_QUOTE_VALIDITY_MS } from '../../../domain/billing';
import { preparedRows, type Db, type Queryable } from '../../db/client';
import { toMinor } from '../../db/sql';
import { billingCompanies, billingSubCompanies, billQuotes, walletOperations } from '../../db/schema';
import { containsPattern } from '../wallet/wallet-operations-repository';

/*
 * Billers, the bills looked up (quotes) and the bill payments: a bill payment is a bill_payment operation that
 * names its quote (wallet_operations.bill_quote_id), so the history and the receipts read the quote's figures.
 */

export const allCompanies = (db: Queryable) =>
  db
    .select({
      id: billingCompanies.id,
      companyName: billingCompanies.companyName,
      code: billingCompanies.code,
    })
    .from(billingCompanies)
    .orderBy(asc(billingCompanies.companyName));

const subCompanyColumns = {
  id: billingSubCompanies.id,
  code: billingSubCompanies.code,
  subCompanyName: billingSubCompanies.subCompanyName,
  companyName: billingCompanies.companyName,
  companyCode: billingCompanies.code,
  companyId: billingSubCompanies.companyId,
  title: billingSubCompanies.title,
  minLength: billingSubCompanies.minLength,
  maxLength: billingSubCompanies.maxLength,
  regularExpression: billingSubCompanies.regularExpression,
  prepaid: billingSubCompanies.prepaid,
};

/** The largest value of an integer column: a bigger id cannot be on file (and would fail the query). */
const MAX_INTEGER_ID = 2_147_483_647;

/** Sub-companies with their company's name and code. */
const subCompanyRows = (db: Queryable) =>
  db
    .select(subCompanyColumns)
    .from(billingSubCompanies)
    .innerJoin(billingCompanies, eq(billingCompanies.id, billingSubCompanies.companyId));

export const subCompaniesOf = (db: Queryable, companyId: number) =>
  subCompanyRows(db)
    .where(eq(billingSubCompanies.companyId, Math.min(companyId, MAX_INTEGER_ID)))
    .orderBy(asc(billingSubCompanies.id));

/** Every sub-company, in id order (a lookup by reference only asks those whose rules the reference fits). */
export const allSubCompanies = (db: Queryable) => subCompanyRows(db).orderBy(asc(billingSubCompanies.id));

export const subCompanyById = async (db: Queryable, id: number) => {
  const [row] = await subCompanyRows(db).where(eq(billingSubCompanies.id, Math.min(id, MAX_INTEGER_ID)));
  return row ?? null;
};

export type SubCompany = NonNullable<Awaited<ReturnType<typeof subCompanyById>>>;

/** The bill a postpaid payment settles: one operation per bill that has not failed (schema.ts). */
export const billKeyOf = (subCompanyId: number, reference: string, billMonth: string) =>
  `${subCompanyId}:${reference}:${billMonth}`;

/** Where the bill's payment stands: the status of its operation that has not failed, or null (none). */
export const billPaymentStatus = async (
  db: Queryable,
  billKey: string,
): Promise<WalletOperationStatus | null> => {
  const [row] = await db
    .select({ status: walletOperations.status })
    .from(walletOperations)
    .where(and(eq(walletOperations.billKey, billKey), sql`${walletOperations.status} <> 'Failed'`));
  return (row?.status as WalletOperationStatus | undefined) ?? null;
};

export interface NewQuote {
  userId: number;
  subCompanyId: number;
  referenceNo: string;
  customerId: string;
  customerName: string;
  billMonth: string;
  dueDate: string;
  billStatus: string;
  totalDueMinor: number;
  prepaid: boolean;
}

/** Keeps the bill looked up for BILL_QUOTE_VALIDITY_MS (the database's clock). */
export const createQuote = async (
  db: Queryable,
  quote: NewQuote,
): Promise<{ id: string; expiresAt: Date }> => {
  const [row] = await db
    .insert(billQuotes)
    .values({ ...quote, expiresAt: sql`now() + ${BILL_QUOTE_VALIDITY_MS} * interval '1 millisecond'` })
    .returning({ id: billQuotes.id, expiresAt: billQuotes.expiresAt });
  if (!row) throw new Error('insert returned no row');
  return row;
};

export type QuoteStatus = 'open' | 'paid' | 'expired';

export interface Quote extends NewQuote {
  id: string;
  expiresAt: Date;
  /** 'paid' while an operation that has not failed pays it. */
  status: QuoteStatus;
}

/** The id of the user's newest quote of this bill that is neither paid nor expired, or null. */
export const openQuoteId = async (
  db: Queryable,
  userId: number,
  subCompanyId: number,
  referenceNo: string,
): Promise<string | null> => {
  const [row] = await db
    .select({ id: billQuotes.id })
    .from(billQuotes)
    .where(
      and(
        eq(billQuotes.userId, userId),
        eq(billQuotes.subCompanyId, subCompanyId),
        eq(billQuotes.referenceNo, referenceNo),
        sql`${billQuotes.expiresAt} > now()`,
        sql`not exists (select 1 from wallet_operations o where o.bill_quote_id = ${billQuotes.id})`,
      ),
    )
    .orderBy(desc(billQuotes.createdAt))
    .limit(1);
  return row?.id ?? null;
};

/** The user's quote (another user's answers null, like a missing one). */
export const quoteOfUser = async (db: Queryable, userId: number, quoteId: string): Promise<Quote | null> => {
  const [row] = await db
    .select({
      id: billQuotes.id,
      userId: billQuotes.userId,
      subCompanyId: billQuotes.subCompanyId,
      referenceNo: billQuotes.referenceNo,
      customerId: billQuotes.customerId,
      customerName: billQuotes.customerName,
      billMonth: billQuotes.billMonth,
      dueDate: billQuotes.dueDate,
      billStatus: billQuotes.billStatus,
      totalDueMinor: billQuotes.totalDueMinor,
      prepaid: billQuotes.prepaid,
      expiresAt: billQuotes.expiresAt,
      status: sql<QuoteStatus>`case
        when exists (select 1 from wallet_operations o where o.bill_quote_id = bill_quotes.id) then 'paid'
        when bill_quotes.expires_at <= now() then 'expired'
        else 'open' end`,
    })
    .from(billQuotes)
    .where(and(eq(billQuotes.id, quoteId), eq(billQuotes.userId, userId)));
  return row ? { ...row, totalDueMinor: Number(row.totalDueMinor) } : null;
};

/** A prepaid purchase's token, as the biller gave it. */
export const saveToken = async (db: Queryable, quoteId: string, token: string): Promise<void> => {
  await db.update(billQuotes).set({ token }).where(eq(billQuotes.id, quoteId));
};

/* ------------------------------------------------------------------------------------------ history */

export interface BillPaymentRecord {
  id: number;
  senderName: string;
  referenceNumber: string;
  billReference: string;
  subCompanyName: string;
  companyName: string;
  amountMinor: number;
  status: WalletOperationStatus;
  createdAt: Date;
}

const FULL_NAME = `concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name)`;

const PAYMENT_JOINS = `from wallet_operations o
    join bill_quotes q on q.id = o.bill_quote_id
    join billing_sub_companies s on s.id = q.sub_company_id
    join billing_companies c on c.id = s.company_id
    join users u on u.id = o.user_id`;

const RECORD_COLUMNS = `o.id, o.created_at, ${FULL_NAME} as sender_name, o.reference_number,
    q.reference_no as bill_reference, s.sub_company_name, c.company_name, o.amount_minor, o.status`;

/** The user's ($1) bill payments, as a subquery `h`. */
const HISTORY = `(select ${RECORD_COLUMNS} ${PAYMENT_JOINS}
    where o.user_id = $1::int and o.kind = 'bill_payment') as h`;

/** The search's condition ($2: a containsPattern): our reference or the bill's. */
const MATCHES = `(h.reference_number ilike $2::text escape '\\' or h.bill_reference ilike $2::text escape '\\')`;

interface HistoryRow {
  id: unknown;
  created_at: Date | string;
  sender_name: string;
  reference_number: string;
  bill_reference: string;
  sub_company_name: string;
  company_name: string;
  amount_minor: unknown;
  status: WalletOperationStatus;
}

const toRecord = (row: HistoryRow): BillPaymentRecord => ({
  id: toMinor(row.id),
  senderName: row.sender_name,
  referenceNumber: row.reference_number,
  billReference: row.bill_reference,
  subCompanyName: row.sub_company_name,
  companyName: row.company_name,
  amountMinor: toMinor(row.amount_minor),
  status: row.status,
  createdAt: new Date(row.created_at),
});

export const countBillPayments = async (db: Db, userId: number, search = ''): Promise<number> => {
  const [row] = await preparedRows<{ total: unknown }>(
    db,
    'bill_payments_count_of_user',
    `select count(*) as total from ${HISTORY} where $2::text = '' or ${MATCHES}`,
    [userId, search === '' ? '' : containsPattern(search)],
  );
  return toMinor(row?.total ?? 0);
};

export const billPaymentsPage = async (
  db: Db,
  userId: number,
  { offset, limit, search = '' }: { offset: number; limit: number; search?: string },
): Promise<BillPaymentRecord[]> => {
  const rows = await preparedRows<HistoryRow>(
    db,
    'bill_payments_page_of_user',
    `select h.* from ${HISTORY} where $2::text = '' or ${MATCHES}
     order by h.created_at desc, h.id desc limit $3::int offset $4::int`,
    [userId, search === '' ? '' : containsPattern(search), limit, offset],
  );
  return rows.map(toRecord);
};

export interface BillPaymentDetail extends BillPaymentRecord {
  failureMessageId: string | null;
  feeMinor: number;
  title: string;
  customerId: string;
  customerName: string;
  billMonth: string;
  dueDate: string;
  token: string | null;
}

interface DetailRow extends HistoryRow {
  failure_message_id: string | null;
  fee_minor: unknown;
  title: string;
  customer_id: string;
  customer_name: string;
  bill_month: string;
  due_date: string;
  token: string | null;
}

/** One of the user's bill payments by its reference (another user's reads like a missing one). */
export const billPaymentDetail = async (
  db: Db,
  userId: number,
  referenceNumber: string,
): Promise<BillPaymentDetail | null> => {
  const [row] = await preparedRows<DetailRow>(
    db,
    'bill_payment_detail',
    `select ${RECORD_COLUMNS}, o.failure_message_id, o.fee_minor, s.title, q.customer_id, q.customer_name,
            q.bill_month, q.due_date::text as due_date, q.token
     ${PAYMENT_JOINS}
     where o.reference_number = $1::text and o.user_id = $2::int and o.kind = 'bill_payment'`,
    [referenceNumber, userId],
  );
  if (!row) return null;
  return {
    ...toRecord(row),
    failureMessageId: row.failure_message_id,
    feeMinor: toMinor(row.fee_minor),
    title: row.title,
    customerId: row.customer_id,
    customerName: row.customer_name,
    billMonth: row.bill_month,
    dueDate: row.due_date,
    token: row.token,
  };
};
