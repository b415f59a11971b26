import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type {
  BettingOperation,
  BettingPaymentRequestInPesewas,
  BettingReceipt,
} from '../../src/contract/betting';
import type { WalletOperation } from '../../src/contract/wallet';
import { bettingReceiptMachine } from '../../src/machines/betting-receipt.machine';
import { bettingMachine, type BettingCall } from '../../src/machines/betting.machine';
import type { ReceiptInput } from '../../src/machines/shared/receipt';
import { BettingScreen } from '../../src/screens/betting-screen';
import {
  bettingOperation,
  bettingReceiptOf,
  operators,
  paymentRequest,
} from '../support/machine-models-betting';
import { httpError, renderScreen } from './render';
import { expectLimitAlert, expectUpgradeLink, LIMIT_TEXT, limitRefusal } from './limit-refusal';

const setup = ({
  token,
  walletAmount = 100_000,
  link = async () => paymentRequest(5000),
  pay = async () => bettingOperation('Successful', { walletAmount: 94_950 }),
  status = async () => bettingOperation('Successful', { walletAmount: 94_950 }),
}: {
  token?: string;
  walletAmount?: number;
  link?: () => Promise<BettingPaymentRequestInPesewas>;
  pay?: () => Promise<BettingOperation>;
  status?: () => Promise<WalletOperation>;
} = {}) => {
  const calls: BettingCall[] = [];
  const actor = createActor(
    bettingMachine.provide({
      actors: {
        loadOperators: fromPromise(async () => operators),
        loadPaymentRequest: fromPromise(() => link()),
        initiateBetting: fromPromise<BettingOperation, BettingCall>(({ input }) => {
          calls.push(input);
          return pay();
        }),
        getOperation: fromPromise(() => status()),
      },
      actions: { walletChanged: () => undefined },
      delays: { followPollInterval: 10, followTimeout: 2_000 },
    }),
    {
      input: { walletAmount, hasIdentification: true, keySeed: 'seed', ...(token ? { token } : {}) },
    },
  ).start();
  const receipts: string[] = [];
  const receiptMachine = bettingReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<BettingReceipt, ReceiptInput>(async ({ input }) => {
        receipts.push(input.referenceNumber);
        return bettingReceiptOf({ referenceNumber: input.referenceNumber });
      }),
    },
  });
  renderScreen(<BettingScreen actorRef={actor} receiptMachine={receiptMachine} />, { route: '/deposit' });
  return { actor, calls, receipts };
};

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Steps' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent?.replace(/^\d/, '')}${item.getAttribute('aria-current') ? '*' : ''}`);

/** A description list's rows, label to value (money with its no-break space read as a space). */
const rowsOf = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s+/g, ' ')]),
  );

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

const fillDetails = async (amount = '50') => {
  await userEvent.selectOptions(await screen.findByLabelText('Betting operator'), 'Betway Ghana');
  await userEvent.type(screen.getByLabelText('Betting number'), '5550001234');
  await userEvent.type(screen.getByLabelText('Phone number of the betting account'), '0241234567');
  await userEvent.type(screen.getByLabelText('Amount (GH₵)'), amount);
};

