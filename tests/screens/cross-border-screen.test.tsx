import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { CouponCheckInPesewas } from '../../src/contract/cross-border';
import type {
  TransferQuoteInPesewas,
  TransferRequestInPesewas as TransferRequest,
} from '../../src/contract/transfer';
import type { TransactionReceipt } from '../../src/contract/transfer';
import type { WalletOperation } from '../../src/contract/wallet';
import { convertMinor } from '../../src/domain/fx';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import {
  transactionReceiptMachine,
  type TransactionReceiptInput,
} from '../../src/machines/transaction-receipt.machine';
import {
  transferMachine,
  type CouponCheckCall,
  type CrossBorderMethods,
  type PayNowCall,
} from '../../src/machines/transfer.machine';
import { CrossBorderScreen } from '../../src/screens/cross-border-screen';
import {
  beneficiaries,
  couponCheckOf,
  crossBorderLists,
  purposes,
  quoteOf,
  rates,
  receiptOf,
  transferOperation,
} from '../support/machine-models-transfer';
import { httpError, renderScreen } from './render';
import { expectLimitAlert, limitRefusal } from './limit-refusal';
import { proves } from '../support/requirements';

vi.mock('../../src/screens/add-beneficiary-dialog', () => ({ AddBeneficiaryDialog: () => null }));

/** The quote the server makes of a request (a coupon takes 10% off the fee). */
const quoteFor = (request: TransferRequest): TransferQuoteInPesewas => {
  const coupon = request.couponCode ? couponCheckOf(request.sendAmount) : null;
  const base = quoteOf(request.sendAmount, request.currency, request.beneficiaryId, {
    paymentMethodId: request.paymentMethodId,
    deliveryMethodId: request.deliveryMethodId,
  });
  return coupon
    ? {
        ...base,
        processingFee: coupon.processingFee,
        totalPay: coupon.totalPay,
        couponCode: coupon.couponCode,
        couponDiscount: coupon.couponDiscount,
      }
    : base;
};

const setup = ({
  initiate = async (request: TransferRequest) => quoteFor(request),
  payNow = async () => transferOperation('Successful'),
  checkCoupon = async (call: CouponCheckCall) => couponCheckOf(call.sendAmount, call.couponCode),
}: {
  initiate?: (request: TransferRequest) => Promise<TransferQuoteInPesewas>;
  payNow?: (call: PayNowCall) => Promise<WalletOperation>;
  checkCoupon?: (call: CouponCheckCall) => Promise<CouponCheckInPesewas>;
} = {}) => {
  const requests: TransferRequest[] = [];
  const payments: PayNowCall[] = [];
  const actor = createActor(
    transferMachine.provide({
      actors: {
        loadBeneficiaries: fromPromise(async () => beneficiaries),
        loadPurposes: fromPromise(async () => purposes),
        loadRates: fromPromise(async () => rates),
        loadMethods: fromPromise<CrossBorderMethods, void>(async () => crossBorderLists),
        checkCoupon: fromPromise<CouponCheckInPesewas, CouponCheckCall>(({ input }) => checkCoupon(input)),
        initiateTransfer: fromPromise<TransferQuoteInPesewas, TransferRequest>(({ input }) => {
          requests.push(input);
          return initiate(input);
        }),
        payNow: fromPromise<WalletOperation, PayNowCall>(({ input }) => {
          payments.push(input);
          return payNow(input);
        }),
        getOperation: fromPromise<WalletOperation, OperationQuery>(async () =>
          transferOperation('Successful'),
        ),
      },
      actions: { walletChanged: () => undefined, saveDraft: () => undefined },
      delays: { followPollInterval: 10, followTimeout: 2000, payerPollInterval: 10 },
    }),
    {
      input: {
        walletAmount: 100_000,
        hasIdentification: true,
        keySeed: 'seed',
        crossBorder: true,
        today: '2026-11-20',
      },
    },
  ).start();
  const receiptMachine = transactionReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(async ({ input }) =>
        receiptOf({ referenceNumber: input.referenceNumber }),
      ),
    },
  });
  renderScreen(<CrossBorderScreen actorRef={actor} receiptMachine={receiptMachine} />, {
    route: '/CrossBorderPayment',
  });
  return { actor, requests, payments };
};

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Steps' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent?.replace(/^\d/, '')}${item.getAttribute('aria-current') ? '*' : ''}`);

const summary = () => {
  const panel = screen.getByRole('complementary', { name: 'Summary' });
  return Object.fromEntries(
    within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\s+/g, ' ')]),
  );
};

