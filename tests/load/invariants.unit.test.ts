import { describe, expect, it } from 'vitest';
import {
  clientViolations,
  ledgerViolations,
  type ClientRecord,
  type LedgerSnapshot,
} from './support/invariants';

/**
 * The load tests' checker must be able to fail: a sound ledger passes, and each way of breaking it (taken from
 * real ledger bugs: a lost update, a double post, an orphan hold, a one-sided entry...) is reported.
 */

// Accounts: 1 = wallet of user 7, 2 = wallet of user 8, 3 = clearing:card, 4 = clearing:bank:1.
const soundLedger = (): LedgerSnapshot => ({
  accounts: [
    { id: 1, code: 'wallet:7', kind: 'wallet', userId: 7 },
    { id: 2, code: 'wallet:8', kind: 'wallet', userId: 8 },
    { id: 3, code: 'clearing:card', kind: 'clearing', userId: null },
    { id: 4, code: 'clearing:bank:1', kind: 'clearing', userId: null },
  ],
  // User 7: +100.00 card, -30.00 withdrawal posted, 20.00 withdrawal pending (held). User 8: +5.00 card.
  wallets: [
    { userId: 7, balanceMinor: 7_000, heldMinor: 2_000 },
    { userId: 8, balanceMinor: 500, heldMinor: 0 },
  ],
  operations: [
    {
      id: 1,
      userId: 7,
      referenceNumber: 'R1',
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor: 10_000,
      status: 'Successful',
      heldMinor: 0,
    },
    {
      id: 2,
      userId: 7,
      referenceNumber: 'R2',
      kind: 'bank_withdrawal',
      direction: 'Debit',
      amountMinor: 3_000,
      status: 'Successful',
      heldMinor: 0,
    },
    {
      id: 3,
      userId: 7,
      referenceNumber: 'R3',
      kind: 'bank_withdrawal',
      direction: 'Debit',
      amountMinor: 2_000,
      status: 'pending',
      heldMinor: 2_000,
    },
    {
      id: 4,
      userId: 8,
      referenceNumber: 'R4',
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor: 500,
      status: 'Successful',
      heldMinor: 0,
    },
    {
      id: 5,
      userId: 8,
      referenceNumber: 'R5',
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor: 900,
      status: 'Failed',
      heldMinor: 0,
    },
  ],
  transactions: [
    { id: 10, operationId: 1 },
    { id: 11, operationId: 2 },
    { id: 12, operationId: 4 },
  ],
  entries: [
    { id: 100, transactionId: 10, accountId: 1, amountMinor: 10_000 },
    { id: 101, transactionId: 10, accountId: 3, amountMinor: -10_000 },
    { id: 102, transactionId: 11, accountId: 1, amountMinor: -3_000 },
    { id: 103, transactionId: 11, accountId: 4, amountMinor: 3_000 },
    { id: 104, transactionId: 12, accountId: 2, amountMinor: 500 },
    { id: 105, transactionId: 12, accountId: 3, amountMinor: -500 },
  ],
  idempotencyKeys: [
    { userId: 7, key: 'k1', operationId: 1 },
    { userId: 7, key: 'k2', operationId: 2 },
    { userId: 7, key: 'k3', operationId: 3 },
    { userId: 8, key: 'k4', operationId: 4 },
    { userId: 8, key: 'k5', operationId: 5 },
    { userId: 8, key: 'k6', operationId: null }, // refused before any operation (insufficient funds)
  ],
});

const soundRecords = (): ClientRecord[] => [
  {
    userId: 7,
    key: 'k1',
    kind: 'card_top_up',
    direction: 'Credit',
    amountMinor: 10_000,
    answerStatus: 200,
    referenceNumber: 'R1',
    finalStatus: 'Successful',
    expected: 'Successful',
  },
  {
    userId: 7,
    key: 'k2',
    kind: 'bank_withdrawal',
    direction: 'Debit',
    amountMinor: 3_000,
    answerStatus: 200,
    referenceNumber: 'R2',
    finalStatus: 'Successful',
    expected: 'Successful',
  },
  {
    userId: 7,
    key: 'k3',
    kind: 'bank_withdrawal',
    direction: 'Debit',
    amountMinor: 2_000,
    answerStatus: 200,
    referenceNumber: 'R3',
    finalStatus: 'pending',
  },
  {
    userId: 8,
    key: 'k4',
    kind: 'card_top_up',
    direction: 'Credit',
    amountMinor: 500,
    answerStatus: 200,
    referenceNumber: 'R4',
    finalStatus: 'Successful',
  },
  {
    userId: 8,
    key: 'k5',
    kind: 'card_top_up',
    direction: 'Credit',
    amountMinor: 900,
    answerStatus: 402,
    referenceNumber: 'R5',
    finalStatus: 'Failed',
    expected: 'rejected',
  },
  {
    userId: 8,
    key: 'k6',
    kind: 'bank_withdrawal',
    direction: 'Debit',
    amountMinor: 99_999,
    answerStatus: 400,
    referenceNumber: null,
    finalStatus: null,
  },
];

