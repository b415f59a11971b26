import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { BillingMovement, BillingReceipt, BillInPesewas } from '../../src/contract/billing';
import type { WalletOperation } from '../../src/contract/wallet';
import {
  billPaymentMachine,
  type BillLookupCall,
  type PayBillCall,
} from '../../src/machines/bill-payment.machine';
import { billingHistoryMachine } from '../../src/machines/billing-history.machine';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import { receiptMachine, type ReceiptInput } from '../../src/machines/shared/receipt';
import { BillPaymentScreen } from '../../src/screens/bill-payment-screen';
import { BillingHistoryPanel } from '../../src/screens/billing-history-panel';
import { billOf, billOperation, companies, postpaid, prepaid } from '../support/machine-models-billing';
import { expectLimitAlert, limitRefusal } from './limit-refusal';
import { httpError, renderScreen } from './render';

const receipt: BillingReceipt = {
  referenceNumber: 'BIL-1001',
  status: 'Successful',
  failureMessageId: null,
  date: '2026-11-23T10:00:00.000Z',
  senderName: 'Ama Mensah',
  companyName: 'Electricity Company of Ghana (ECG)',
  subCompanyName: 'ECG Prepaid',
  title: 'Meter Number',
  billReference: '01234567890',
  customerId: 'C-1',
  customerName: 'Kwame Mensah',
  billMonth: '2026-10',
  dueDate: '2026-11-21',
  totalBill: 75_00,
  processingFee: 0,
  totalPay: 75_00,
  paidBy: 'Wallet',
  token: '1234-5678-9012-3456-7890',
};

const receipts = receiptMachine<BillingReceipt>('billingReceipt').provide({
  actors: { loadReceipt: fromPromise<BillingReceipt, ReceiptInput>(async () => receipt) },
});

const lookUpFixture = async (input: BillLookupCall) =>
  billOf(input.subCompanyId === 1 ? prepaid : postpaid, { referenceNo: input.referenceNumber });

const show = (
  walletAmount = 500_00,
  refusal?: Error,
  { subCompanies = [prepaid, postpaid], lookUp = lookUpFixture } = {},
) => {
  const paid: PayBillCall[] = [];
  const actor = createActor(
    billPaymentMachine.provide({
      actors: {
        loadCompanies: fromPromise(async () => companies),
        loadSubCompanies: fromPromise(async ({ input }: { input: { companyId: number } }) =>
          input.companyId === 1 ? subCompanies : [],
        ),
        lookupBill: fromPromise<BillInPesewas, BillLookupCall>(async ({ input }) => lookUp(input)),
        payBill: fromPromise<WalletOperation, PayBillCall>(async ({ input }) => {
          paid.push(input);
          if (refusal) throw refusal;
          return billOperation('Successful', { amount: input.totalBillMinor });
        }),
      },
      actions: { walletChanged: () => undefined, saveBilling: () => undefined },
    }),
    { input: { walletAmount, keySeed: 'seed' } },
  ).start();
  renderScreen(<BillPaymentScreen actorRef={actor} receiptMachine={receipts} />, { route: '/BillPayment' });
  return { actor, paid };
};

