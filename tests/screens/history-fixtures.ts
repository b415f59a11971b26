/* Shared helpers of the history panels' screen tests (not a test file itself). */
import { screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import type { PageRequest, ServerPage, ServerPagedListMachine } from '../../src/machines/shared/paged-list';
import type { ReceiptInput, ReceiptMachine } from '../../src/machines/shared/receipt';

/** A history's actor, started, its pages from `load` and its search asked 300 ms after typing pauses (keystrokes of a loaded test machine can be tens of ms apart). */
export const historyActor = <Row>(
  machine: ServerPagedListMachine<Row>,
  load: (request: PageRequest) => Promise<ServerPage<Row>>,
) =>
  createActor(
    machine.provide({
      delays: { searchDelay: 300 },
      actors: { loadPage: fromPromise<ServerPage<Row>, PageRequest>(({ input }) => load(input)) },
    }),
  ).start();

/** A receipt machine answering `receiptOf(reference)`, and the references it was asked for. */
export const answeringReceipts = <Receipt>(
  machine: ReceiptMachine<Receipt>,
  receiptOf: (referenceNumber: string) => Receipt,
) => {
  const receipts: string[] = [];
  const receiptMachine = machine.provide({
    actors: {
      loadReceipt: fromPromise<Receipt, ReceiptInput>(async ({ input }) => {
        receipts.push(input.referenceNumber);
        return receiptOf(input.referenceNumber);
      }),
    },
  });
  return { receiptMachine, receipts };
};

/** The table's body rows, and a row's cells as text (spaces, the no-break one too, read as one space). */
export const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim());
