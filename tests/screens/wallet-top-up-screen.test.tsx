import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import type { TopUpCall } from '../../src/machines/top-up.form';
import { topUpMachine } from '../../src/machines/top-up.machine';
import type { WalletOperation } from '../../src/contract/wallet';
import type { Bank } from '../../src/contract/reference';
import { WalletTopUpScreen } from '../../src/screens/wallet-top-up-screen';
import { apiError, httpError, renderScreen } from './render';
import { banks, operation } from './wallet-fixtures';

const setup = ({
  topUp = () => Promise.resolve(operation()),
  getOperation = () => Promise.resolve(operation()),
  loadBanks = () => Promise.resolve(banks),
  statusPollInterval = 10,
}: {
  topUp?: (call: TopUpCall) => Promise<WalletOperation>;
  getOperation?: (query: OperationQuery) => Promise<WalletOperation>;
  loadBanks?: () => Promise<Bank[]>;
  statusPollInterval?: number;
} = {}) => {
  const walletChanged = vi.fn();
  const calls: TopUpCall[] = [];
  const actor = createActor(
    topUpMachine.provide({
      actors: {
        loadBanks: fromPromise(loadBanks),
        topUp: fromPromise<WalletOperation, TopUpCall>(({ input }) => {
          calls.push(input);
          return topUp(input);
        }),
        getOperation: fromPromise<WalletOperation, OperationQuery>(({ input }) => getOperation(input)),
      },
      actions: { walletChanged: (_, params) => walletChanged(params.walletAmount) },
      delays: { statusPollInterval },
    }),
    { input: { keySeed: 'seed', today: '2026-11-21', walletAmount: 10000 } },
  ).start();
  renderScreen(<WalletTopUpScreen actorRef={actor} />, { route: '/WalletTopUp' });
  return { actor, walletChanged, calls };
};

const currentStep = () =>
  within(screen.getByRole('navigation', { name: 'Steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')
    ?.textContent?.replace(/^\d/, '');

const fillCard = async (number = '4242424242424242') => {
  await userEvent.type(screen.getByLabelText('First name'), 'Ama');
  await userEvent.type(screen.getByLabelText('Last name'), 'Mensah');
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
  await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '50');
};

/** Pay on a valid form shows the review: nothing is sent before Confirm. */
const payAndConfirm = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
};

