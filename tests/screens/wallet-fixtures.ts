/* Fixtures and fake actors of the issue-3 screen tests (not a test file itself). */
import { createActor, fromPromise } from 'xstate';
import { monthSummaryMachine } from '../../src/machines/month-summary.machine';
import { monthWeeks } from '../../src/domain/month';
import { walletMachine, type WalletSummary } from '../../src/machines/wallet.machine';
import type {
  MonthSummary,
  WalletHistoryRow,
  WalletMovement,
  WalletOperation,
  WalletOperationResult,
} from '../../src/contract/wallet';
import type { Identification } from '../../src/contract/identification';
import type { Bank } from '../../src/contract/reference';

export const banks: Bank[] = [
  { id: 1, name: 'GCB Bank' },
  { id: 2, name: 'Ecobank Ghana' },
];

/** A history row as the API sends it (decimal GHS). */
export const apiRow = (over: Partial<WalletHistoryRow> = {}): WalletHistoryRow => ({
  id: 1,
  amount: 50,
  fee: 0,
  actionType: 'Credit',
  description: 'Wallet top-up',
  kind: 'card_top_up',
  counterparty: 'Visa •••• 4242',
  status: 'Successful',
  failureMessageId: null,
  referenceNumber: 'WT-0001',
  date: '2026-11-20T10:00:00Z',
  ...over,
});

/** A history row as the browser holds it (pesewas). */
export const row = (over: Partial<WalletMovement> = {}): WalletMovement => ({
  ...apiRow(),
  amount: 5000,
  fee: 0,
  ...over,
});

/** n rows, newest first, ids and references numbered from 1. */
export const rows = (count: number): WalletMovement[] =>
  Array.from({ length: count }, (_, index) =>
    row({
      id: index + 1,
      referenceNumber: `WT-${String(index + 1).padStart(4, '0')}`,
      amount: (index + 1) * 100,
    }),
  );

/** An operation as the API answers it (decimal GHS). */
export const apiOperation = (over: Partial<WalletOperationResult> = {}): WalletOperationResult => ({
  referenceNumber: 'WT-7777',
  status: 'Successful',
  failureMessageId: null,
  amount: 50,
  walletAmount: 150,
  ...over,
});

/** An operation as the browser holds it (pesewas). */
export const operation = (over: Partial<WalletOperation> = {}): WalletOperation => ({
  ...apiOperation(),
  amount: 5000,
  walletAmount: 15000,
  ...over,
});

export const identification = (over: Partial<Identification> = {}): Identification => ({
  id: 1,
  identificationTypeId: 1,
  identificationType: 'Ghana Card',
  identificationNumber: '1234567890',
  identificationNo: '1234567890',
  issuedDate: '2021-03-04',
  expiryDate: '2031-03-03',
  fullName: 'Ama Mensah',
  imageId: 'img-1',
  ...over,
});

/** A promise and the functions that settle it, for actors the test answers when it wants. */
export const deferred = <Value>() => {
  let resolve!: (value: Value) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Value>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

export const fakeWallet = (
  loadWallet: () => Promise<WalletSummary> = () => Promise.resolve({ walletAmount: 0, recent: [] }),
) => {
  const changes: number[] = [];
  const actor = createActor(
    walletMachine.provide({
      actors: { loadWallet: fromPromise(loadWallet) },
      actions: { walletChanged: (_, params) => void changes.push(params.walletAmount) },
    }),
  ).start();
  return { actor, changes };
};

/** The month-summary machine of the dashboard home, its figures from `load` (a quiet November by default). */
export const fakeMonthSummary = (
  load: () => Promise<MonthSummary> = () => Promise.resolve(quietMonth('2026-11')),
) =>
  createActor(monthSummaryMachine.provide({ actors: { loadMonthSummary: fromPromise(load) } }), {
    input: { month: '2026-11' },
  }).start();

/** A month with no movement: every week at zero. */
export const quietMonth = (month: string): MonthSummary => ({
  month,
  inMinor: 0,
  outMinor: 0,
  weeks: monthWeeks(month).map((week) => ({ ...week, inMinor: 0, outMinor: 0 })),
});
