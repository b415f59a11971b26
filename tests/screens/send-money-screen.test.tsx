import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { TransferQuoteInPesewas } from '../../src/contract/transfer';
import type { WalletOperation } from '../../src/contract/wallet';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import {
  transactionReceiptMachine,
  type TransactionReceiptInput,
} from '../../src/machines/transaction-receipt.machine';
import type { TransactionReceipt } from '../../src/contract/transfer';
import type { TransferRequestInPesewas as TransferRequest } from '../../src/contract/transfer';
import { transferMachine, type PayNowCall } from '../../src/machines/transfer.machine';
import { SendMoneyScreen } from '../../src/screens/send-money-screen';
import {
  beneficiaries,
  purposes,
  quoteOf,
  rates,
  receiptOf,
  transferOperation,
} from '../support/machine-models-transfer';
import { httpError, renderScreen } from './render';
import { expectLimitAlert, limitRefusal } from './limit-refusal';
import { deferred } from './wallet-fixtures';
import { proves } from '../support/requirements';

// The add-beneficiary dialog is another screen's (tested there): a stand-in that saves one beneficiary.
vi.mock('../../src/screens/add-beneficiary-dialog', async () => {
  const { addedBeneficiary } = await import('../support/machine-models-transfer');
  return {
    AddBeneficiaryDialog: ({
      open,
      onClose,
      onSaved,
    }: {
      open: boolean;
      onClose: () => void;
      onSaved: (beneficiary: typeof addedBeneficiary) => void;
    }) =>
      open ? (
        <div role="dialog" aria-label="Add Beneficiary">
          <button
            type="button"
            onClick={() => {
              onSaved(addedBeneficiary);
              onClose();
            }}
          >
            Save the beneficiary
          </button>
        </div>
      ) : null,
  };
});

const setup = ({
  walletAmount = 100_000,
  initiate = async () => quoteOf(25000),
  payNow = async () => transferOperation('Successful'),
  getOperation = async () => transferOperation('Successful'),
  followTimeout = 2000,
}: {
  walletAmount?: number;
  initiate?: (request: TransferRequest) => Promise<TransferQuoteInPesewas>;
  payNow?: (call: PayNowCall) => Promise<WalletOperation>;
  getOperation?: () => Promise<WalletOperation>;
  followTimeout?: number;
} = {}) => {
  const requests: TransferRequest[] = [];
  const payments: PayNowCall[] = [];
  const walletChanged = vi.fn();
  const actor = createActor(
    transferMachine.provide({
      actors: {
        loadBeneficiaries: fromPromise(async () => beneficiaries),
        loadPurposes: fromPromise(async () => purposes),
        loadRates: fromPromise(async () => rates),
        initiateTransfer: fromPromise<TransferQuoteInPesewas, TransferRequest>(({ input }) => {
          requests.push(input);
          return initiate(input);
        }),
        payNow: fromPromise<WalletOperation, PayNowCall>(({ input }) => {
          payments.push(input);
          return payNow(input);
        }),
        getOperation: fromPromise<WalletOperation, OperationQuery>(() => getOperation()),
      },
      actions: {
        walletChanged: (_, params) => walletChanged(params.walletAmount),
        saveDraft: () => undefined,
      },
      delays: { followPollInterval: 10, followTimeout },
    }),
    { input: { walletAmount, hasIdentification: true, keySeed: 'seed' } },
  ).start();
  const receipts: string[] = [];
  const receiptMachine = transactionReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(async ({ input }) => {
        receipts.push(input.referenceNumber);
        return receiptOf({ referenceNumber: input.referenceNumber });
      }),
    },
  });
  renderScreen(<SendMoneyScreen actorRef={actor} receiptMachine={receiptMachine} />, { route: '/SendMoney' });
  return { actor, requests, payments, walletChanged, receipts };
};

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Steps' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent?.replace(/^\d/, '')}${item.getAttribute('aria-current') ? '*' : ''}`);

const summary = () => {
  const panel = screen.getByRole('complementary', { name: 'Summary' });
  return Object.fromEntries(
    within(panel)
      .getAllByRole('term')
      // Money reads 'GH₵ 250.00' with a no-break space.
      .map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s+/g, ' ')]),
  );
};

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

const fillForm = async (amount = '250') => {
  await userEvent.selectOptions(await screen.findByLabelText('Purpose of transfer'), 'Family support');
  await userEvent.selectOptions(screen.getByLabelText('Beneficiary'), 'Ama Mensah11 (MTN •••• 4567)');
  await userEvent.type(screen.getByLabelText('You send (GH₵)'), amount);
};

const toPayPage = async () => {
  await fillForm();
  await next();
  expect(await screen.findByRole('heading', { level: 2, name: 'Pay for your transfer' })).toBeInTheDocument();
};