describe('WalletTopUpScreen', () => {
  it('starts on Details with the three gateway cards and opens the card form, focusing its heading', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet Top Up' })).toBeInTheDocument();
    expect(currentStep()).toBe('Details');
    expect(screen.getByRole('heading', { level: 2, name: 'How do you want to pay?' })).toHaveFocus();
    const radios = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['card', 'bank', 'momo']);
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Card' })).toHaveFocus();
    for (const label of ['First name', 'Last name', 'Card number', 'Expiry (MM/YY)', 'CVC', 'Amount (GH₵)']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('shows the card number in groups of four and the expiry as MM/YY while typing', async () => {
    setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4242abc424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '05.5');
    expect(screen.getByLabelText('Amount (GH₵)')).toHaveValue('55');
  });

  it('puts the card rules under their fields after Pay, focuses the first field and sends nothing', async () => {
    const { calls } = setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1399');
    await userEvent.type(screen.getByLabelText('CVC'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required!');
    // The fields left empty are marked (aria-invalid and a visible 'Required'); the typed ones keep their rule.
    for (const label of ['First name', 'Last name', 'Amount (GH₵)']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining('Required'));
    }
    await userEvent.type(screen.getByLabelText('First name'), 'Ama');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Enter a valid 16 digit card number',
    );
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(
      'Expiry month must be between 01 and 12.',
    );
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription(
      'The 3 digits on the back of the card. CVC must be a 3-digit number.',
    );
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it("says 'Processing...' while paying, then 'Wallet Recharged' on Done with the reference and the new balance", async () => {
    let answer!: (result: WalletOperation) => void;
    const { calls, walletChanged } = setup({ topUp: () => new Promise((resolve) => (answer = resolve)) });
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    // The review: the card, the balance, amount, fee, total and the balance once the money is in.
    expect(screen.getByRole('heading', { level: 2, name: 'Check and confirm' })).toHaveFocus();
    expect(
      [...document.querySelectorAll('.payment-review dl > div')].map((row) =>
        row.textContent?.replace(/\s/g, ' '),
      ),
    ).toEqual([
      'Paid withCard •••• 4242',
      'Available BalanceGH₵ 100.00',
      'AmountGH₵ 50.00',
      'FeeGH₵ 0.00',
      'TotalGH₵ 50.00',
      'Balance afterGH₵ 150.00',
    ]);
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-busy', 'true');
    expect(calls[0]).toEqual({
      gateway: 'card',
      idempotencyKey: 'seed-1',
      request: {
        amount: 5000,
        firstName: 'Ama',
        lastName: 'Mensah',
        cardNumber: '4242424242424242',
        cvv: '123',
        expiryMonth: 12,
        expiryYear: 2030,
      },
    });
    answer(operation({ referenceNumber: 'WT-1234', amount: 5000, walletAmount: 15000 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet Recharged' })).toHaveFocus();
    expect(currentStep()).toBe('Done');
    expect(screen.getByText('WT-1234')).toBeInTheDocument();
    expect(screen.getByText('GH₵ 150.00')).toBeInTheDocument();
    expect(walletChanged).toHaveBeenCalledWith(15000);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/Dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Top up again' }));
    expect(screen.getByRole('heading', { level: 2, name: 'How do you want to pay?' })).toBeInTheDocument();
  });

  it('shows a declined card’s message and keeps the form', async () => {
    setup({ topUp: () => Promise.reject(httpError(402, 'card.declined')) });
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await fillCard('4000000000000002');
    await payAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. No money was taken.');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('after a lost connection, the review says so and Confirm sends the same Idempotency-Key', async () => {
    let attempt = 0;
    const { calls } = setup({
      topUp: () =>
        ++attempt === 1 ? Promise.reject(apiError({ kind: 'network' })) : Promise.resolve(operation()),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await fillCard();
    await payAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add funds');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Wallet Recharged' })).toBeInTheDocument();
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
  });

  it('loads the banks for the bank form and puts the bank rules under their fields', async () => {
    setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Bank' }));
    expect(await screen.findByRole('option', { name: 'GCB Bank' })).toBeInTheDocument();
    for (const label of ['Amount (GH₵)', 'Bank', 'Bank account number']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Bank account number'), '12-34');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByLabelText('Bank account number')).toHaveAccessibleDescription(
      'Bank account number cannot contain special characters or letters.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    // The amount and the bank, left empty, are marked.
    expect(screen.getByLabelText('Amount (GH₵)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Bank')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Change payment method' }));
    expect(screen.getByRole('heading', { level: 2, name: 'How do you want to pay?' })).toHaveFocus();
  });

  it('waits for the MoMo approval with a live status, then shows Wallet Recharged', async () => {
    const polls: OperationQuery[] = [];
    let status: WalletOperation['status'] = 'pending';
    const { calls, walletChanged } = setup({
      topUp: () =>
        Promise.resolve(operation({ referenceNumber: 'WT-5555', status: 'pending', walletAmount: 10000 })),
      getOperation: (query) => {
        polls.push(query);
        return Promise.resolve(operation({ referenceNumber: 'WT-5555', status, walletAmount: 15000 }));
      },
      statusPollInterval: 30,
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    for (const label of ['Amount (GH₵)', 'MoMo number', 'Network'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Network')).toHaveDisplayValue('MTN');
    await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '50');
    await userEvent.type(screen.getByLabelText('MoMo number'), '0244123456');
    await payAndConfirm();

    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting for your approval' })).toHaveFocus();
    expect(
      screen.getByText('Approve the payment request on your phone to finish. We are waiting for it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Status: pending');
    expect(screen.getByText('WT-5555')).toBeInTheDocument();
    await waitFor(() => expect(polls.length).toBeGreaterThanOrEqual(1));
    expect(polls[0]).toEqual({ referenceNumber: 'WT-5555' });
    expect(screen.queryByRole('heading', { name: 'Wallet Recharged' })).not.toBeInTheDocument();

    status = 'Successful';
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeInTheDocument();
    expect(screen.getByText('GH₵ 150.00')).toBeInTheDocument();
    expect(walletChanged).toHaveBeenCalledWith(15000);
    expect(calls[0]).toMatchObject({
      gateway: 'momo',
      request: { amount: 5000, phone: '0244123456', provider: 'MTN' },
    });
  });

  it('says Error adding funds when the server answers a MoMo top-up without a message of its own', async () => {
    setup({ topUp: () => Promise.reject(apiError({ kind: 'http', status: 500, message: 'x', data: null })) });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '50');
    await userEvent.type(screen.getByLabelText('MoMo number'), '0244123456');
    await payAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error adding funds');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says Please Enter valid account number. for a bank account number too short', async () => {
    setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Bank' }));
    await screen.findByRole('option', { name: 'GCB Bank' });
    const account = screen.getByLabelText('Bank account number');
    await userEvent.type(account, '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(account).toHaveAccessibleDescription('Please Enter valid account number.');
    // The input stops at 15 digits: the variant for a longer number is the API's answer (wallet-topup.test.ts).
    await userEvent.type(account, '0123456');
    expect(account).toHaveValue('123456789012345');
    expect(account).toHaveAccessibleDescription('');
  });

  it('says why a MoMo payment ended Failed', async () => {
    setup({
      topUp: () => Promise.resolve(operation({ status: 'pending' })),
      getOperation: () =>
        Promise.resolve(operation({ status: 'Failed', failureMessageId: 'topUp.momoRejected' })),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount (GH₵)'), '50');
    await userEvent.type(screen.getByLabelText('MoMo number'), '0244000001');
    await payAndConfirm();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Top-up not completed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The payment was declined on the phone. No money was taken.',
    );
  });
});