describe('BillPaymentScreen', () => {
  it('walks Menu, Bill Credentials and Done: search, a prepaid meter, its rules, the Billing Details, Pay Bill', async () => {
    const user = userEvent.setup();
    const { paid } = show();
    expect(await screen.findByRole('heading', { name: 'Pay Bill' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Dashboard');
    await user.type(screen.getByLabelText('Search companies'), 'zzz');
    expect(screen.getByText('No search results found')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search companies'));
    await user.type(screen.getByLabelText('Search companies'), 'elec');
    expect(screen.queryByRole('button', { name: 'Ghana Water Limited' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Electricity Company of Ghana (ECG)' }));
    await user.click(await screen.findByRole('button', { name: 'ECG Prepaid' }));

    expect(await screen.findByRole('heading', { name: /ECG Prepaid/ })).toBeInTheDocument();
    const meter = screen.getByLabelText('Enter Meter Number');
    // A meter number is digits only: the number pad (issue 23).
    expect(meter).toHaveAttribute('inputmode', 'numeric');
    await user.type(meter, '0123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The messages name the field by its title (issue 23: they said 'Reference number').
    expect(screen.getByText('Meter Number must be at least 11 characters long.')).toBeInTheDocument();
    await user.clear(meter);
    await user.type(meter, '0123456789a');
    expect(screen.getByText('Meter Number does not match the required pattern.')).toBeInTheDocument();
    await user.clear(meter);
    await user.type(meter, '01234567890123456');
    expect(meter).toHaveValue('0123456789012');
    await user.clear(meter);
    await user.type(meter, '01234567890');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const details = await screen.findByRole('region', { name: 'Billing Details' });
    for (const label of [
      'Status',
      'CustomerID',
      'Customer Name',
      'Bill Month',
      'Due Date',
      'Total Due in GHS',
    ])
      expect(within(details).getByText(label)).toBeInTheDocument();
    expect(within(details).getByText('October 2026')).toBeInTheDocument();
    // A prepaid account is never overdue.
    expect(within(details).queryByText('Overdue')).not.toBeInTheDocument();
    expect(meter).toHaveAttribute('readonly');
    const amount = screen.getByLabelText('Amount to buy (GHS)');
    await user.clear(amount);
    await user.type(amount, '75');
    expect(details).toHaveTextContent('75.00');
    await user.click(screen.getByRole('button', { name: 'Pay Bill' }));

    // The review before the money moves: nothing is paid until Confirm.
    expect(screen.getByRole('heading', { level: 2, name: 'Check and confirm' })).toHaveFocus();
    const review = [...document.querySelectorAll('.payment-review dl > div')].map((row) =>
      [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent?.replace(/\s/g, ' ')].join(
        ': ',
      ),
    );
    expect(review).toEqual([
      'Biller: ECG Prepaid',
      'Meter Number: 01234567890',
      'Customer Name: Kwame Mensah',
      'Available Balance: GH₵ 500.00',
      'Amount: GH₵ 75.00',
      'Fee: GH₵ 0.00',
      'Total: GH₵ 75.00',
      'Balance after: GH₵ 425.00',
    ]);
    expect(paid).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Transaction Completed' })).toBeInTheDocument();
    expect(paid).toMatchObject([{ totalBillMinor: 75_00, idempotencyKey: 'seed-1' }]);
    await user.click(screen.getByRole('button', { name: 'View Receipt' }));
    const modal = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(modal).findByText('1234-5678-9012-3456-7890')).toBeInTheDocument();
    await user.click(within(modal).getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Pay another bill' }));
    expect(screen.getByLabelText('Search companies')).toBeInTheDocument();
    // Three steps, the review and the receipt: slow on a loaded machine.
  }, 20_000);

  it("says the spec's own 'Reference number' messages for a field titled 'Reference Number'", async () => {
    const user = userEvent.setup();
    const specBiller = { ...postpaid, id: 3, subCompanyName: 'ECG Services', title: 'Reference Number' };
    show(500_00, undefined, { subCompanies: [specBiller] });
    await user.click(await screen.findByRole('button', { name: 'Electricity Company of Ghana (ECG)' }));
    await user.click(await screen.findByRole('button', { name: 'ECG Services' }));
    const reference = await screen.findByLabelText('Enter Reference Number');
    await user.type(reference, '01a');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Reference number must be at least 10 characters long.')).toBeInTheDocument();
    await user.clear(reference);
    await user.type(reference, '0123456789a');
    expect(screen.getByText('Reference number does not match the required pattern.')).toBeInTheDocument();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
  });

  it("says no bill was found for the field's title the server named ('Meter Number')", async () => {
    const user = userEvent.setup();
    const notFound = httpError(404, 'billing.titledBillNotFound', [
      {
        field: 'referenceNo',
        messageId: 'billing.titledBillNotFound',
        message: 'No bill was found for this Meter Number. Please check it and try again.',
        values: { title: 'Meter Number' },
      },
    ]);
    show(500_00, undefined, {
      lookUp: async () => {
        throw notFound;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Electricity Company of Ghana (ECG)' }));
    await user.click(await screen.findByRole('button', { name: 'ECG Prepaid' }));
    await user.type(await screen.findByLabelText('Enter Meter Number'), '01234567890');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('No bill was found for this Meter Number. Please check it and try again.'),
    ).toBeInTheDocument();
  });

  it('shows a tier limit refusal under the amount, with what is left and the link to the upgrade page', async () => {
    const user = userEvent.setup();
    show(500_00, limitRefusal());
    await user.click(await screen.findByRole('button', { name: 'Electricity Company of Ghana (ECG)' }));
    await user.click(await screen.findByRole('button', { name: 'ECG Prepaid' }));
    await user.type(await screen.findByLabelText('Enter Meter Number'), '01234567890');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const amount = await screen.findByLabelText('Amount to buy (GHS)');
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(screen.getByRole('button', { name: 'Pay Bill' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectLimitAlert();
    expect(screen.getByLabelText('Amount to buy (GHS)')).toHaveValue('75');
  });

  it("says 'Insufficient funds' with the way to top up, and an empty company 'No subcompanies available'", async () => {
    const user = userEvent.setup();
    const { paid } = show(100_00);
    await user.click(await screen.findByRole('button', { name: 'Ghana Water Limited' }));
    expect(await screen.findByText('No subcompanies available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Electricity Company of Ghana (ECG)' }));
    await user.click(await screen.findByRole('button', { name: 'ECG Postpaid' }));
    await user.type(screen.getByLabelText('Enter Account Number'), '0101234567');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const details = await screen.findByRole('region', { name: 'Billing Details' });
    // Unpaid and due on 21 November 2026, before today: marked in words beside the date (issue 23).
    expect(within(details).getByText('Overdue')).toBeInTheDocument();
    expect(within(details).getByText('Overdue').closest('dd')).toHaveTextContent(/2026.*Overdue/);
    await user.click(screen.getByRole('button', { name: 'Pay Bill' }));
    expect(screen.getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/WalletTopUp');
    expect(paid).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to billers' }));
    expect(screen.getByLabelText('Search companies')).toBeInTheDocument();
  });
});

describe('BillingHistoryPanel', () => {
  const rows = (count: number): BillingMovement[] =>
    Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      senderName: 'Ama Mensah',
      referenceNumber: `BIL-${index + 1}`,
      billReference: '01234567890',
      subCompanyName: 'ECG Prepaid',
      companyName: 'ECG',
      sendAmount: 75_00,
      status: 'Successful',
      date: '2026-11-23T10:00:00.000Z',
    }));
  const showHistory = (all: BillingMovement[]) => {
    const actor = createActor(
      billingHistoryMachine.provide({
        actors: {
          loadPage: fromPromise<ServerPage<BillingMovement>, PageRequest>(async ({ input }) => ({
            rows: all.slice(input.page * input.pageSize, (input.page + 1) * input.pageSize),
            total: all.length,
            page: input.page,
            pageSize: input.pageSize,
          })),
        },
      }),
    ).start();
    renderScreen(<BillingHistoryPanel actorRef={actor} receiptMachine={receipts} />, {
      route: '/Dashboard/billHistory',
    });
  };

  it('shows its title, the search box, five payments a page in the spec’s columns, and a receipt with the token', async () => {
    const user = userEvent.setup();
    showHistory(rows(7));
    expect(screen.getByRole('heading', { name: 'Billing History' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search By Reference Number')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Billing history...');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sender', 'Reference #', 'Total Payment', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Open the receipt of BIL-1' }));
    const modal = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(modal).findByText('1234-5678-9012-3456-7890')).toBeInTheDocument();
  });

  it("says 'No Billing History Found' with its text when there is none", async () => {
    showHistory([]);
    expect(
      await screen.findByText(
        'No Billing History Found. Make your first payment to populate your Billing history',
      ),
    ).toBeInTheDocument();
  });
});
