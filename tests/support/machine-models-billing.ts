/**
 * Path-test models (see machine-paths.ts) of the issue-11 browser machines: the bill payment (/BillPayment) and the
 * billing history. The domain rules are the oracle for the reference rules and the wallet check; the sample
 * events walk the three steps (a company opened, a prepaid and a postpaid sub-company, a reference too short, too
 * long or ill-formed, then a good one, the lookup's answers, Pay Bill's answers, the biller followed).
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  BillingCompany,
  BillingMovement,
  BillingSubCompany,
  BillInPesewas,
} from '../../src/contract/billing';
import type { WalletOperation } from '../../src/contract/wallet';
import { billReferenceViolations, PREPAID_MAX_MINOR, PREPAID_MIN_MINOR } from '../../src/domain/billing';
import {
  billPaymentMachine,
  billPaymentStep,
  type BillPaymentContext,
} from '../../src/machines/bill-payment.machine';
import { billingHistoryMachine } from '../../src/machines/billing-history.machine';
import { failureStatus, serverMessageId } from '../../src/machines/failure-messages';
import {
  doneEvent,
  errorEvent,
  expectUnchanged,
  httpError,
  LIMIT_VALUES,
  limitRefusal,
  named,
  networkError,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';
import { pagedHistoryModels } from './machine-model-paged-history';

export const companies: BillingCompany[] = [
  { id: 1, companyName: 'Electricity Company of Ghana (ECG)', code: 'ECG' },
  { id: 3, companyName: 'Ghana Water Limited', code: 'GWL' },
];

export const prepaid: BillingSubCompany = {
  id: 1,
  subCompanyName: 'ECG Prepaid',
  companyName: 'Electricity Company of Ghana (ECG)',
  companyId: 1,
  title: 'Meter Number',
  minLength: 11,
  maxLength: 13,
  regularExpression: '^[0-9]{11,13}$',
  prepaid: true,
};

export const postpaid: BillingSubCompany = {
  ...prepaid,
  id: 2,
  subCompanyName: 'ECG Postpaid',
  title: 'Account Number',
  minLength: 10,
  maxLength: 12,
  regularExpression: '^[0-9]{10,12}$',
  prepaid: false,
};

export const billOf = (subCompany: BillingSubCompany, over: Partial<BillInPesewas> = {}): BillInPesewas => ({
  status: subCompany.prepaid ? 'Active' : 'Unpaid',
  customerId: `C-${subCompany.id}`,
  customerName: 'Kwame Mensah',
  billMonth: '2026-10',
  dueDate: '2026-11-21',
  totalBillDue: subCompany.prepaid ? 100_00 : 245_60,
  referenceNo: '01234567890',
  subCompanyId: subCompany.id,
  prepaid: subCompany.prepaid,
  quoteId: '00000000-0000-4000-8000-000000000001',
  expiresAt: '2026-11-23T16:00:00.000Z',
  ...over,
});

export const billOperation = (status: WalletOperation['status'], over: Partial<WalletOperation> = {}) => ({
  referenceNumber: 'BIL-1001',
  status,
  failureMessageId: status === 'Failed' ? 'billing.billerFailed' : null,
  amount: 100_00,
  walletAmount: 400_00,
  ...over,
});

const payload = <T>(event: AnyEventObject): T => event as unknown as T;

/** The amount a bill payment takes, restated: the total due, or the typed prepaid amount in pesewas. */
const expectedAmount = (context: BillPaymentContext): number | null => {
  if (!context.bill) return null;
  if (!context.bill.prepaid) return context.bill.totalBillDue;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(context.amount.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
};

const prepaidOk = (amount: number | null) =>
  amount !== null && amount >= PREPAID_MIN_MINOR && amount <= PREPAID_MAX_MINOR;

/** What tells two bill payment states apart (the checks assert the facts at every step). */
const billKey = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as BillPaymentContext;
  return JSON.stringify([
    c.openCompanyId,
    Object.keys(c.subCompanies).join(),
    c.subCompany?.id ?? null,
    c.reference,
    c.amount,
    c.showViolations,
    c.bill?.totalBillDue ?? null,
    c.idempotencyKey,
    c.walletAmount,
    // A message on the screen (a bill not found, paid already) is a state of its own: the browser paths need one.
    c.error !== null,
  ]);
};

const billCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as BillPaymentContext;
  if (context.idempotencyKey !== null) expect(context.idempotencyKey).toBe(`seed-${context.keyCount}`);
  if (snapshot.matches({ credentials: 'paying' })) expect(context.idempotencyKey).not.toBeNull();
  if (snapshot.matches({ credentials: 'confirming' })) expect(context.idempotencyKey).not.toBeNull();
  // The review shows from Confirm's page to the answer; while the biller is followed the balance is the answer's
  // (the total held), so the screens derive the figures with debitedPaymentCheck.
  expect(snapshot.hasTag('reviewPage')).toBe(
    ['confirming', 'paying', 'following'].some((state) => snapshot.matches({ credentials: state })),
  );
  expect(snapshot.hasTag('debited')).toBe(snapshot.matches({ credentials: 'following' }));
  if (snapshot.hasTag('debited')) expect(context.walletAmount).toBe(context.operation?.walletAmount);
  if (!context.showViolations) expect(context.violations).toEqual([]);
  expect(actions.every((action) => ['walletChanged', 'saveBilling'].includes(action.type))).toBe(true);
  // The step shown: Menu, Bill Credentials, Done.
  expect(billPaymentStep(snapshot)).toBe(snapshot.matches('menu') ? 0 : snapshot.matches('done') ? 2 : 1);
  if (snapshot.matches('credentials')) expect(context.subCompany).not.toBeNull();
  if (snapshot.matches({ credentials: 'reviewing' })) expect(context.bill).not.toBeNull();
  if (snapshot.matches('done')) {
    expect(context.operation).not.toBeNull();
    expect(context.error).toBeNull();
  }
  if (context.subCompany)
    expect([...context.reference].length).toBeLessThanOrEqual(context.subCompany.maxLength);

  if (previous === null) {
    expect(snapshot.matches({ menu: 'loadingCompanies' })).toBe(true);
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as BillPaymentContext;
  switch (event.type) {
    case 'CHOOSE': {
      if (!previous.matches({ menu: 'browsing' })) return expectUnchanged(step);
      const { subCompany } = payload<{ subCompany: BillingSubCompany }>(event);
      expect(snapshot.matches({ credentials: 'entering' })).toBe(true);
      expect(context.subCompany).toEqual(subCompany);
      expect(context.reference).toBe('');
      // Spec section 3: the billing store keeps the sub-company chosen.
      expect(named(actions)).toEqual([['saveBilling', { subCompany }]]);
      return;
    }
    case 'CHANGE_REFERENCE': {
      if (!previous.matches({ credentials: 'entering' })) return expectUnchanged(step);
      const { value } = payload<{ value: string }>(event);
      const max = before.subCompany?.maxLength ?? 0;
      // Spec section 5: the input refuses characters past maxLength.
      expect(context.reference).toBe([...value].slice(0, max).join(''));
      if (before.showViolations && context.subCompany)
        expect(context.violations).toEqual(billReferenceViolations(context.reference, context.subCompany));
      return;
    }
    case 'NEXT': {
      if (!previous.matches({ credentials: 'entering' }) || !before.subCompany) return expectUnchanged(step);
      const violations = billReferenceViolations(before.reference, before.subCompany);
      expect(context.violations).toEqual(violations);
      expect(snapshot.matches({ credentials: violations.length ? 'entering' : 'lookingUp' })).toBe(true);
      return;
    }
    case 'PAY': {
      if (!previous.matches({ credentials: 'reviewing' })) return expectUnchanged(step);
      const bill = before.bill as BillInPesewas;
      const amount = expectedAmount(before);
      const payable = bill.prepaid || bill.totalBillDue > 0;
      const amountOk = !bill.prepaid || prepaidOk(amount);
      // The review first: nothing is sent before Confirm.
      if (payable && amountOk && (amount ?? 0) <= before.walletAmount)
        expect(snapshot.matches({ credentials: 'confirming' })).toBe(true);
      else expect(snapshot.matches({ credentials: 'reviewing' })).toBe(true);
      if (payable && amountOk && (amount ?? 0) > before.walletAmount)
        expect(context.error).toBe('billing.insufficientFunds');
      return;
    }
    case 'CONFIRM':
      if (!previous.matches({ credentials: 'confirming' })) return expectUnchanged(step);
      // The review's key is the request's, also when Confirm resends an unanswered one.
      expect(snapshot.matches({ credentials: 'paying' })).toBe(true);
      expect(context.idempotencyKey).toBe(before.idempotencyKey);
      expect(context.error).toBeNull();
      return;
    case 'xstate.done.actor.lookupBill':
      if (!previous.matches({ credentials: 'lookingUp' })) return expectUnchanged(step);
      expect(snapshot.matches({ credentials: 'reviewing' })).toBe(true);
      expect(context.bill).toEqual(payload<{ output: BillInPesewas }>(event).output);
      return;
    case 'xstate.error.actor.lookupBill':
      if (!previous.matches({ credentials: 'lookingUp' })) return expectUnchanged(step);
      expect(snapshot.matches({ credentials: 'entering' })).toBe(true);
      expect(context.bill).toBeNull();
      expect(context.error !== null || context.violations.length > 0).toBe(true);
      return;
    case 'xstate.error.actor.payBill': {
      const { error } = payload<{ error: unknown }>(event);
      if (failureStatus(error) === null) {
        // No answer: back on the review with the key, so Confirm resends the same request.
        expect(snapshot.matches({ credentials: 'confirming' })).toBe(true);
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
        expect(context.error).toBe('billing.payFailed');
        return;
      }
      if (failureStatus(error) !== 400) return;
      // A refusal shows where the amount is; a tier limit's keeps the figures its message names (issue 24).
      expect(snapshot.matches({ credentials: 'reviewing' })).toBe(true);
      expect(context.error).toBe(serverMessageId(error));
      expect(context.failure).toEqual(
        context.error === 'limit.daily'
          ? { messageId: 'limit.daily', values: LIMIT_VALUES }
          : { messageId: context.error },
      );
      return;
    }
    case 'xstate.done.actor.payBill': {
      if (!previous.matches({ credentials: 'paying' })) return expectUnchanged(step);
      const result = payload<{ output: WalletOperation }>(event).output;
      expect(context.walletAmount).toBe(result.walletAmount);
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      if (result.status === 'Successful') expect(snapshot.matches('done')).toBe(true);
      else if (result.status === 'pending') expect(snapshot.matches({ credentials: 'following' })).toBe(true);
      else {
        expect(snapshot.matches({ credentials: 'entering' })).toBe(true);
        expect(context.error).toBe('billing.billerFailed');
      }
      return;
    }
    case 'BACK':
      if (previous.matches({ credentials: 'confirming' })) {
        // Back to the Billing Details, the key kept: the same bill and amount again is the same request.
        expect(snapshot.matches({ credentials: 'reviewing' })).toBe(true);
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
        expect(context.bill).toEqual(before.bill);
        return;
      }
      if (!previous.matches({ credentials: 'entering' }) && !previous.matches({ credentials: 'reviewing' }))
        return expectUnchanged(step);
      expect(snapshot.matches({ menu: 'browsing' })).toBe(true);
      expect(context.subCompany).toBeNull();
      return;
    case 'AGAIN':
      if (!previous.matches('done')) return expectUnchanged(step);
      expect(snapshot.matches({ menu: 'browsing' })).toBe(true);
      expect(context.operation).toBeNull();
      return;
    default:
      return;
  }
};