describe('BettingScreen (/deposit)', () => {
  it('asks for the operator, betting number, phone and amount, and shows the 1% fee and the total first', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Betting & Games' })).toBeInTheDocument();
    expect(steps()).toEqual(['Details*', 'Payment', 'Done']);
    const operator = await screen.findByLabelText('Betting operator');
    expect(
      within(operator)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a betting operator', 'SportyBet Ghana', 'Betway Ghana']);
    await fillDetails();
    expect(rowsOf(document.querySelector('.betting-figures') as HTMLElement)).toEqual({
      Amount: 'GH₵ 50.00',
      'Processing fee (1%)': 'GH₵ 0.50',
      'Total to pay': 'GH₵ 50.50',
    });
  });

  it('Next shows the first broken rule under its field and moves the focus there', async () => {
    const { calls } = setup();
    await screen.findByLabelText('Betting operator');
    await next();
    expect(screen.getByLabelText('Betting operator')).toHaveAccessibleDescription(
      'Please select a betting operator.',
    );
    expect(screen.queryByText('Please enter your betting number.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Betting operator')).toHaveFocus());
    await userEvent.selectOptions(screen.getByLabelText('Betting operator'), 'SportyBet Ghana');
    await userEvent.type(screen.getByLabelText('Betting number'), '12a3');
    expect(screen.getByLabelText('Betting number')).toHaveValue('123');
    expect(screen.getByText('A betting number has 6 to 15 digits.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("pays from the wallet card ('Processing...' once), then 'Thank you!' with the reference and 'Betting Details'", async () => {
    let settle!: (operation: BettingOperation) => void;
    const { calls, receipts } = setup({
      pay: () =>
        new Promise<BettingOperation>((resolve) => {
          settle = resolve;
        }),
    });
    await fillDetails();
    await next();
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm and pay' })).toBeInTheDocument();
    expect(steps()).toEqual(['Details', 'Payment*', 'Done']);
    expect(rowsOf(document.querySelector('.betting-account') as HTMLElement)).toEqual({
      'Betting operator': 'Betway Ghana',
      'Betting number': '5550001234',
      'Phone number of the betting account': '0241234567',
    });
    expect(screen.getByText('Amount after transfer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    // Repeat clicks while it is processing are not sent again.
    await userEvent.click(screen.getByRole('button', { name: 'Processing...' }));
    settle(bettingOperation('Successful', { walletAmount: 94_950 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText("Wasn't that easy?")).toBeInTheDocument();
    expect(screen.getByText('BET-1001')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toMatchObject({ operatorId: 2, sendAmount: 5000, totalPay: 5050 });
    await userEvent.click(screen.getByRole('button', { name: 'View Receipt' }));
    const details = await screen.findByRole('dialog', { name: 'Betting Details' });
    expect(
      await within(details).findByText('Reference number BET-1001', { exact: false }),
    ).toBeInTheDocument();
    expect(within(details).getByText('Betway Ghana')).toBeInTheDocument();
    expect(receipts).toEqual(['BET-1001']);
  });

  it('follows a deposit the operator has not confirmed, and says the money is back when it refuses the number', async () => {
    setup({
      pay: async () => bettingOperation('pending', { walletAmount: 94_950 }),
      status: async () =>
        bettingOperation('Failed', { walletAmount: 100_000, failureMessageId: 'betting.refused' }),
    });
    await fillDetails();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The betting operator could not credit this betting account. The money is back in your wallet.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change the details' }));
    expect(await screen.findByLabelText('Betting number')).toHaveValue('5550001234');
  });

  it('puts a tier limit refusal under the amount on Details, with what is left and the link to the upgrade page', async () => {
    setup({
      pay: () => Promise.reject(limitRefusal()),
    });
    await fillDetails();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByLabelText('Amount (GH₵)')).toHaveAccessibleDescription(
      expect.stringContaining(LIMIT_TEXT),
    );
    expect(steps()).toEqual(['Details*', 'Payment', 'Done']);
    expectUpgradeLink();
  });

  it('shows a tier limit refusal of a partner link on the wallet card, with what is left and the upgrade link', async () => {
    setup({
      token: 'tok-limit',
      pay: () => Promise.reject(limitRefusal()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Click to pay' }));
    await expectLimitAlert();
  });

  it("says 'Not enough funds in the wallet' when the wallet does not cover amount + fee", async () => {
    setup({ walletAmount: 5_000 });
    await fillDetails();
    await next();
    expect(await screen.findByText("You don't have enough funds!")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to pay' })).toBeDisabled();
  });
});

describe('BettingScreen (/deposit/{token})', () => {
  it("shows the operator's request prefilled: the user only confirms and pays", async () => {
    const { calls } = setup({ token: 'tok-1' });
    expect(await screen.findByText('The betting site asks you to confirm this payment.')).toBeInTheDocument();
    expect(steps()).toEqual(['Details', 'Payment*', 'Done']);
    expect(screen.queryByLabelText('Betting number')).not.toBeInTheDocument();
    expect(rowsOf(document.querySelector('.betting-account') as HTMLElement)).toMatchObject({
      'Betting operator': 'Betway Ghana',
      'Betting number': '5550001234',
    });
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(calls[0]!.request).toEqual({
      paymentToken: 'tok-1',
      sendAmount: 5000,
      processingFee: 50,
      totalPay: 5050,
      paymentMethodId: 1,
    });
  });

  it('a link without an amount: Amount, Payment, Purpose, Review', async () => {
    const { calls } = setup({ token: 'tok-2', link: async () => paymentRequest(null) });
    await userEvent.type(await screen.findByLabelText('Amount (GH₵)'), '20');
    expect(steps()).toEqual(['Amount*', 'Payment', 'Purpose', 'Review', 'Done']);
    await next();
    expect(await screen.findByText('Please select a mobile wallet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay from your wallet' }));
    expect(
      await screen.findByText('A deposit into your Betway Ghana betting account 5550001234.'),
    ).toBeInTheDocument();
    await next();
    expect(await screen.findByRole('heading', { name: 'Review and pay' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Click to pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(calls[0]!.request).toMatchObject({ paymentToken: 'tok-2', sendAmount: 2000 });
  });

  it.each([
    [410, 'bettingLink.expired', 'This payment link has expired. Please ask the betting site for a new one.'],
    [409, 'bettingLink.alreadyPaid', 'This payment link has already been paid.'],
    [
      404,
      'bettingLink.invalid',
      'This payment link is not valid. Please ask the betting site for a new one.',
    ],
    [
      403,
      'bettingLink.otherUser',
      'This payment link was made for another account. Please log in with the email the betting site knows.',
    ],
  ])('a link answered %s says so clearly, and offers a payment of ones own', async (status, id, text) => {
    setup({ token: 'tok-3', link: () => Promise.reject(httpError(status, id)) });
    expect(await screen.findByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make a new payment' }));
    expect(await screen.findByLabelText('Betting operator')).toBeInTheDocument();
  });
});
