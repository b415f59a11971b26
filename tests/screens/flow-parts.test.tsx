import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, test } from 'vitest';
import { BANK_ACCOUNT_MAX_DIGITS } from '../../src/domain/bank-account';
import { MOMO_PHONE_MAX_DIGITS } from '../../src/domain/momo';
import { AmountField } from '../../src/screens/ui/amount-field';
import { BankAccountField } from '../../src/screens/ui/bank-account-field';
import { MomoNumberField } from '../../src/screens/ui/momo-number-field';
import { ReceiptSummary, type ReceiptSummaryProps } from '../../src/screens/ui/receipt-summary';
import { renderScreen } from './render';

/** The receipt's rows as 'label: value', read through the description list's roles. */
const rowsOf = (Receipt: ComponentType<ReceiptSummaryProps>, props: ReceiptSummaryProps) => {
  const { unmount } = renderScreen(<Receipt {...props} />);
  const terms = screen.queryAllByRole('term').map((term) => term.textContent);
  const details = screen.queryAllByRole('definition').map((detail) => detail.textContent);
  unmount();
  return terms.map((term, index) => `${term}: ${details[index]}`);
};

const full: ReceiptSummaryProps = {
  reference: 'WOP-1',
  amountMinor: 10_000,
  feeMinor: 100,
  totalMinor: 10_100,
  status: 'Successful',
  balanceMinor: 25_050,
};

describe('receipt summary', () => {
  test('labelled rows in a description list: reference, amount, fee, total, status, new balance', () => {
    expect(rowsOf(ReceiptSummary, full)).toEqual([
      // The reference in its own box, with its Copy button (issue 23).
      'Reference number: WOP-1Copy',
      'Amount: GH₵\u00a0100.00',
      'Fee: GH₵\u00a01.00',
      'Total: GH₵\u00a0101.00',
      'Status: Successful',
      'New balance: GH₵\u00a0250.50',
    ]);
  });

  test('rows without a value are left out; the amount may say more', () => {
    expect(
      rowsOf(ReceiptSummary, { reference: 'WOP-2', amountMinor: 0, amountLabel: 'Amount added' }),
    ).toEqual(['Reference number: WOP-2Copy', 'Amount added: GH₵\u00a00.00']);
  });

  test('a move held for review says so above its figures (issue 25), and only then', () => {
    const { unmount } = renderScreen(<ReceiptSummary {...full} status="review" />);
    expect(
      screen.getByText(
        'This payment is being reviewed. The money is set aside and nothing has left your wallet.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
    unmount();
    renderScreen(<ReceiptSummary {...full} />);
    expect(screen.queryByText(/is being reviewed/)).toBeNull();
  });

  test('the check catches a broken receipt that drops its description-list markup', () => {
    const divs = (props: ReceiptSummaryProps) => <div>{props.reference}</div>;
    expect(rowsOf(divs, full)).not.toEqual(rowsOf(ReceiptSummary, full));
  });
});

/** Types `typed` into the field (kept through a filter like the machines' own) and answers what it shows. */
const typedInto = async (
  Field: ComponentType<{ label: string; value: string; onValueChange: (value: string) => void }>,
  typed: string,
) => {
  function Form() {
    const [value, setValue] = useState('');
    return <Field label="Field" value={value} onValueChange={(next) => setValue(next.replace(/\D/g, ''))} />;
  }
  const { unmount } = renderScreen(<Form />);
  const input = screen.getByLabelText('Field');
  await userEvent.type(input, typed);
  const shown = { value: (input as HTMLInputElement).value, input };
  unmount();
  return shown;
};

describe('field primitives', () => {
  test("MoMo and bank account inputs stop at the domain's limits", async () => {
    const momo = await typedInto(MomoNumberField, '0'.repeat(MOMO_PHONE_MAX_DIGITS + 3));
    expect(momo.value).toHaveLength(MOMO_PHONE_MAX_DIGITS);
    expect(momo.input).toHaveAttribute('type', 'tel');
    expect(momo.input).toBeRequired();
    const bank = await typedInto(BankAccountField, '1'.repeat(BANK_ACCOUNT_MAX_DIGITS + 3));
    expect(bank.value).toHaveLength(BANK_ACCOUNT_MAX_DIGITS);
    expect(bank.input).toHaveAttribute('inputmode', 'numeric');
  });

  test('the check catches a broken MoMo field that sets no limit', async () => {
    const unlimited = (props: { label: string; value: string; onValueChange: (value: string) => void }) => (
      <MomoNumberField {...props} maxLength={undefined} />
    );
    expect((await typedInto(unlimited, '0'.repeat(MOMO_PHONE_MAX_DIGITS + 3))).value).not.toHaveLength(
      MOMO_PHONE_MAX_DIGITS,
    );
  });

  test('an amount takes a decimal point unless it is in whole cedis', () => {
    renderScreen(
      <>
        <AmountField label="Decimal" value="" onValueChange={() => {}} />
        <AmountField label="Whole" whole value="" onValueChange={() => {}} />
      </>,
    );
    expect(screen.getByLabelText('Decimal')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Whole')).toHaveAttribute('inputmode', 'numeric');
    expect(within(document.body).getByLabelText('Whole')).toHaveAttribute('autocomplete', 'off');
  });
});
