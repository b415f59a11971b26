import type { FastifyBaseLogger } from 'fastify';
import type { Bill } from '../../../contract/billing';
import { billNotFoundViolation, billReferenceViolations } from '../../../domain/billing';
import { minorToApiAmount } from '../../../domain/money';
import type { Db } from '../../db/client';
import { HttpError, toViolations, violationsError } from '../../http-error';
import type { BillerBill, BillerRail } from '../../providers/biller-rail';
import {
  allSubCompanies,
  billKeyOf,
  billPaymentStatus,
  createQuote,
  subCompanyById,
  type SubCompany,
} from './billing-repository';

/*
 * Looking a bill up (GetBillByReferenceNumber, and PayBill without a quote): the sub-company's reference rules, its
 * biller asked through the rail, the answer kept as the user's quote. Without a sub-company, every biller whose
 * rules the reference fits is asked, and exactly one must hold it.
 */

export interface BillerDeps {
  db: Db;
  billerRail: BillerRail;
  log: FastifyBaseLogger;
}

/** The sub-company, or 404 'billing.subCompanyNotFound'. */
export const knownSubCompany = async (db: Db, id: number): Promise<SubCompany> => {
  const subCompany = await subCompanyById(db, id);
  if (!subCompany) throw new HttpError(404, 'billing.subCompanyNotFound');
  return subCompany;
};

const ask = async ({ billerRail, log }: BillerDeps, subCompany: SubCompany, reference: string) => {
  const lookup = await billerRail
    .lookup({ subCompanyCode: subCompany.code, prepaid: subCompany.prepaid, reference, now: new Date() })
    .catch((error: unknown) => {
      log.error({ err: error }, 'bill lookup failed');
      throw new HttpError(502, 'billing.billerUnavailable');
    });
  return lookup.found ? lookup.bill : null;
};

/**
 * The bill of `reference` at this sub-company: its rules first (400), then its biller (404 none, naming the field by
 * its title; 502 down).
 */
export const billAt = async (
  deps: BillerDeps,
  subCompany: SubCompany,
  reference: string,
): Promise<BillerBill> => {
  const broken = billReferenceViolations(reference, subCompany);
  if (broken.length > 0) throw violationsError(toViolations(broken));
  const bill = await ask(deps, subCompany, reference);
  if (!bill) {
    const notFound = billNotFoundViolation(subCompany.title);
    throw new HttpError(404, notFound.messageId, toViolations([notFound]));
  }
  return bill;
};

/**
 * The spec's lookup by reference only: the billers whose rules the reference fits are asked together. One holds
 * it: its bill. None: 404. More than one, or one while another could not be asked: 400 naming them, so the user
 * chooses (never a guess that could pay the wrong biller). Every biller down: 502.
 */
export const billAnywhere = async (
  deps: BillerDeps,
  reference: string,
): Promise<{ subCompany: SubCompany; bill: BillerBill }> => {
  const fitting = (await allSubCompanies(deps.db)).filter(
    (subCompany) => billReferenceViolations(reference, subCompany).length === 0,
  );
  const answers = await Promise.allSettled(fitting.map((subCompany) => ask(deps, subCompany, reference)));
  const holders = fitting.flatMap((subCompany, index) => {
    const answer = answers[index];
    return answer?.status === 'fulfilled' && answer.value ? [{ subCompany, bill: answer.value }] : [];
  });
  const unanswered = fitting.filter((_, index) => answers[index]?.status === 'rejected');
  const [only] = holders;
  if (only && holders.length === 1 && unanswered.length === 0) return only;
  if (holders.length === 0 && unanswered.length === 0) throw new HttpError(404, 'billing.billNotFound');
  if (holders.length === 0 && unanswered.length === fitting.length)
    throw new HttpError(502, 'billing.billerUnavailable');
  const candidates = fitting.filter(
    (subCompany) =>
      holders.some((holder) => holder.subCompany.id === subCompany.id) || unanswered.includes(subCompany),
  );
  const billers = candidates.map((subCompany) => subCompany.subCompanyName).join(', ');
  throw violationsError(
    toViolations([{ field: 'subCompanyId', messageId: 'billing.billerRequired', values: { billers } }]),
  );
};

/** The bill's status as the lookup shows it: paid (or being paid) once its payment has not failed. */
const shownStatus = (billerStatus: string, payment: Awaited<ReturnType<typeof billPaymentStatus>>) =>
  payment === 'Successful' ? 'Paid' : payment === 'pending' ? 'Pending' : billerStatus;

/**
 * Keeps the bill as the user's quote (a postpaid bill already paid, or being paid, has nothing due) and answers it
 * as spec section 3's "Bill lookup result" with the quote.
 */
export const quoteBill = async (
  db: Db,
  userId: number,
  { subCompany, bill }: { subCompany: SubCompany; bill: BillerBill },
  reference: string,
): Promise<Bill> => {
  const payment = subCompany.prepaid
    ? null
    : await billPaymentStatus(db, billKeyOf(subCompany.id, reference, bill.billMonth));
  const status = shownStatus(bill.status, payment);
  const totalDueMinor = payment === null ? bill.totalDueMinor : 0;
  const quote = await createQuote(db, {
    userId,
    subCompanyId: subCompany.id,
    referenceNo: reference,
    customerId: bill.customerId,
    customerName: bill.customerName,
    billMonth: bill.billMonth,
    dueDate: bill.dueDate,
    billStatus: status,
    totalDueMinor,
    prepaid: subCompany.prepaid,
  });
  return {
    status,
    customerId: bill.customerId,
    customerName: bill.customerName,
    billMonth: bill.billMonth,
    dueDate: bill.dueDate,
    totalBillDue: minorToApiAmount(totalDueMinor),
    referenceNo: reference,
    subCompanyId: subCompany.id,
    prepaid: subCompany.prepaid,
    quoteId: quote.id,
    expiresAt: quote.expiresAt.toISOString(),
  };
};
