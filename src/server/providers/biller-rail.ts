import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import type { ProviderOutcome } from './provider';
import { recordSandboxRequest, sandboxAccountName } from './sandbox';

/**
 * The biller rail, beside the payment rails: a biller looks a bill up by its reference and takes its payment.
 * Payments are keyed by our reference (saved before the call) and idempotent on it, like every rail; a payment the
 * biller does not decide at once stays pending and is followed by the wallet worker (status, webhook) like a payout.
 */

export interface BillLookupRequest {
  /** The sub-company's code ('ECG-PREPAID'). */
  subCompanyCode: string;
  prepaid: boolean;
  /** The customer's reference (meter, account, smartcard number...). */
  reference: string;
  now: Date;
}

/** A bill as the biller tells it. */
export interface BillerBill {
  customerId: string;
  customerName: string;
  /** 'YYYY-MM'. */
  billMonth: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** What is due; a prepaid account's suggested purchase. */
  totalDueMinor: number;
  /** 'Unpaid' (postpaid) or 'Active' (a prepaid account). */
  status: 'Unpaid' | 'Active';
}

export type BillLookup = { found: true; bill: BillerBill } | { found: false };

export interface BillPaymentRequest {
  /** Ours: the operation's reference number. */
  reference: string;
  subCompanyCode: string;
  customerReference: string;
  amountMinor: number;
  prepaid: boolean;
}

/** The biller's answer; a prepaid purchase that succeeded carries its token (typed into the meter). */
export interface BillPaymentOutcome extends ProviderOutcome {
  token?: string;
}

export interface BillerRail {
  /** Throws when the biller cannot be asked. */
  lookup(request: BillLookupRequest): Promise<BillLookup>;
  pay(request: BillPaymentRequest): Promise<BillPaymentOutcome>;
}

/** A customer reference ending with this is a biller that is down when paid: held, then released (README). */
export const BILLER_DOWN_SUFFIX = '000001';

/** The sandbox's documented bills (README, "Sandbox billers"): one customer per sub-company. */
export const SANDBOX_BILLS: Readonly<
  Record<string, { reference: string; customerName: string; totalDueMinor: number }>
> = {
  'ECG-PREPAID': { reference: '01234567890', customerName: 'Kwame Mensah', totalDueMinor: 100_00 },
  'ECG-POSTPAID': { reference: '0101234567', customerName: 'Ama Owusu', totalDueMinor: 245_60 },
  'NEDCO-PREPAID': { reference: '20345678901', customerName: 'Yaw Boateng', totalDueMinor: 50_00 },
  'GWL-POSTPAID': { reference: '100234567', customerName: 'Abena Asante', totalDueMinor: 87_35 },
  DSTV: { reference: '7012345678', customerName: 'Kofi Appiah', totalDueMinor: 365_00 },
  GOTV: { reference: '2012345678', customerName: 'Efua Addo', totalDueMinor: 120_00 },
  'TELECEL-BROADBAND': { reference: 'BB10234567', customerName: 'Kojo Tetteh', totalDueMinor: 499_00 },
  'UG-FEES': { reference: '10812345', customerName: 'Akosua Darko', totalDueMinor: 2_850_00 },
  'GRA-TAX': { reference: 'P0012345678', customerName: 'Kwabena Ofori', totalDueMinor: 1_200_00 },
};

/** What a biller that is down bills (the documented suffix, any sub-company). */
const DOWN_BILL_MINOR = { prepaid: 100_00, postpaid: 150_00 };

const pad = (value: number) => String(value).padStart(2, '0');
const monthOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
const dayOf = (date: Date) => `${monthOf(date)}-${pad(date.getUTCDate())}`;

/**
 * The sandbox's bill months: a postpaid bill is last month's, due on the 21st of this month; a prepaid account's
 * purchase is this month's, due today.
 */
export const sandboxBillDates = (now: Date, prepaid: boolean): { billMonth: string; dueDate: string } => {
  if (prepaid) return { billMonth: monthOf(now), dueDate: dayOf(now) };
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { billMonth: monthOf(lastMonth), dueDate: `${monthOf(now)}-21` };
};

/** A prepaid token: 20 digits derived from our reference, in groups of four. */
export const sandboxToken = (reference: string): string => {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 20)}`)
    .toString()
    .padStart(20, '0')
    .slice(-20);
  return digits.match(/\d{4}/g)?.join('-') ?? digits;
};

/** The sandbox's bill for a reference, or not found (any reference but the documented ones and the suffix). */
export const sandboxBill = ({ subCompanyCode, prepaid, reference, now }: BillLookupRequest): BillLookup => {
  const documented = SANDBOX_BILLS[subCompanyCode];
  const down = reference.endsWith(BILLER_DOWN_SUFFIX);
  if (!down && documented?.reference !== reference) return { found: false };
  const customerName =
    documented?.reference === reference
      ? documented.customerName
      : (sandboxAccountName(reference) ?? 'Sandbox Customer');
  const totalDueMinor =
    documented?.reference === reference
      ? documented.totalDueMinor
      : prepaid
        ? DOWN_BILL_MINOR.prepaid
        : DOWN_BILL_MINOR.postpaid;
  return {
    found: true,
    bill: {
      customerId: `${subCompanyCode}-${reference}`,
      customerName,
      ...sandboxBillDates(now, prepaid),
      totalDueMinor,
      status: prepaid ? 'Active' : 'Unpaid',
    },
  };
};

/**
 * The built-in sandbox biller. Lookups answer the documented bills. A payment is decided at once, except for a
 * reference ending 000001: that biller is down, the payment stays pending (held in the wallet) and is released
 * after SANDBOX_DECISION_MS with 'billing.billerFailed'. Its payments are the payment sandbox's records
 * (sandbox_requests, rail 'biller'), so the sandbox's status, tick and signed webhook follow them.
 */
export const createSandboxBillerRail = ({ db, decisionMs }: { db: Db; decisionMs: number }): BillerRail => ({
  lookup: async (request) => sandboxBill(request),
  pay: async ({ reference, customerReference, amountMinor, prepaid }) => {
    const down = customerReference.endsWith(BILLER_DOWN_SUFFIX);
    const outcome = await recordSandboxRequest(db, decisionMs, {
      reference,
      rail: 'biller',
      direction: 'disburse',
      amountMinor,
      scenario: down ? 'fail' : 'approve',
      synchronous: !down,
    });
    return outcome.status === 'succeeded' && prepaid
      ? { ...outcome, token: sandboxToken(reference) }
      : outcome;
  },
});
