import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type {
  TransactionDetail,
  TransactionHistoryPage,
  TransactionHistoryRow,
} from '../../src/contract/transfer';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { bearer, envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  deleteBeneficiary,
  newPhone,
  payNow,
  quoteFor,
  transactionDetail,
  transferUser,
  verifyPhone,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { fundWallet } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

const paid = async (user: TransferUser, beneficiaryId: number, amount: number, overrides: object = {}) => {
  const quote = await quoteFor(t.app, user, beneficiaryId, amount, overrides);
  const response = await payNow(t.app, user, quote.guidId);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: WalletOperationResult }).data.referenceNumber;
};

const list = async (user: TransferUser, userId = user.userId) =>
  t.app.inject({
    method: 'GET',
    url: apiPaths.transactionHistory,
    query: { userId: String(userId) },
    headers: bearer(user.token),
  });

const page = async (user: TransferUser, query: Record<string, string | number>) => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.transactionHistoryPage,
    query: Object.fromEntries(
      Object.entries({ userId: user.userId, ...query }).map(([key, value]) => [key, String(value)]),
    ),
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<TransactionHistoryPage>(response).data;
};

/**
 * Ama sends Yaw (on-us) 120, Kofi (MoMo) 250 and Efua (bank, failing) 30; Yaw also tops up his wallet (not a
 * transfer). Each case gets its own three users.
 */
const scene = async () => {
  const yaw = await transferUser(t.app, db(), { firstName: 'Yaw', lastName: 'Darko' });
  const yawPhone = newPhone();
  await verifyPhone(db(), yaw.userId, yawPhone);
  await fundWallet(t.app, yaw, 5);
  const ama = await transferUser(t.app, db(), { cedis: 1_000, firstName: 'Ama', lastName: 'Mensah' });
  const toYaw = await addMobileBeneficiary(db(), ama.userId, yawPhone, {
    firstName: 'Yaw',
    lastName: 'Darko',
  });
  const toKofi = await addMobileBeneficiary(db(), ama.userId, newPhone(), {
    firstName: 'Kofi',
    lastName: 'Boateng',
  });
  const toEfua = await addBankBeneficiary(db(), ama.userId, '1234000001', {
    firstName: 'Efua',
    lastName: 'Owusu',
  });
  const references = {
    yaw: await paid(ama, toYaw, 120),
    kofi: await paid(ama, toKofi, 250),
    efua: await paid(ama, toEfua, 30, { deliveryMethodId: BANK_DEPOSIT_DELIVERY }),
  };
  await t.app.wallet.worker.runOnce();
  const stranger = await transferUser(t.app, db());
  return { ama, yaw, stranger, references, toKofi };
};