describe('SendMoneyScreen', () => {
  it(
    proves(
      'S9.transferTime.1',
      'shows the Amount page: currency with what arrives and the rate, beneficiary with +, purpose, and the summary',
    ),
    async () => {
      setup();
      expect(screen.getByRole('heading', { level: 1, name: 'Send Money' })).toBeInTheDocument();
      expect(steps()).toEqual(['Amount*', 'Pay', 'Done']);
      const currency = await screen.findByLabelText('Recipient gets');
      expect(
        within(currency)
          .getAllByRole('option')
          .map((option) => option.textContent),
        // The names are the catalog's (translated), not the server's English.
      ).toEqual(['GHS - Ghanaian cedi', 'USD - US dollar', 'EUR - Euro']);
      expect(currency).toHaveValue('GHS');
      expect(
        within(screen.getByLabelText('Beneficiary'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Select a beneficiary',
        'Ama Mensah11 (MTN •••• 4567)',
        'Ama Mensah12 (GCB Bank •••• 6789)',
      ]);
      expect(screen.getByRole('button', { name: 'Add a beneficiary' })).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('You send (GH₵)'), '250');
      await userEvent.selectOptions(currency, 'USD');
      expect(screen.getByText('Recipient receives: $20.30')).toBeInTheDocument();
      expect(summary()).toEqual({
        Amount: 'GH₵ 250.00',
        'Processing fee (1%)': 'GH₵ 2.50',
        'Total to pay': 'GH₵ 252.50',
        'Recipient receives': '$20.30',
        Rate: '1 GHS = 0.0812 USD',
        'Transfer time': 'Within minutes',
      });
    },
  );

  it(proves('S5.sendAmount.1', 'keeps an amount below 1 at 1, and empty when cleared'), async () => {
    setup();
    const amount = await screen.findByLabelText('You send (GH₵)');
    await userEvent.type(amount, '0');
    expect(amount).toHaveValue('1');
    await userEvent.clear(amount);
    expect(amount).toHaveValue('');
    await userEvent.type(amount, '12.345');
    expect(amount).toHaveValue('12.34');
  });

  it("Next shows the first broken rule, in the spec's order, under its field", async () => {
    const { requests } = setup();
    await screen.findByLabelText('Purpose of transfer');
    await next();
    expect(screen.getByLabelText('Purpose of transfer')).toHaveAccessibleDescription(
      'Please select a purpose of transfer.',
    );
    // Only the first is shown.
    expect(screen.queryByText('Please select a beneficiary.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Purpose of transfer')).toHaveFocus());
    await userEvent.selectOptions(screen.getByLabelText('Purpose of transfer'), 'Family support');
    expect(screen.getByLabelText('Beneficiary')).toHaveAccessibleDescription('Please select a beneficiary.');
    await userEvent.selectOptions(screen.getByLabelText('Beneficiary'), 'Ama Mensah12 (GCB Bank •••• 6789)');
    expect(screen.getByLabelText('You send (GH₵)')).toHaveAccessibleDescription('Enter a valid amount');
    await userEvent.type(screen.getByLabelText('You send (GH₵)'), '100000');
    expect(screen.getByLabelText('You send (GH₵)')).toHaveAccessibleDescription(
      'Amount Exceeds Transaction limit.',
    );
    await next();
    expect(requests).toEqual([]);
  });

  it("purpose 4 ('Other') reveals the notes, which are sent", async () => {
    const { requests } = setup();
    await userEvent.selectOptions(await screen.findByLabelText('Purpose of transfer'), 'Family support');
    expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Purpose of transfer'), 'Other');
    await userEvent.type(screen.getByLabelText('Notes'), 'School fees');
    await userEvent.selectOptions(screen.getByLabelText('Beneficiary'), 'Ama Mensah11 (MTN •••• 4567)');
    await userEvent.type(screen.getByLabelText('You send (GH₵)'), '250');
    await next();
    await screen.findByRole('heading', { level: 2, name: 'Pay for your transfer' });
    expect(requests[0]).toMatchObject({
      transactionPurposeId: 4,
      payeeNote: 'School fees',
      sendAmount: 25000,
    });
  });

  it("a refused initiation says 'Failed to initiate transfer. Please try again.' and resets the amount to 0", async () => {
    setup({ initiate: () => Promise.reject(httpError(500)) });
    await fillForm();
    await next();
    expect(await screen.findByText('Failed to initiate transfer. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('You send (GH₵)')).toHaveValue('0');
    expect(steps()).toEqual(['Amount*', 'Pay', 'Done']);
  });

  it("pays once on a double click ('Processing...'), then 'Thank you!', the receipt and Send Another", async () => {
    const answer = deferred<WalletOperation>();
    const { payments, walletChanged, receipts } = setup({ payNow: () => answer.promise });
    await toPayPage();
    expect(steps()).toEqual(['Amount', 'Pay*', 'Done']);
    expect(screen.getByText('Sending to Ama Mensah11')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Pay from your wallet' });
    expect(within(card).getByText('Amount after transfer').nextElementSibling).toHaveTextContent(
      'GH₵ 747.50',
    );
    expect(summary()).toMatchObject({ Amount: 'GH₵ 250.00', 'Total to pay': 'GH₵ 252.50' });

    await userEvent.dblClick(within(card).getByRole('button', { name: 'Click to pay' }));
    expect(await within(card).findByRole('button', { name: 'Processing...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Processing...' }));
    expect(payments).toEqual([
      { cartId: quoteOf(25000).guidId, idempotencyKey: 'seed-1', payment: { method: 'wallet' } },
    ]);
    // No way back while paying.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    answer.resolve(transferOperation('Successful', { referenceNumber: 'TRF-4242' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    expect(steps()).toEqual(['Amount', 'Pay', 'Done*']);
    expect(screen.getByText("Wasn't that easy?")).toBeInTheDocument();
    expect(screen.getByText('TRF-4242')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/Dashboard');
    expect(walletChanged).toHaveBeenCalledWith(74750);

    await userEvent.click(screen.getByRole('button', { name: 'View Receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(receipt).findByText('Reference number TRF-4242')).toBeInTheDocument();
    expect(receipts).toEqual(['TRF-4242']);
    await userEvent.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send Another' }));
    expect(steps()).toEqual(['Amount*', 'Pay', 'Done']);
    // Spec section 4: the beneficiary is back to 0; what was typed stays.
    expect(screen.getByLabelText('Beneficiary')).toHaveValue('');
    expect(screen.getByLabelText('You send (GH₵)')).toHaveValue('250');
  });

  it("says 'You don't have enough funds!' with a link to top up, and does not pay", async () => {
    const { payments } = setup({ walletAmount: 20_000 });
    await toPayPage();
    const card = screen.getByRole('region', { name: 'Pay from your wallet' });
    expect(within(card).getByRole('alert')).toHaveTextContent("You don't have enough funds!");
    expect(within(card).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute(
      'href',
      '/WalletTopUp',
    );
    expect(within(card).queryByText('Amount after transfer')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Click to pay' }));
    expect(payments).toEqual([]);
  });

  it('the back arrow returns to the Amount page with the form as it was', async () => {
    setup();
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(steps()).toEqual(['Amount*', 'Pay', 'Done']);
    expect(screen.getByLabelText('You send (GH₵)')).toHaveValue('250');
    expect(screen.getByLabelText('Beneficiary')).toHaveValue('11');
  });

  it('an expired quote offers a new one, from the same details', async () => {
    const payNow = vi
      .fn<(call: PayNowCall) => Promise<WalletOperation>>()
      .mockRejectedValueOnce(httpError(410, 'transfer.quoteExpired'))
      .mockResolvedValueOnce(transferOperation('Successful'));
    const { requests } = setup({ payNow });
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(
      await screen.findByText('This quote has expired. Please start the transfer again to get a new rate.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Click to pay' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
  });

  it('a tier limit refusal shows on the Pay page, with what is left and the link to the upgrade page', async () => {
    setup({
      payNow: () => Promise.reject(limitRefusal()),
    });
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    await expectLimitAlert();
  });

  it('a transfer paid already says so and offers Send Another', async () => {
    setup({ payNow: () => Promise.reject(httpError(409, 'transfer.alreadyPaid')) });
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByText('This transfer has already been paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your transactions' })).toHaveAttribute(
      'href',
      '/Dashboard/transactionHistory',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Another' }));
    expect(steps()).toEqual(['Amount*', 'Pay', 'Done']);
  });

  it("'Error during payment. Please try again.' when the payment went unanswered; Click to pay retries with the same key", async () => {
    const payNow = vi
      .fn<(call: PayNowCall) => Promise<WalletOperation>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(transferOperation('Successful'));
    const { payments } = setup({ payNow });
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByText('Error during payment. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    expect(payments.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
  });

  it('while the payout is followed, the card keeps the balance before the payment and subtracts the total once', async () => {
    const followed = deferred<WalletOperation>();
    setup({ payNow: async () => transferOperation('pending'), getOperation: () => followed.promise });
    await toPayPage();
    const card = screen.getByRole('region', { name: 'Pay from your wallet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByText('Your money is on its way to the beneficiary...')).toBeInTheDocument();
    // The answer carries the debited balance (GH₵ 747.50): 'after' is still 1,000.00 - 252.50, not 747.50 - 252.50.
    expect(within(card).getByText('Available Balance').previousElementSibling).toHaveTextContent(
      'GH₵ 1,000.00',
    );
    expect(within(card).getByText('Amount after transfer').nextElementSibling).toHaveTextContent(
      'GH₵ 747.50',
    );
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    followed.resolve(transferOperation('Successful'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
  });

  it('a payout still pending after the deadline is done, with a clear note', async () => {
    setup({
      payNow: async () => transferOperation('pending'),
      getOperation: async () => transferOperation('pending'),
      followTimeout: 80,
    });
    await toPayPage();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your transfer is paid and on its way');
    expect(screen.getByText('pending')).toBeInTheDocument();
  });

  it("the '+' button opens the add-beneficiary dialog; the one saved is added to the list and selected", async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a beneficiary' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Add Beneficiary' })).getByRole('button', {
        name: 'Save the beneficiary',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const select = screen.getByLabelText('Beneficiary');
    expect(select).toHaveValue('30');
    expect(
      within(select).getByRole('option', { name: 'Ama Mensah30 (Telecel •••• 6543)' }),
    ).toBeInTheDocument();
  });
});
