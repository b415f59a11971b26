import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BillInPesewas, BillingCompany, BillingSubCompany } from '../../src/contract/billing';
import { ApiError } from '../../src/contract/failure';
import type { WalletOperation } from '../../src/contract/wallet';
import {
  billPaymentMachine,
  shownCompanies,
  type BillLookupCall,
  type PayBillCall,
} from '../../src/machines/bill-payment.machine';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import {
  billingHistoryModel,
  billingHistorySearchModel,
  billOf,
  billOperation,
  billPaymentModel,
  companies,
  postpaid,
  prepaid,
} from '../support/machine-models-billing';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(billPaymentModel);
describeMachinePaths(billingHistoryModel);
describeMachinePaths(billingHistorySearchModel);

/** The machine on fake services, with short follow delays. */
const start = ({
  walletAmount = 500_00,
  payments = [billOperation('pending')] as WalletOperation[],
  statuses = [billOperation('Successful')] as WalletOperation[],
} = {}) => {
  const paid: PayBillCall[] = [];
  const saved: BillingSubCompany[] = [];
  const actor = createActor(
    billPaymentMachine.provide({
      actors: {
        loadCompanies: fromPromise<BillingCompany[], void>(async () => companies),
        loadSubCompanies: fromPromise<BillingSubCompany[], { companyId: number }>(async ({ input }) =>
          input.companyId === 1 ? [prepaid, postpaid] : [],
        ),
        lookupBill: fromPromise<BillInPesewas, BillLookupCall>(async ({ input }) =>
          billOf(input.subCompanyId === 1 ? prepaid : postpaid),
        ),
        payBill: fromPromise<WalletOperation, PayBillCall>(async ({ input }) => {
          paid.push(input);
          return payments.shift() ?? billOperation('Successful');
        }),
        getOperation: fromPromise<WalletOperation, OperationQuery>(
          async () => statuses.shift() ?? billOperation('Successful'),
        ),
      },
      actions: {
        walletChanged: () => undefined,
        saveBilling: (_, params) => void saved.push(params.subCompany),
      },
      delays: { followPollInterval: 5, followTimeout: 1000 },
    }),
    { input: { walletAmount, keySeed: 'seed' } },
  );
  actor.start();
  return { actor, paid, saved };
};

describe('bill payment, end to end on fake services', () => {
  test('search, a prepaid meter, Billing Details, the amount typed, paid and followed to Transaction Completed', async () => {
    const { actor, paid, saved } = start();
    await waitFor(actor, (s) => s.matches({ menu: 'browsing' }));
    actor.send({ type: 'SEARCH', text: 'elec' });
    expect(shownCompanies(actor.getSnapshot().context).map((c) => c.id)).toEqual([1]);
    actor.send({ type: 'SEARCH', text: 'zzz' });
    expect(shownCompanies(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'TOGGLE_COMPANY', companyId: 1 });
    await waitFor(actor, (s) => s.matches({ menu: 'browsing' }) && s.context.subCompanies[1] !== undefined);
    actor.send({ type: 'CHOOSE', subCompany: prepaid });
    expect(saved).toEqual([prepaid]);
    actor.send({ type: 'CHANGE_REFERENCE', value: '01234567890' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ credentials: 'reviewing' }));
    expect(actor.getSnapshot().context.amount).toBe('100');
    actor.send({ type: 'CHANGE_AMOUNT', value: '75.50' });
    actor.send({ type: 'PAY' });
    // The review first: nothing is paid before Confirm.
    expect(actor.getSnapshot().matches({ credentials: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().hasTag('reviewPage')).toBe(true);
    expect(paid).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ totalBillMinor: 75_50, idempotencyKey: 'seed-1' });
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().matches({ menu: 'browsing' })).toBe(true);
  });

  test("'Insufficient funds' when the total due is above the wallet: nothing is sent", async () => {
    const { actor, paid } = start({ walletAmount: 100_00 });
    await waitFor(actor, (s) => s.matches({ menu: 'browsing' }));
    actor.send({ type: 'TOGGLE_COMPANY', companyId: 1 });
    await waitFor(actor, (s) => s.context.subCompanies[1] !== undefined);
    actor.send({ type: 'CHOOSE', subCompany: postpaid });
    actor.send({ type: 'CHANGE_REFERENCE', value: '0101234567' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ credentials: 'reviewing' }));
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().context.error).toBe('billing.insufficientFunds');
    expect(actor.getSnapshot().matches({ credentials: 'reviewing' })).toBe(true);
    expect(paid).toEqual([]);
  });

  test('a biller that fails after holding the money asks for the bill to be looked up again', async () => {
    const { actor } = start({ statuses: [billOperation('Failed')] });
    await waitFor(actor, (s) => s.matches({ menu: 'browsing' }));
    actor.send({ type: 'TOGGLE_COMPANY', companyId: 1 });
    await waitFor(actor, (s) => s.context.subCompanies[1] !== undefined);
    actor.send({ type: 'CHOOSE', subCompany: prepaid });
    actor.send({ type: 'CHANGE_REFERENCE', value: '04512000001' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ credentials: 'reviewing' }));
    actor.send({ type: 'PAY' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ credentials: 'entering' }));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'billing.billerFailed', bill: null });
  });
});

describe("the server's reference rules, with their bounds (issue 21)", () => {
  test('a lookup refused for a rule keeps the bound the message names, so the screen shows it', async () => {
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      message: 'Reference number must be at least 12 characters long.',
      data: {
        messageId: 'billing.reference.tooShort',
        violations: [
          {
            field: 'referenceNo',
            messageId: 'billing.reference.tooShort',
            message: 'Reference number must be at least 12 characters long.',
            values: { min: 12 },
          },
        ],
      },
    });
    const actor = createActor(
      billPaymentMachine.provide({
        actors: {
          loadCompanies: fromPromise<BillingCompany[], void>(async () => companies),
          loadSubCompanies: fromPromise<BillingSubCompany[], { companyId: number }>(async () => [postpaid]),
          lookupBill: fromPromise<BillInPesewas, BillLookupCall>(async () => {
            throw refused;
          }),
        },
        actions: { walletChanged: () => undefined, saveBilling: () => undefined },
      }),
      { input: { walletAmount: 500_00, keySeed: 'seed' } },
    ).start();
    await waitFor(actor, (s) => s.matches({ menu: 'browsing' }));
    actor.send({ type: 'TOGGLE_COMPANY', companyId: 1 });
    await waitFor(actor, (s) => s.context.subCompanies[1] !== undefined);
    actor.send({ type: 'CHOOSE', subCompany: postpaid });
    actor.send({ type: 'CHANGE_REFERENCE', value: '0101234567' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ credentials: 'entering' }) && s.context.violations.length > 0);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'referenceNo', messageId: 'billing.reference.tooShort', values: { min: 12 } },
    ]);
  });
});