describe('GetTransactionsHistoryByUserId', () => {
  it("lists the user's transfers and those received on-us, newest first, with their statuses", async () => {
    const { ama, yaw, references } = await scene();
    const rows = envelope<TransactionHistoryRow[]>(await list(ama)).data;
    expect(rows.map((row) => [row.receiverName, row.status, row.direction, row.sendAmount])).toEqual([
      ['Efua Owusu', 'Failed', 'sent', 30],
      ['Kofi Boateng', 'Successful', 'sent', 250],
      ['Yaw Darko', 'Successful', 'sent', 120],
    ]);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      senderName: 'Ama Mensah',
      receiverName: 'Kofi Boateng',
      referenceNumber: references.kofi,
      sendAmount: 250,
      fee: 2.5,
      status: 'Successful',
      direction: 'sent',
      receiveAmount: 250,
      currency: 'GHS',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Yaw's top-up is not a transfer; Ama's transfer to him is, seen from his side.
    expect(envelope<TransactionHistoryRow[]>(await list(yaw)).data).toEqual([
      expect.objectContaining({
        senderName: 'Ama Mensah',
        receiverName: 'Yaw Darko',
        referenceNumber: references.yaw,
        direction: 'received',
        status: 'Successful',
      }),
    ]);
  });

  it("another user's userId is a 403; none is a 400", async () => {
    const { ama, stranger } = await scene();
    expect((await list(stranger, ama.userId)).statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPaths.transactionHistory,
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GetTransactionsHistoryPage', () => {
  it('pages by the server with the total; a page past the end answers the last page', async () => {
    const { ama } = await scene();
    const first = await page(ama, { page: 0, pageSize: 2 });
    expect(first).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.rows.map((row) => row.receiverName)).toEqual(['Efua Owusu', 'Kofi Boateng']);
    const last = await page(ama, { page: 9, pageSize: 2 });
    expect(last).toMatchObject({ total: 3, page: 1 });
    expect(last.rows.map((row) => row.receiverName)).toEqual(['Yaw Darko']);
  });

  it('searches sender name, receiver name and reference number: case-insensitive contains, in SQL', async () => {
    const { ama, yaw, references } = await scene();
    const names = async (user: TransferUser, search: string) =>
      (await page(user, { search })).rows.map((row) => row.receiverName);
    expect(await names(ama, 'kofi')).toEqual(['Kofi Boateng']);
    expect(await names(ama, 'OWUSU')).toEqual(['Efua Owusu']);
    expect(await names(ama, references.yaw.slice(6, 16).toLowerCase())).toEqual(['Yaw Darko']);
    // The sender's own name is on every row they sent.
    expect(await names(ama, 'mensah')).toHaveLength(3);
    expect(await names(yaw, 'ama m')).toEqual(['Yaw Darko']);
    // % and _ are matched as typed, not as wildcards; nothing matching is total 0 on page 0.
    for (const search of ['%', '_', 'Ko%i', 'zzz']) {
      expect(await page(ama, { search }), search).toMatchObject({ rows: [], total: 0, page: 0 });
    }
  });

  it.each([[{ pageSize: 0 }], [{ pageSize: 51 }], [{ page: -1 }], [{ search: 'x'.repeat(65) }]])(
    'bad paging %o is a 400',
    async (query) => {
      const user = await transferUser(t.app, db());
      const response = await t.app.inject({
        method: 'GET',
        url: apiPaths.transactionHistoryPage,
        query: {
          userId: String(user.userId),
          ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        },
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('GetTransactionByReferenceNumber', () => {
  it("shows the sender's phone in one format ('+233 24 123 4567'), however it was typed at sign-up (issue 23)", async () => {
    const kwame = await transferUser(t.app, db(), {
      cedis: 20,
      phoneCode: '+233',
      phoneNumber: '0241234567',
    });
    const quote = await quoteFor(
      t.app,
      kwame,
      await addMobileBeneficiary(db(), kwame.userId, newPhone()),
      10,
    );
    const paid = envelope<WalletOperationResult>(await payNow(t.app, kwame, quote.guidId)).data;
    const receipt = envelope<TransactionDetail>(
      await transactionDetail(t.app, kwame, paid.referenceNumber),
    ).data;
    expect(receipt.senderPhone).toBe('+233 24 123 4567');
    expect(receipt.receiverPhone).toMatch(/^\+233 24 \d{3} \d{4}$/);
  });

  it('gives the sender the receipt of a transfer: the detail fields of spec section 3', async () => {
    const { ama, references } = await scene();
    const response = await transactionDetail(t.app, ama, references.kofi);
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<TransactionDetail>(response).data).toEqual({
      referenceNumber: references.kofi,
      direction: 'sent',
      status: 'Successful',
      failureMessageId: null,
      sendDateTime: expect.any(String),
      senderName: 'Ama Mensah',
      senderPhone: '+233 24 123 4567',
      receiverName: 'Kofi Boateng',
      receiverPhone: expect.stringMatching(/^\+233 24 \d{3} \d{4}$/),
      receiverAccount: '',
      receiverCountry: 'Ghana',
      transferAmount: 250,
      processingFee: 2.5,
      payAmount: 252.5,
      receiveAmount: 250,
      currency: 'GHS',
      rate: '1',
      purpose: 'Family support',
      deliveryMethod: 'Mobile Money',
      paymentType: 'Wallet balance',
      collectionCode: null,
      couponDiscount: 0,
    });
    const failed = envelope<TransactionDetail>(await transactionDetail(t.app, ama, references.efua)).data;
    expect(failed).toMatchObject({
      status: 'Failed',
      failureMessageId: 'transfer.payoutFailed',
      receiverAccount: 'GCB Bank •••• 0001',
    });
  });

  it('gives the on-us receiver the same receipt by either reference, the sender’s phone masked', async () => {
    const { yaw, references } = await scene();
    for (const reference of [references.yaw, `${references.yaw}-R`]) {
      const response = await transactionDetail(t.app, yaw, reference);
      expect(response.statusCode, response.body).toBe(200);
      expect(envelope<TransactionDetail>(response).data).toMatchObject({
        referenceNumber: references.yaw,
        direction: 'received',
        senderName: 'Ama Mensah',
        senderPhone: '•••• 4567',
        receiverName: 'Yaw Darko',
        transferAmount: 120,
      });
    }
  });

  it('still reads a transfer whose beneficiary was deleted since', async () => {
    const { ama, references, toKofi } = await scene();
    await deleteBeneficiary(db(), toKofi);
    expect(
      envelope<TransactionDetail>(await transactionDetail(t.app, ama, references.kofi)).data,
    ).toMatchObject({ receiverName: 'Kofi Boateng', status: 'Successful' });
  });

  it("anyone else's, a top-up's and an unknown reference are a 404; bad input is a 400", async () => {
    const { ama, yaw, stranger, references } = await scene();
    const yawsTopUp = (
      await t.app.inject({
        method: 'GET',
        url: apiPaths.walletHistory,
        query: { userId: String(yaw.userId) },
        headers: bearer(yaw.token),
      })
    ).json() as { data: { referenceNumber: string; kind: string }[] };
    const topUp = yawsTopUp.data.find((row) => row.kind === 'card_top_up')?.referenceNumber ?? '';
    const cases: [TransferUser, string][] = [
      [stranger, references.kofi],
      [stranger, `${references.yaw}-R`],
      [yaw, references.kofi],
      [yaw, topUp],
      [ama, `${references.yaw}-R`.replace('WT', 'XX')],
    ];
    for (const [user, reference] of cases) {
      const response = await transactionDetail(t.app, user, reference);
      expect(response.statusCode, reference).toBe(404);
      expect(envelope<ErrorData>(response).data.messageId).toBe('operation.notFound');
    }
    expect((await transactionDetail(t.app, ama, 'W'.repeat(33))).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: apiPaths.transactionByReference,
      headers: bearer(ama.token),
    });
    expect(missing.statusCode).toBe(400);
  });
});