/** The samples a state is offered (its answers only where it waits for them). */
const billEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as BillPaymentContext;
  const sub = context.subCompany;
  const events: AnyEventObject[] = [];
  if (snapshot.matches({ menu: 'loadingCompanies' }))
    events.push(doneEvent('loadCompanies', companies), errorEvent('loadCompanies', networkError()));
  if (snapshot.matches({ menu: 'companiesFailed' })) events.push({ type: 'RETRY' });
  if (snapshot.matches('menu')) events.push({ type: 'SEARCH', text: context.search === '' ? 'elec' : '' });
  if (snapshot.matches({ menu: 'browsing' })) {
    events.push({ type: 'TOGGLE_COMPANY', companyId: 1 }, { type: 'TOGGLE_COMPANY', companyId: 3 });
    events.push({ type: 'CHOOSE', subCompany: prepaid }, { type: 'CHOOSE', subCompany: postpaid });
  }
  if (snapshot.matches({ menu: 'loadingSubCompanies' }))
    events.push(
      doneEvent('loadSubCompanies', context.openCompanyId === 1 ? [prepaid, postpaid] : []),
      errorEvent('loadSubCompanies', networkError()),
    );
  if (snapshot.matches({ credentials: 'entering' }) && sub) {
    // Repaired in order: too short, then too long (cut at the maximum), ill-formed, then good.
    if (context.reference === '') events.push({ type: 'CHANGE_REFERENCE', value: '0123' });
    if (context.reference === '0123') events.push({ type: 'CHANGE_REFERENCE', value: '01234567890123456' });
    if (context.reference.length === sub.maxLength)
      events.push({ type: 'CHANGE_REFERENCE', value: '0123456789a' });
    if (context.reference === '0123456789a') events.push({ type: 'CHANGE_REFERENCE', value: '01234567890' });
    if (context.reference === '01234567890') events.push({ type: 'CHANGE_REFERENCE', value: '01234567890' });
    events.push({ type: 'NEXT' }, { type: 'BACK' });
  }
  if (snapshot.matches({ credentials: 'lookingUp' }) && sub)
    events.push(
      doneEvent('lookupBill', billOf(sub)),
      ...(sub.prepaid
        ? []
        : [
            doneEvent('lookupBill', billOf(sub, { status: 'Paid', totalBillDue: 0 })),
            // More than the wallet holds: 'Insufficient funds'.
            doneEvent('lookupBill', billOf(sub, { totalBillDue: 2_850_00 })),
          ]),
      errorEvent('lookupBill', httpError(404, 'billing.billNotFound')),
      errorEvent(
        'lookupBill',
        httpError(400, 'billing.reference.pattern', [
          { field: 'referenceNo', messageId: 'billing.reference.pattern' },
        ]),
      ),
      errorEvent('lookupBill', networkError()),
    );
  if (snapshot.matches({ credentials: 'reviewing' })) {
    if (context.bill?.prepaid && context.amount === '100')
      events.push({ type: 'CHANGE_AMOUNT', value: '0.5' });
    if (context.bill?.prepaid && context.amount === '0.5')
      events.push({ type: 'CHANGE_AMOUNT', value: '75' });
    if (!context.bill?.prepaid || context.amount === '75')
      events.push({ type: 'CHANGE_AMOUNT', value: context.amount });
    events.push({ type: 'PAY' }, { type: 'BACK' });
  }
  if (snapshot.matches({ credentials: 'confirming' })) events.push({ type: 'CONFIRM' }, { type: 'BACK' });
  if (snapshot.matches({ credentials: 'paying' }))
    events.push(
      doneEvent('payBill', billOperation('Successful')),
      doneEvent('payBill', billOperation('pending')),
      doneEvent('payBill', billOperation('Failed', { walletAmount: 500_00 })),
      errorEvent('payBill', networkError()),
      errorEvent('payBill', httpError(409, 'billing.alreadyPaid')),
      errorEvent('payBill', httpError(403, 'identity.required')),
      errorEvent('payBill', httpError(400, 'billing.insufficientFunds')),
      errorEvent('payBill', limitRefusal()),
    );
  if (snapshot.matches({ credentials: { following: 'checking' } }))
    events.push(
      doneEvent('getOperation', billOperation('Successful')),
      doneEvent('getOperation', billOperation('Failed', { walletAmount: 500_00 })),
      doneEvent('getOperation', billOperation('pending')),
      errorEvent('getOperation', networkError()),
    );
  if (snapshot.matches('done')) events.push({ type: 'AGAIN' });
  return events;
};

