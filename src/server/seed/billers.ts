import type { Queryable } from '../db/client';
import { billingCompanies, billingSubCompanies } from '../db/schema';
import { upsertChanged } from './upsert-changed';

/*
 * Ghanaian billers (spec section 3, "Billing company" and "Sub-company"): electricity (prepaid and postpaid),
 * water, pay-TV, internet, school fees and government fees. Each sub-company's reference rules follow what the
 * biller prints on its bills and cards; its regularExpression stays in the safe subset of src/domain/billing.ts
 * (tests/server/billers-seed.test.ts checks every one). Ids are fixed: append new rows with new ids.
 */

export interface BillingCompanySeed {
  id: number;
  code: string;
  companyName: string;
}

export interface BillingSubCompanySeed {
  id: number;
  companyId: number;
  code: string;
  subCompanyName: string;
  title: string;
  minLength: number;
  maxLength: number;
  regularExpression: string;
  prepaid: boolean;
}

export const BILLING_COMPANIES: readonly BillingCompanySeed[] = [
  { id: 1, code: 'ECG', companyName: 'Electricity Company of Ghana (ECG)' },
  { id: 2, code: 'NEDCO', companyName: 'Northern Electricity Distribution Company (NEDCo)' },
  { id: 3, code: 'GWL', companyName: 'Ghana Water Limited' },
  { id: 4, code: 'MULTICHOICE', companyName: 'MultiChoice Ghana (DStv, GOtv)' },
  { id: 5, code: 'TELECEL', companyName: 'Telecel Ghana Broadband' },
  { id: 6, code: 'UG', companyName: 'University of Ghana' },
  { id: 7, code: 'GRA', companyName: 'Ghana Revenue Authority (GRA)' },
];

export const BILLING_SUB_COMPANIES: readonly BillingSubCompanySeed[] = [
  {
    id: 1,
    companyId: 1,
    code: 'ECG-PREPAID',
    subCompanyName: 'ECG Prepaid',
    title: 'Meter Number',
    minLength: 11,
    maxLength: 13,
    regularExpression: '^[0-9]{11,13}$',
    prepaid: true,
  },
  {
    id: 2,
    companyId: 1,
    code: 'ECG-POSTPAID',
    subCompanyName: 'ECG Postpaid',
    title: 'Account Number',
    minLength: 10,
    maxLength: 12,
    regularExpression: '^[0-9]{10,12}$',
    prepaid: false,
  },
  {
    id: 3,
    companyId: 2,
    code: 'NEDCO-PREPAID',
    subCompanyName: 'NEDCo Prepaid',
    title: 'Meter Number',
    minLength: 11,
    maxLength: 11,
    regularExpression: '^[0-9]{11}$',
    prepaid: true,
  },
  {
    id: 4,
    companyId: 3,
    code: 'GWL-POSTPAID',
    subCompanyName: 'Ghana Water Postpaid',
    title: 'Account Number',
    minLength: 9,
    maxLength: 12,
    regularExpression: '^[0-9]{9,12}$',
    prepaid: false,
  },
  {
    id: 5,
    companyId: 4,
    code: 'DSTV',
    subCompanyName: 'DStv',
    title: 'Smartcard Number',
    minLength: 10,
    maxLength: 10,
    regularExpression: '^[0-9]{10}$',
    prepaid: false,
  },
  {
    id: 6,
    companyId: 4,
    code: 'GOTV',
    subCompanyName: 'GOtv',
    title: 'IUC Number',
    minLength: 10,
    maxLength: 10,
    regularExpression: '^[0-9]{10}$',
    prepaid: false,
  },
  {
    id: 7,
    companyId: 5,
    code: 'TELECEL-BROADBAND',
    subCompanyName: 'Telecel Broadband',
    title: 'Broadband Account Number',
    minLength: 10,
    maxLength: 10,
    regularExpression: '^BB[0-9]{8}$',
    prepaid: false,
  },
  {
    id: 8,
    companyId: 6,
    code: 'UG-FEES',
    subCompanyName: 'University of Ghana School Fees',
    title: 'Student ID',
    minLength: 8,
    maxLength: 8,
    regularExpression: '^[0-9]{8}$',
    prepaid: false,
  },
  {
    id: 9,
    companyId: 7,
    code: 'GRA-TAX',
    subCompanyName: 'GRA Domestic Tax',
    title: 'Taxpayer Identification Number (TIN)',
    minLength: 11,
    maxLength: 11,
    regularExpression: '^[CGPQV][0-9]{10}$',
    prepaid: false,
  },
];

/** Idempotent: inserts missing billers and updates changed ones (in the caller's transaction). */
export const seedBillers = async (tx: Queryable): Promise<void> => {
  await upsertChanged(tx, billingCompanies, BILLING_COMPANIES, ['code', 'companyName']);
  await upsertChanged(tx, billingSubCompanies, BILLING_SUB_COMPANIES, [
    'companyId',
    'code',
    'subCompanyName',
    'title',
    'minLength',
    'maxLength',
    'regularExpression',
    'prepaid',
  ]);
};