const check = (snapshot: LedgerSnapshot, settled = false) => ledgerViolations(snapshot, { settled });

/**
 * The sound ledger plus an on-us transfer: user 7 sends user 8 GH₵ 10.00 with its 0.10 fee (account 5 is
 * revenue:fees); user 8's receiving row names it and has no entries or key of its own.
 */
const withTransfer = (): { snapshot: LedgerSnapshot; records: ClientRecord[] } => {
  const snapshot = soundLedger();
  snapshot.accounts.push({ id: 5, code: 'revenue:fees', kind: 'revenue', userId: null });
  snapshot.wallets[0]!.balanceMinor = 7_000 - 1_010;
  snapshot.wallets[1]!.balanceMinor = 500 + 1_000;
  snapshot.operations.push(
    {
      id: 7,
      userId: 7,
      referenceNumber: 'R7',
      kind: 'wallet_transfer',
      direction: 'Debit',
      amountMinor: 1_000,
      feeMinor: 10,
      status: 'Successful',
      heldMinor: 0,
      sourceOperationId: null,
    },
    {
      id: 8,
      userId: 8,
      referenceNumber: 'R7-R',
      kind: 'wallet_transfer_received',
      direction: 'Credit',
      amountMinor: 1_000,
      feeMinor: 0,
      status: 'Successful',
      heldMinor: 0,
      sourceOperationId: 7,
    },
  );
  snapshot.transactions.push({ id: 17, operationId: 7 });
  snapshot.entries.push(
    { id: 120, transactionId: 17, accountId: 1, amountMinor: -1_010 },
    { id: 121, transactionId: 17, accountId: 2, amountMinor: 1_000 },
    { id: 122, transactionId: 17, accountId: 5, amountMinor: 10 },
  );
  snapshot.idempotencyKeys.push({ userId: 7, key: 'k9', operationId: 7 });
  const records = soundRecords();
  records.push({
    userId: 7,
    key: 'k9',
    kind: 'wallet_transfer',
    direction: 'Debit',
    amountMinor: 1_000,
    feeMinor: 10,
    creditsUserId: 8,
    answerStatus: 200,
    referenceNumber: 'R7',
    finalStatus: 'Successful',
  });
  return { snapshot, records };
};

/**
 * The sound ledger plus a gem purchase: user 7 pays GH₵ 20.00 to shop revenue (account 6) and gets 2500 gems in
 * its gem account (7) from the issuance account (8), in one ledger transaction of two assets.
 */
const withGemPurchase = (): { snapshot: LedgerSnapshot; records: ClientRecord[] } => {
  const snapshot = soundLedger();
  snapshot.accounts.push(
    { id: 6, code: 'revenue:shop', kind: 'revenue', userId: null, asset: 'GHS' },
    { id: 7, code: 'gems:7', kind: 'gems', userId: 7, asset: 'GEM' },
    { id: 8, code: 'issuance:gems', kind: 'issuance', userId: null, asset: 'GEM' },
  );
  snapshot.wallets[0]!.balanceMinor = 7_000 - 2_000;
  snapshot.operations.push({
    id: 9,
    userId: 7,
    referenceNumber: 'R9',
    kind: 'gem_purchase',
    direction: 'Debit',
    amountMinor: 2_000,
    status: 'Successful',
    heldMinor: 0,
  });
  snapshot.transactions.push({ id: 19, operationId: 9 });
  snapshot.entries.push(
    { id: 130, transactionId: 19, accountId: 1, amountMinor: -2_000 },
    { id: 131, transactionId: 19, accountId: 6, amountMinor: 2_000 },
    { id: 132, transactionId: 19, accountId: 7, amountMinor: 2_500 },
    { id: 133, transactionId: 19, accountId: 8, amountMinor: -2_500 },
  );
  snapshot.idempotencyKeys.push({ userId: 7, key: 'k11', operationId: 9 });
  const records = soundRecords();
  records.push({
    userId: 7,
    key: 'k11',
    kind: 'gem_purchase',
    direction: 'Debit',
    amountMinor: 2_000,
    gems: 2_500,
    answerStatus: 200,
    referenceNumber: 'R9',
    finalStatus: 'Successful',
  });
  return { snapshot, records };
};

