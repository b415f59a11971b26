import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  transactionReceiptMachine,
  type TransactionReceiptInput,
} from '../../src/machines/transaction-receipt.machine';
import type { TransactionReceipt } from '../../src/contract/transfer';
import { httpError, networkError } from '../support/machine-fixtures';
import { receiptOf, transactionReceiptModel } from '../support/machine-models-transfer';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(transactionReceiptModel);

const start = (answers: (() => Promise<TransactionReceipt>)[]) => {
  const asked: TransactionReceiptInput[] = [];
  const actor = createActor(
    transactionReceiptMachine.provide({
      actors: {
        loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(({ input }) => {
          asked.push(input);
          return answers.shift()!();
        }),
      },
    }),
    { input: { referenceNumber: 'TRF-1001' } },
  ).start();
  return { actor, asked };
};

describe('transaction receipt', () => {
  test('loads the receipt of its reference number', async () => {
    const { actor, asked } = start([async () => receiptOf()]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([{ referenceNumber: 'TRF-1001' }]);
    expect(actor.getSnapshot().context.receipt).toEqual(receiptOf());
  });

  test('a failed load says why; Try again loads it again', async () => {
    const { actor, asked } = start([
      () => Promise.reject(networkError()),
      () => Promise.reject(httpError(404, 'operation.notFound')),
      async () => receiptOf({ status: 'pending' }),
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('server.error');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('operation.notFound');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, receipt: { status: 'pending' } });
    expect(asked).toHaveLength(3);
  });
});
