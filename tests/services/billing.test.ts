import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBillByReference, getBillingHistoryPage } from '../../src/services/billing';
import { setAuthSource } from '../../src/services/http';

const fetchMock = vi.fn<typeof fetch>();
const lastUrl = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://wallet.test');
const answer = (data: unknown) =>
  fetchMock.mockImplementationOnce(
    async () =>
      new Response(JSON.stringify({ code: 200, message: 'OK', data }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthSource({ token: () => 'secret-token', userId: () => 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthSource(null);
});

describe('billing services', () => {
  it('reads the history a page at a time from GetBillingHistoryPage (the spec path answers data[])', async () => {
    const row = {
      id: 1,
      senderName: 'Ama Mensah',
      referenceNumber: 'WB-1',
      billReference: '7012345678',
      subCompanyName: 'DStv',
      companyName: 'MultiChoice Ghana (DStv, GOtv)',
      sendAmount: 365,
      status: 'Successful',
      date: '2026-11-27T12:00:00.000Z',
    };
    answer({ rows: [row], total: 1, page: 0, pageSize: 5 });
    const page = await getBillingHistoryPage({ page: 0, pageSize: 5 });
    expect(page.rows).toEqual([{ ...row, sendAmount: 36500 }]);
    expect(lastUrl().pathname).toBe('/api/Billing/GetBillingHistoryPage');
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({ userId: '7', page: '0', pageSize: '5' });
  });

  it('looks a bill up with the sub-company chosen (the server need not guess the biller)', async () => {
    answer([
      {
        status: 'Unpaid',
        customerId: 'DSTV-7012345678',
        customerName: 'Kofi Appiah',
        billMonth: '2026-10',
        dueDate: '2026-11-21',
        totalBillDue: 365,
        referenceNo: '7012345678',
        subCompanyId: 5,
        prepaid: false,
        quoteId: '6f1c2a9e-1d3b-4c5e-8f70-123456789abc',
        expiresAt: '2026-11-27T12:15:00.000Z',
      },
    ]);
    const bill = await getBillByReference({ referenceNumber: '7012345678', subCompanyId: 5 });
    expect(bill.totalBillDue).toBe(36500);
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({
      referenceNumber: '7012345678',
      subCompanyId: '5',
    });
  });
});