describe("the load tests' ledger invariant checker", () => {
  it('passes a gem purchase (cedis and gems each balanced) and reports cedis balancing gems', () => {
    const { snapshot, records } = withGemPurchase();
    expect(check(snapshot)).toEqual([]);
    expect(clientViolations(snapshot, records)).toEqual([]);
    // The gems paid for with cedis: the transaction sums to zero overall, but not per asset.
    const mixed = withGemPurchase().snapshot;
    mixed.entries[mixed.entries.length - 1]!.accountId = 6;
    const problems = check(mixed).join('\n');
    expect(problems).toContain('ledger transaction 19 sums to -2500, not 0');
    expect(problems).toContain('ledger transaction 19 sums to 2500 gems, not 0');
    expect(problems).toContain('gems not conserved: the gem accounts sum to 2500');
  });

  it("reports gems the clients' Successful gem purchases do not explain", () => {
    const { snapshot, records } = withGemPurchase();
    snapshot.entries[snapshot.entries.length - 2]!.amountMinor = 5_000;
    snapshot.entries[snapshot.entries.length - 1]!.amountMinor = -5_000;
    expect(clientViolations(snapshot, records).join('\n')).toContain(
      "user 7: 5000 gems, the clients' acknowledged Successful gem purchases add up to 2500",
    );
    const negative = withGemPurchase().snapshot;
    negative.entries[negative.entries.length - 2]!.amountMinor = -2_500;
    negative.entries[negative.entries.length - 1]!.amountMinor = 2_500;
    expect(check(negative).join('\n')).toContain('gem account gems:7: -2500 gems < 0');
  });

  it("reports debit day totals that are not the user's debits that have not failed, that day", () => {
    const dated = soundLedger();
    // User 7's two withdrawals (one posted, one pending) on two days; user 8's Failed top-up is a credit.
    dated.operations = dated.operations.map((operation) => ({
      ...operation,
      day: operation.id === 3 ? '2026-11-27' : '2026-11-26',
    }));
    dated.debitDays = [
      { userId: 7, day: '2026-11-26', amountMinor: 3_000, moves: 1 },
      { userId: 7, day: '2026-11-27', amountMinor: 2_000, moves: 1 },
      // A day whose only debit failed later: its adjustment brought it to zero.
      { userId: 8, day: '2026-11-20', amountMinor: 0, moves: 0 },
    ];
    expect(check(dated)).toEqual([]);

    dated.debitDays[1] = { userId: 7, day: '2026-11-27', amountMinor: 2_000, moves: 2 };
    dated.debitDays.push({ userId: 8, day: '2026-11-25', amountMinor: 700, moves: 1 });
    expect(check(dated)).toEqual([
      'debit day totals of user 7 on 2026-11-27: kept 2000 in 2 moves != its debits 2000 in 1',
      'debit day totals of user 8 on 2026-11-25: kept 700 in 1 moves != its debits 0 in 0',
    ]);
  });

  it("passes a sound ledger and the clients' matching records", () => {
    expect(check(soundLedger())).toEqual([]);
    expect(clientViolations(soundLedger(), soundRecords())).toEqual([]);
  });

  it('passes a transfer that pays a fee, and its receiving row in the other wallet', () => {
    const { snapshot, records } = withTransfer();
    expect(check(snapshot)).toEqual([]);
    expect(clientViolations(snapshot, records)).toEqual([]);
  });

  it('reports a transfer that did not take its fee, and a receiving row its transfer did not credit', () => {
    const { snapshot } = withTransfer();
    snapshot.entries[snapshot.entries.length - 3]!.amountMinor = -1_000;
    snapshot.entries[snapshot.entries.length - 2]!.amountMinor = 990;
    snapshot.wallets[0]!.balanceMinor = 6_000;
    snapshot.wallets[1]!.balanceMinor = 1_490;
    const problems = check(snapshot).join('\n');
    expect(problems).toContain(
      'operation R7 (wallet_transfer, Successful, 1000) moved its wallet by -1000, expected -1010',
    );
    expect(problems).toContain(
      'receiving row R7-R (Credit 1000): its transfer R7 credited the wallet by 990',
    );
  });

  it('reports a receiving row with a posting or a key of its own, or without a Successful transfer', () => {
    const { snapshot } = withTransfer();
    snapshot.idempotencyKeys.push({ userId: 8, key: 'k10', operationId: 8 });
    snapshot.operations[5]!.status = 'Failed';
    const problems = check(snapshot).join('\n');
    expect(problems).toContain('operation R7-R is named by 1 idempotency keys (expected exactly 0)');
    expect(problems).toContain('receiving row R7-R is Successful, its transfer R7 is Failed');

    const posted = withTransfer().snapshot;
    posted.transactions.push({ id: 18, operationId: 8 });
    posted.entries.push(
      { id: 123, transactionId: 18, accountId: 2, amountMinor: 1_000 },
      { id: 124, transactionId: 18, accountId: 3, amountMinor: -1_000 },
    );
    posted.wallets[1]!.balanceMinor = 2_500;
    expect(check(posted).join('\n')).toContain('receiving row R7-R has 1 ledger transactions');
  });

  it("counts a transfer's fee and the receiver's credit in the clients' balances", () => {
    const { snapshot, records } = withTransfer();
    const withoutCredit = records.map((record) => ({ ...record, creditsUserId: undefined }));
    expect(clientViolations(snapshot, withoutCredit).join('\n')).toContain(
      "user 8: balance 1500, the clients' acknowledged Successful operations add up to 500",
    );
    const withoutFee = records.map((record) => ({ ...record, feeMinor: 0 }));
    expect(clientViolations(snapshot, withoutFee).join('\n')).toContain(
      "user 7: balance 5990, the clients' acknowledged Successful operations add up to 6000",
    );
    // The receiving row of a transfer no client was told of is money nobody was told of.
    const untold = records.filter((record) => record.key !== 'k9');
    expect(clientViolations(snapshot, untold).join('\n')).toContain(
      'operation R7-R (wallet_transfer_received 1000) is Successful but no client was told of it',
    );
  });

  it('reports a ledger transaction that does not sum to zero, and one with a single entry', () => {
    const snapshot = soundLedger();
    snapshot.entries[1]!.amountMinor = -9_999;
    snapshot.transactions.push({ id: 13, operationId: null });
    snapshot.entries.push({ id: 106, transactionId: 13, accountId: 3, amountMinor: 1 });
    const problems = check(snapshot).join('\n');
    expect(problems).toContain('ledger transaction 10 sums to 1, not 0');
    expect(problems).toContain('ledger transaction 13 has 1 entries');
  });

  it('reports a cached balance that is not the sum of its entries (a lost update)', () => {
    const snapshot = soundLedger();
    snapshot.wallets[0]!.balanceMinor = 10_000;
    snapshot.wallets[0]!.heldMinor = 2_000;
    const problems = check(snapshot).join('\n');
    expect(problems).toContain('wallet of user 7: cached balance 10000 != sum of its entries 7000');
    expect(problems).toContain('money not conserved');
  });

  it('reports money created: a system account credited without a matching wallet debit, through a balanced transaction', () => {
    const snapshot = soundLedger();
    // Balanced, but the wallet side was written to the entries and not to the cached balance.
    snapshot.transactions.push({ id: 14, operationId: null });
    snapshot.entries.push(
      { id: 107, transactionId: 14, accountId: 2, amountMinor: 250 },
      { id: 108, transactionId: 14, accountId: 4, amountMinor: -250 },
    );
    const problems = check(snapshot).join('\n');
    expect(problems).toContain('money not conserved: wallets 7500 + system accounts -7750 = -250');
  });

  it('reports a negative balance, a negative available balance and a hold that no pending operation explains', () => {
    const snapshot = soundLedger();
    snapshot.wallets[1]!.heldMinor = 600;
    const problems = check(snapshot).join('\n');
    expect(problems).toContain('wallet of user 8: available -100 < 0');
    expect(problems).toContain('wallet of user 8: held 600 != holds of pending operations 0');

    const negative = soundLedger();
    negative.entries.push(
      { id: 109, transactionId: 12, accountId: 2, amountMinor: -1_000 },
      { id: 110, transactionId: 12, accountId: 3, amountMinor: 1_000 },
    );
    negative.wallets[1]!.balanceMinor = -500;
    expect(check(negative).join('\n')).toContain('wallet of user 8: balance -500 < 0');
  });

  it('reports an operation posted twice (one key moving money twice) and a Failed operation that moved money', () => {
    const snapshot = soundLedger();
    snapshot.transactions.push({ id: 15, operationId: 4 }, { id: 16, operationId: 5 });
    snapshot.entries.push(
      { id: 111, transactionId: 15, accountId: 2, amountMinor: 500 },
      { id: 112, transactionId: 15, accountId: 3, amountMinor: -500 },
      { id: 113, transactionId: 16, accountId: 2, amountMinor: 900 },
      { id: 114, transactionId: 16, accountId: 3, amountMinor: -900 },
    );
    snapshot.wallets[1]!.balanceMinor = 1_900;
    const problems = check(snapshot).join('\n');
    expect(problems).toContain(
      'operation R4 (card_top_up, Successful, 500) moved its wallet by 1000, expected 500',
    );
    expect(problems).toContain('operation R4 has 2 ledger transactions (at most 1)');
    expect(problems).toContain('operation R5 (card_top_up, Failed, 900) moved its wallet by 900, expected 0');
    expect(clientViolations(snapshot, soundRecords()).join('\n')).toContain(
      "user 8: balance 1900, the clients' acknowledged Successful operations add up to 500",
    );
  });

  it('reports an operation made without its key (two operations for one Idempotency-Key) and pending ones once settled', () => {
    const snapshot = soundLedger();
    snapshot.operations.push({
      id: 6,
      userId: 8,
      referenceNumber: 'R6',
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor: 500,
      status: 'Failed',
      heldMinor: 0,
    });
    const problems = check(snapshot, true).join('\n');
    expect(problems).toContain('operation R6 is named by 0 idempotency keys (expected exactly 1)');
    expect(problems).toContain('operation R3 (bank_withdrawal) is still pending');
  });

  it('reports an acknowledged operation that is missing, or whose status or amount differs from the answer', () => {
    const snapshot = soundLedger();
    snapshot.operations = snapshot.operations.filter((operation) => operation.referenceNumber !== 'R4');
    snapshot.operations[1]!.status = 'Failed';
    const records = soundRecords();
    records[0]!.amountMinor = 10_001;
    const problems = clientViolations(snapshot, records).join('\n');
    expect(problems).toContain('acknowledged operation R4 is not in the database');
    expect(problems).toContain('operation R2 is Failed in the database, the client saw Successful');
    expect(problems).toContain('operation R1 is Credit 10000, the client asked Credit 10001');
  });

  it('reports money moved that no client was told of, a request never answered and a sandbox outcome not honoured', () => {
    const snapshot = soundLedger();
    const records = soundRecords().filter((record) => record.key !== 'k4');
    records.push(
      {
        userId: 8,
        key: 'k7',
        kind: 'momo_top_up',
        direction: 'Credit',
        amountMinor: 100,
        answerStatus: null,
        referenceNumber: null,
        finalStatus: null,
      },
      {
        userId: 8,
        key: 'k8',
        kind: 'momo_top_up',
        direction: 'Credit',
        amountMinor: 100,
        answerStatus: 202,
        referenceNumber: 'R5',
        finalStatus: 'Failed',
        expected: 'Successful',
      },
    );
    const problems = clientViolations(snapshot, records).join('\n');
    expect(problems).toContain('operation R4 (card_top_up 500) is Successful but no client was told of it');
    expect(problems).toContain('key k7 (user 8, momo_top_up 100): never acknowledged');
    expect(problems).toContain('expected final status Successful, the client saw Failed');
    expect(problems).toContain('reference R5 was also the answer to key k5');
  });
});
