import { persistedStore, resetStore } from './persisted';

/** Spec section 3, "billing": the chosen bill sub-company; every field persisted. */
export interface BillingState {
  billingId: number | null;
  subCompanyName: string;
  subCompanyId: number | null;
  companyName: string;
  title: string;
  minLength: number;
  maxLength: number;
  regularExpression: string;
}

export const billingDefaults: BillingState = {
  billingId: null,
  subCompanyName: '',
  subCompanyId: null,
  companyName: '',
  title: '',
  minLength: 0,
  maxLength: 0,
  regularExpression: '',
};

export const billingStore = persistedStore<BillingState>(
  'billing',
  billingDefaults,
  Object.keys(billingDefaults) as (keyof BillingState)[],
);

export const resetBilling = (): void => resetStore(billingStore, billingDefaults);
