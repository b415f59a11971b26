import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import {
  transactionReceiptMachine,
  type TransactionReceiptInput,
} from '../../src/machines/transaction-receipt.machine';
import type { TransactionReceipt } from '../../src/contract/transfer';
import { RECEIPT_OPEN_CLASS } from '../../src/screens/receipt-modal';
import { TransactionReceiptModal } from '../../src/screens/transaction-receipt';
import { receiptOf } from '../support/machine-models-transfer';
import { httpError, renderScreen } from './render';

const open = (answers: (() => Promise<TransactionReceipt>)[]) => {
  const asked: string[] = [];
  const onClose = vi.fn();
  const machine = transactionReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(({ input }) => {
        asked.push(input.referenceNumber);
        return answers.shift()!();
      }),
    },
  });
  const view = renderScreen(
    <main>
      <p>The page behind</p>
      <TransactionReceiptModal machine={machine} referenceNumber="TRF-1001" onClose={onClose} />
    </main>,
  );
  return { asked, onClose, view };
};

/** The receipt's rows, label to value (money with its no-break space read as a space). */
const rows = (dialog: HTMLElement) =>
  Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s+/g, ' ')]),
  );

afterEach(() => vi.restoreAllMocks());

describe('TransactionReceiptModal', () => {
  it("shows 'Transaction Details' with every detail field of spec section 3 under the reference number", async () => {
    const { asked } = open([
      async () =>
        receiptOf({
          receiverAccount: 'GCB Bank •••• 6789',
          receiveAmount: 2030,
          currency: 'USD',
          rate: '0.0812',
          deliveryMethod: 'Bank Deposit',
          status: 'pending',
        }),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the receipt...');
    expect(await within(dialog).findByText('Reference number TRF-1001')).toBeInTheDocument();
    expect(asked).toEqual(['TRF-1001']);
    const { Date: date, ...fields } = rows(dialog);
    // Midday UTC: the same day in any time zone the tests run in.
    expect(date).toMatch(/^20 Nov 2026, \d\d:\d\d/);
    expect(fields).toEqual({
      'Transfer amount': 'GH₵ 250.00',
      Fee: 'GH₵ 2.50',
      Total: 'GH₵ 252.50',
      Type: 'Sent',
      Sender: 'Ama Mensah',
      'Sender phone': '+233241112222',
      Receiver: 'Kofi Boateng',
      'Receiver phone': '+233209876543',
      'Receiver account': 'GCB Bank •••• 6789',
      Country: 'Ghana',
      'Amount received': '$20.30',
      Rate: '1 GHS = 0.0812 USD',
      Purpose: 'Family support',
      'Delivery method': 'Bank Deposit',
      'Paid with': 'Wallet',
      Status: 'pending',
    });
    // The status in its colour: pending is amber.
    expect(within(dialog).getByText('pending')).toHaveClass('status', 'status-pending');
  });

  it('leaves out a receiver account a MoMo transfer does not have', async () => {
    open([async () => receiptOf()]);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    await within(dialog).findByText('Reference number TRF-1001');
    expect(rows(dialog)).not.toHaveProperty('Receiver account');
    expect(within(dialog).getByText('Successful')).toHaveClass('status-success');
  });

  it('prints or saves the receipt alone: Print / Save as PDF opens the print dialog, the body says a receipt is open', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { view } = open([async () => receiptOf()]);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    await within(dialog).findByText('Reference number TRF-1001');
    // Drawn at the end of the body, outside the page, so the print stylesheet can leave the page out.
    expect(dialog.closest('.receipt-portal')?.parentElement).toBe(document.body);
    expect(view.container.contains(dialog)).toBe(false);
    expect(document.body).toHaveClass(RECEIPT_OPEN_CLASS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(document.body).not.toHaveClass(RECEIPT_OPEN_CLASS);
  });

  it('says why a receipt could not be loaded, and tries again; Close closes it', async () => {
    const { asked, onClose } = open([
      () => Promise.reject(httpError(404, 'operation.notFound')),
      async () => receiptOf(),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not find that transaction.');
    expect(within(dialog).queryByRole('button', { name: 'Print / Save as PDF' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Reference number TRF-1001')).toBeInTheDocument();
    expect(asked).toEqual(['TRF-1001', 'TRF-1001']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
