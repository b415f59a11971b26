import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import type { WithdrawalCall } from '../../src/machines/withdrawal.form';
import { withdrawalMachine } from '../../src/machines/withdrawal.machine';
import type { WalletOperation } from '../../src/contract/wallet';
import { WithdrawalScreen } from '../../src/screens/withdrawal-screen';
import { Header } from '../../src/screens/header';
import { apiError, auth, fakeSession, httpError, renderScreen } from './render';
import { banks, operation } from './wallet-fixtures';

// Long user-event journeys (many selects and typed fields): seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const setup = ({
  walletAmount = 10000,
  withdraw = () => Promise.resolve(operation({ status: 'pending', walletAmount: 8000 })),
  getOperation = () => Promise.resolve(operation({ status: 'Successful', walletAmount: 8000 })),
  french = false,
}: {
  walletAmount?: number;
  withdraw?: (call: WithdrawalCall) => Promise<WalletOperation>;
  getOperation?: (query: OperationQuery) => Promise<WalletOperation>;
  french?: boolean;
} = {}) => {
  const walletChanged = vi.fn();
  const calls: WithdrawalCall[] = [];
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        loadBanks: fromPromise(async () => banks),
        withdraw: fromPromise<WalletOperation, WithdrawalCall>(({ input }) => {
          calls.push(input);
          return withdraw(input);
        }),
        getOperation: fromPromise<WalletOperation, OperationQuery>(({ input }) => getOperation(input)),
      },
      actions: { walletChanged: (_, params) => walletChanged(params.walletAmount) },
      delays: { followPollInterval: 10, followTimeout: 2000 },
    }),
    { input: { walletAmount, keySeed: 'seed' } },
  ).start();
  const session = fakeSession({ auth: auth(walletAmount) }).actor;
  renderScreen(
    <>
      {french ? <Header session={session} /> : null}
      <WithdrawalScreen actorRef={actor} />
    </>,
    { route: '/Withdrawal' },
  );
  return { actor, calls, walletChanged };
};

/** The review: nothing is sent before Confirm. */
const confirm = async () => userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

/** The review's rows, label and value. */
const reviewRows = () =>
  [...document.querySelectorAll('.payment-review dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent?.replace(/\s/g, ' '),
  ]);