const youSend = () => screen.getByLabelText('You send:');
const receives = () =>
  (screen.getByLabelText('Recipient receives:') as HTMLInputElement).value.replace(/\s+/g, ' ');

/**
 * Step 1 filled for GH₵ 1,000 to the United States (USD), paid by `payment`, collected in cash there by the MoMo
 * beneficiary (issue 22: a MoMo wallet or bank account in Ghana is paid only in Ghana).
 */
const fillStepOne = async (payment = 'Card') => {
  await userEvent.selectOptions(await screen.findByLabelText("Recipient's country"), 'United States');
  await userEvent.type(youSend(), '1000');
  await userEvent.selectOptions(screen.getByLabelText('Payment method'), payment);
  await userEvent.selectOptions(screen.getByLabelText('Delivery method'), 'Cash Pickup');
  await userEvent.selectOptions(screen.getByLabelText('Beneficiary'), 'Ama Mensah11 (MTN •••• 4567)');
  await userEvent.selectOptions(screen.getByLabelText('Purpose of transfer'), 'Family support');
};

const toReview = async (payment = 'Card') => {
  await fillStepOne(payment);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Review Transaction' });
};

const toPayment = async (payment = 'Card') => {
  await toReview(payment);
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

/** The value beside `label` in a description list inside `container`. */
const valueOf = (container: HTMLElement, label: string): string | undefined =>
  [...container.querySelectorAll('dl > div')]
    .find((row) => row.querySelector('dt')?.textContent === label)
    ?.querySelector('dd')?.textContent ?? undefined;

describe('/CrossBorderPayment', { timeout: 20_000 }, () => {
  it('shows the 4-step indicator as the product spells it, and the converter with GHS to USD', async () => {
    setup();
    await screen.findByLabelText('From');
    expect(screen.getByRole('heading', { level: 2, name: 'Send money abroad' })).toBeInTheDocument();
    expect(steps()).toEqual(['Amount*', 'Benefeciaries', 'Review', 'Done']);
    expect(screen.getByLabelText('From')).toHaveValue('GHS');
    // Only the enabled cross-border methods the server listed.
    expect(
      within(screen.getByLabelText('Payment method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a payment method', 'Mobile Wallet', 'Card', 'Bank Transfer']);
    expect(within(screen.getByLabelText('Delivery method')).getAllByRole('option')).toHaveLength(4);
  });

  it(
    proves(
      ['S5.crossBorder.3', 'S5.crossBorder.4', 'S9.currency.2'],
      'converts as it is typed (2 decimals, from src/domain), counts non-numbers as 0, ignores the wheel, and swaps',
    ),
    async () => {
      setup();
      await userEvent.selectOptions(await screen.findByLabelText('To'), 'USD');
      await userEvent.type(youSend(), '1000');
      // GH₵ 1,000 x 0.0812 = US$ 81.20.
      expect(convertMinor(100_000, '1', '0.0812')).toBe(8120);
      expect(receives()).toBe('$81.20');
      expect(
        within(screen.getByRole('group', { name: 'Currency converter' })).getByText('1 GHS = 0.0812 USD'),
      ).toBeInTheDocument();
      expect(summary().Rate).toBe('1 GHS = 0.0812 USD');
      expect(screen.getByLabelText('Recipient receives:')).toHaveAttribute('readonly');
      fireEvent.wheel(youSend(), { deltaY: 100 });
      expect(youSend()).toHaveValue('1000');
      await userEvent.click(screen.getByRole('button', { name: 'Swap currencies' }));
      expect(screen.getByLabelText('From')).toHaveValue('USD');
      expect(screen.getByLabelText('To')).toHaveValue('GHS');
      expect(screen.getByText('Now sending USD to GHS.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Swap currencies' }));
      expect(receives()).toBe('$81.20');
      await userEvent.clear(youSend());
      await userEvent.type(youSend(), 'abc');
      expect(youSend()).toHaveValue('');
      expect(receives()).toBe('$0.00');
    },
  );

  it(
    proves(
      'S5.crossBorder.2',
      'keeps the coupon code disabled unless the toggle is on; Apply lowers the fee in the summary',
    ),
    async () => {
      setup();
      await userEvent.type(await screen.findByLabelText('You send:'), '1000');
      const code = screen.getByLabelText('Coupon code');
      expect(code).toBeDisabled();
      await userEvent.click(screen.getByRole('switch', { name: 'Use a discount coupon' }));
      expect(code).toBeEnabled();
      await userEvent.type(code, 'save10');
      expect(summary()).toMatchObject({ 'Processing fee (1%)': 'GH₵ 10.00', 'Total to pay': 'GH₵ 1,010.00' });
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByText('Coupon SAVE10: GH₵ 1.00 off the fee.')).toBeInTheDocument();
      expect(summary()).toMatchObject({
        'Processing fee (1%)': 'GH₵ 10.00',
        'Coupon discount': '−GH₵ 1.00',
        'Total to pay': 'GH₵ 1,009.00',
      });
      await userEvent.click(screen.getByRole('switch', { name: 'Use a discount coupon' }));
      expect(code).toBeDisabled();
      expect(summary()['Total to pay']).toBe('GH₵ 1,010.00');
    },
  );

  it('says when a coupon is used up or expired, under the code', async () => {
    setup({
      checkCoupon: async () => {
        throw httpError(400, 'request.invalid', [{ field: 'couponCode', messageId: 'coupon.usedUp' }]);
      },
      initiate: async () => {
        throw httpError(400, 'request.invalid', [{ field: 'couponCode', messageId: 'coupon.expired' }]);
      },
    });
    await fillStepOne();
    await userEvent.click(screen.getByRole('switch', { name: 'Use a discount coupon' }));
    await userEvent.type(screen.getByLabelText('Coupon code'), 'GONE1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has been used up.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This coupon has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reviews the quote; Continue waits for the terms; Change delivery method empties step 1', async () => {
    const { requests } = setup();
    await toReview();
    expect(requests[0]).toMatchObject({
      sendAmount: 100_000,
      currency: 'USD',
      receivingCountryId: 90,
      paymentMethodId: 2,
      deliveryMethodId: 3,
      beneficiaryId: 11,
      couponCode: '',
    });
    // The review is the step named Review; the beneficiary was chosen with the amount (issue 23: it lit
    // 'Benefeciaries' here, and 'Review' over the payment).
    expect(steps()).toEqual(['Amount', 'Benefeciaries', 'Review*', 'Done']);
    expect(
      within(screen.getByRole('navigation', { name: 'Steps' }))
        .getAllByRole('listitem')
        .map((item) => item.classList.contains('stepper-done')),
    ).toEqual([true, true, false, false]);
    expect(screen.getByText(/^This rate is held for 15 minutes, until \d{1,2}:\d{2}/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' }),
    ).toHaveAttribute('href', '/TermsAndConditions');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Change delivery method' }));
    // Entering step 1 empties the amount, beneficiary, delivery and payment methods (and so receive, fee, total).
    expect(await screen.findByLabelText('You send:')).toHaveValue('');
    expect(screen.getByLabelText('Beneficiary')).toHaveValue('');
    expect(screen.getByLabelText('Delivery method')).toHaveValue('');
    expect(screen.getByLabelText('Payment method')).toHaveValue('');
    expect(summary()).toMatchObject({ 'Processing fee (1%)': 'GH₵ 0.00', 'Total to pay': 'GH₵ 0.00' });
    expect(screen.getByLabelText('To')).toHaveValue('USD');
  });

  it("takes the recipient's country from the beneficiary, offers its currency, and refuses what contradicts it", async () => {
    const { requests } = setup();
    // A beneficiary in Ghana: the country is Ghana, and To offers cedis.
    await userEvent.selectOptions(
      await screen.findByLabelText('Beneficiary'),
      'Ama Mensah12 (GCB Bank •••• 6789)',
    );
    expect(screen.getByLabelText("Recipient's country")).toHaveValue('1');
    expect(screen.getByLabelText('To')).toHaveValue('GHS');
    expect(
      within(screen.getByLabelText('To'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['GHS']);
    // Only countries whose currency can be paid are offered (not Senegal's CFA francs).
    expect(
      within(screen.getByLabelText("Recipient's country"))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a country', 'Ghana', 'Germany', 'United States']);
    // Choosing the United States sends dollars; a bank account in Ghana cannot receive there.
    await userEvent.selectOptions(screen.getByLabelText("Recipient's country"), 'United States');
    expect(screen.getByLabelText('To')).toHaveValue('USD');
    await userEvent.type(youSend(), '1000');
    await userEvent.selectOptions(screen.getByLabelText('Payment method'), 'Card');
    await userEvent.selectOptions(screen.getByLabelText('Delivery method'), 'Bank Deposit');
    await userEvent.selectOptions(screen.getByLabelText('Purpose of transfer'), 'Family support');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        "The beneficiary's account is in another country. Choose its country, or cash pick-up.",
      ),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
    // Back to Ghana: the account is paid there, in cedis, and the request says so.
    await userEvent.selectOptions(screen.getByLabelText("Recipient's country"), 'Ghana');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Review Transaction' });
    expect(requests[0]).toMatchObject({ currency: 'GHS', receivingCountryId: 1, beneficiaryId: 12 });
  });

  it('pays by card (method 2); a failed card says so and the card shakes, a good one completes', async () => {
    let attempt = 0;
    const { payments } = setup({
      payNow: async () => {
        attempt += 1;
        if (attempt === 1) throw httpError(402, 'card.declined');
        return transferOperation('Successful');
      },
    });
    await toPayment('Card');
    expect(await screen.findByRole('heading', { name: 'Pay by card' })).toBeInTheDocument();
    expect(steps()).toEqual(['Amount', 'Benefeciaries', 'Review*', 'Done']);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(screen.getByText('All fields are required!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First name'), 'Ama');
    await userEvent.type(screen.getByLabelText('Last name'), 'Mensah');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Error processing payment, please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined. No money was taken.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' }).closest('form')).toHaveClass('shake');
    const receives = valueOf(screen.getByRole('complementary', { name: 'Summary' }), 'Recipient receives');
    expect(receives).toMatch(/\d/);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Completed' })).toBeInTheDocument();
    expect(steps()).toEqual(['Amount', 'Benefeciaries', 'Review', 'Done*']);
    expect(screen.queryByRole('complementary', { name: 'Summary' })).toBeNull();
    // Issue 23: the done screen says what the recipient gets, and where.
    expect(valueOf(document.body, 'Recipient receives')).toBe(receives);
    expect(valueOf(document.body, "Recipient's country")).toBe('United States');
    expect(payments[1]!.payment).toEqual({
      method: 'card',
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: expect.any(Number),
      cvc: '123',
      amount: 101_000,
    });
    expect(payments[1]!.idempotencyKey).not.toBe(payments[0]!.idempotencyKey);
  });

  it('pays from a MoMo wallet (method 1): waits for the approval on the phone, then completes', async () => {
    let attempt = 0;
    let approve: () => void = () => undefined;
    const approved = new Promise<void>((resolve) => (approve = resolve));
    const { payments } = setup({
      payNow: async () => {
        attempt += 1;
        // The third ask is answered once the test has seen the waiting view.
        if (attempt === 3) await approved;
        return attempt < 3
          ? transferOperation('pending', { referenceNumber: 'COL-1' })
          : transferOperation('Successful', { referenceNumber: 'TRF-1001' });
      },
    });
    await toPayment('Mobile Wallet');
    expect(await screen.findByRole('heading', { name: 'Pay from your mobile wallet' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('MoMo number'), '0241234567');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    // While the payer decides: the waiting view, not the converter nor the form.
    expect(await screen.findByRole('heading', { name: 'Waiting for your approval' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Approve the payment request on your phone to finish.',
    );
    expect(screen.queryByLabelText('MoMo number')).toBeNull();
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    approve();
    expect(await screen.findByRole('heading', { name: 'Transaction Completed' })).toBeInTheDocument();
    // The same request, with the same key, followed the payer's approval.
    expect(payments.map((payment) => payment.idempotencyKey)).toEqual(['seed-1', 'seed-1', 'seed-1']);
    expect(payments[0]!.payment).toEqual({ method: 'momo', phone: '0241234567', provider: 'MTN' });
  });

  it('a tier limit refusal shows on the payment page, with what is left and the link to the upgrade page', async () => {
    setup({
      payNow: () => Promise.reject(limitRefusal()),
    });
    await toPayment('Mobile Wallet');
    await userEvent.type(await screen.findByLabelText('MoMo number'), '0241234567');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await expectLimitAlert();
  });

  it('offers a fresh quote at the new rate when the quote expired', async () => {
    let attempt = 0;
    const { requests } = setup({
      payNow: async () => {
        attempt += 1;
        throw httpError(410, 'transfer.quoteExpired');
      },
    });
    await toPayment('Card');
    await userEvent.type(await screen.findByLabelText('First name'), 'Ama');
    await userEvent.type(screen.getByLabelText('Last name'), 'Mensah');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(
      await screen.findByText('This quote has expired. Please start the transfer again to get a new rate.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
    expect(await screen.findByRole('heading', { name: 'Review Transaction' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(attempt).toBe(1);
  });

  it('shows no form for a payment method without one (any id but 1, 2 and 4)', async () => {
    setup();
    await toPayment('Bank Transfer');
    expect(
      await screen.findByText(
        'This payment method has no payment form here. Go back and choose another payment method.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('refuses to send from a currency other than GHS', async () => {
    setup();
    await fillStepOne();
    await userEvent.selectOptions(screen.getByLabelText('From'), 'EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        screen.getByText('Transfers are sent from your GHS wallet. Please choose GHS in From.'),
      ).toBeInTheDocument(),
    );
  });
});