export const billPaymentModel: MachineModel<typeof billPaymentMachine> = {
  name: 'bill-payment',
  machine: billPaymentMachine,
  inputs: [{ label: 'GH₵ 500 in the wallet', input: { walletAmount: 500_00, keySeed: 'seed' } }],
  events: billEvents,
  key: billKey,
  simpleKey: (snapshot) => {
    const c = snapshot.context as BillPaymentContext;
    return [c.subCompany?.id ?? null, c.bill !== null];
  },
  maxSimplePaths: 10,
  check: billCheck,
};

/* ----------------------------------------------------------------------------------------------- history */

const billingRows = (count: number): BillingMovement[] =>
  Array.from({ length: count }, (_, index) => ({
    id: count - index,
    senderName: 'Ama Mensah',
    referenceNumber: `BIL-${1000 + count - index}`,
    billReference: '01234567890',
    subCompanyName: 'ECG Prepaid',
    companyName: 'Electricity Company of Ghana (ECG)',
    sendAmount: 100_00,
    status: 'Successful',
    date: '2026-11-23T10:00:00.000Z',
  }));

export const [billingHistoryModel, billingHistorySearchModel] = pagedHistoryModels({
  name: 'billing-history',
  machine: billingHistoryMachine,
  machineId: 'billingHistory',
  failedMessage: 'billing.historyFailed',
  histories: [billingRows(12), billingRows(3), []],
  searchText: ' 01234 ',
});

export const billingMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'bill-payment', models: [billPaymentModel as MachineModel] },
  {
    file: 'billing-history',
    models: [billingHistoryModel as MachineModel, billingHistorySearchModel as MachineModel],
  },
];