const steps = () =>
  within(screen.getByRole('navigation', { name: /Steps|Étapes/ }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent?.replace(/^\d/, '')}${item.getAttribute('aria-current') ? '*' : ''}`);

describe('WithdrawalScreen', () => {
  it("has the three steps and starts on 'Select a Gateway' with the Bank and MoMo cards", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw Funds' })).toBeInTheDocument();
    expect(steps()).toEqual(['Select a Gateway*', 'Details', 'Done']);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'bank',
      'momo',
    ]);
    expect(screen.getByText('Available: GH₵ 100.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    expect(steps()).toEqual(['Select a Gateway', 'Details*', 'Done']);
    expect(screen.getByRole('heading', { level: 2, name: 'MoMo' })).toHaveFocus();
    const number = screen.getByLabelText('MoMo Mobile Number');
    expect(number).toHaveAttribute('placeholder', 'Enter MoMo number');
    expect(number).toHaveAccessibleDescription('Enter your mobile number here');
    expect(screen.getByLabelText('Amount')).toBeInTheDocument();
  });

  it('puts the bank withdrawal rules under their fields, insufficient funds included', async () => {
    const { calls } = setup({ walletAmount: 10000 });
    await userEvent.click(screen.getByRole('radio', { name: 'Bank' }));
    expect(await screen.findByRole('option', { name: 'GCB Bank' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '150');
    await userEvent.type(screen.getByLabelText('Bank Account Number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields.');
    expect(screen.getByLabelText('Bank Account Number')).toHaveAccessibleDescription(
      'Enter a valid account number.',
    );
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('Insufficient funds');
    expect(calls).toHaveLength(0);
  });

  it("says 'Processing...' while the payout is sent and followed, then the Success dialog and 'Withdrawal Successful'", async () => {
    let succeed!: () => void;
    const settled = new Promise<void>((resolve) => (succeed = resolve));
    const { calls, walletChanged } = setup({
      getOperation: async () => {
        await settled;
        return operation({ referenceNumber: 'WT-4242', status: 'Successful', walletAmount: 8000 });
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '02441-23456');
    expect(screen.getByLabelText('MoMo Mobile Number')).toHaveValue('024412345' + '6');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    // The review before the money moves: where it goes, the balance, amount, fee, total and balance after.
    expect(screen.getByRole('heading', { level: 2, name: 'Check and confirm' })).toHaveFocus();
    expect(reviewRows()).toEqual([
      ['MoMo Mobile Number', '0244123456'],
      ['Available Balance', 'GH₵ 100.00'],
      ['Amount', 'GH₵ 20.00'],
      ['Fee', 'GH₵ 0.00'],
      ['Total', 'GH₵ 20.00'],
      ['Balance after', 'GH₵ 80.00'],
    ]);
    expect(calls).toHaveLength(0);
    await confirm();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-busy', 'true');
    // While the payout is followed the balance is the answer's (GH₵ 80 after the hold): the figures stay.
    await waitFor(() => expect(reviewRows()).toContainEqual(['Balance after', 'GH₵ 80.00']));
    expect(reviewRows()).toContainEqual(['Available Balance', 'GH₵ 100.00']);
    expect(calls[0]).toMatchObject({
      idempotencyKey: 'seed-1',
      request: { amount: 2000, isMOMOWithdrawal: true, momoMobileNumber: '0244123456' },
    });
    succeed();

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(dialog).toHaveTextContent('Withdrawal Successful');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(steps()).toEqual(['Select a Gateway', 'Details', 'Done*']);
    expect(walletChanged).toHaveBeenCalledWith(8000);
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawal Successful' })).toBeInTheDocument();
    expect(screen.getByText('WT-4242')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make another withdrawal' }));
    expect(steps()).toEqual(['Select a Gateway*', 'Details', 'Done']);
  });

  it('shows a refused withdrawal in the Error dialog; Close goes back to the form as it was', async () => {
    setup({ withdraw: () => Promise.reject(httpError(400, 'withdrawal.insufficientFunds')) });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Insufficient funds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('20');
    // The form shows again in place of the review: its heading takes the focus.
    expect(screen.getByRole('heading', { level: 2, name: 'MoMo' })).toHaveFocus();
  });

  it('puts a tier limit refusal under the amount, with what is left and the link to the upgrade page', async () => {
    const limit = { limit: 'GH₵ 3,000.00', left: 'GH₵ 1,000.00' };
    setup({
      withdraw: () =>
        Promise.reject(
          httpError(400, 'limit.daily', [
            { field: 'amount', messageId: 'limit.daily', message: 'x', values: limit },
          ]),
        ),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    expect(await screen.findByLabelText('Amount')).toHaveAccessibleDescription(
      expect.stringContaining(
        'This is over your daily limit of GH₵ 3,000.00: GH₵ 1,000.00 is left today. Upgrade your account to send more.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Upgrade your account' })).toHaveAttribute(
      'href',
      '/Dashboard/upgrade',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows no upgrade link for any other refusal under the amount', async () => {
    setup({
      withdraw: () =>
        Promise.reject(
          httpError(400, 'withdrawal.insufficientFunds', [
            { field: 'amount', messageId: 'withdrawal.insufficientFunds', message: 'x' },
          ]),
        ),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    expect(await screen.findByLabelText('Amount')).toHaveAccessibleDescription(
      expect.stringContaining('Insufficient funds'),
    );
    expect(screen.queryByRole('link', { name: 'Upgrade your account' })).not.toBeInTheDocument();
  });

  it('shows a payout that failed later in the Error dialog', async () => {
    setup({
      getOperation: () =>
        Promise.resolve(operation({ status: 'Failed', failureMessageId: 'withdrawal.payoutFailed' })),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244000001');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'The payout failed and the money is back in your wallet.',
    );
  });

  it('a lost connection comes back to the review; Confirm sends the same key again, Change details goes to the form', async () => {
    const attempts = [
      () => Promise.reject(apiError({ kind: 'network' })),
      () => Promise.resolve(operation({ status: 'Successful', walletAmount: 8000 })),
    ];
    const { calls } = setup({ withdraw: () => attempts.shift()!() });
    await userEvent.click(screen.getByRole('radio', { name: 'MoMo' }));
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('MoMo Mobile Number'), '0244123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process withdrawal.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change details' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('20');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
    await confirm();
    await screen.findByRole('dialog', { name: 'Success' });
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
  });

  it('renders in French', async () => {
    setup({ french: true });
    await userEvent.selectOptions(screen.getByLabelText('Language: English'), 'Français');
    expect(await screen.findByRole('heading', { level: 1, name: 'Retirer des fonds' })).toBeInTheDocument();
    expect(steps()).toEqual(['Choisir un moyen*', 'Détails', 'Terminé']);
    expect(screen.getByText('Disponible : 100,00 GH₵')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Banque' }));
    expect(await screen.findByLabelText('Numéro de compte bancaire')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer des fonds' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires.');
    await waitFor(() => expect(screen.getByLabelText('Montant')).toHaveFocus());
  });
});
