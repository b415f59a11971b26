import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BillStatus } from '../../src/screens/bill-payment-screen';
import { proves } from '../support/requirements';

describe(proves('S4.billPayment.4', "a bill's status: 'Paid' green, any other red"), () => {
  it("draws 'Paid' in the success colour", () => {
    render(<BillStatus status="Paid" />);
    expect(screen.getByText('Paid')).toHaveClass('status', 'status-success');
  });

  it.each(['Unpaid', 'Overdue', 'paid'])("draws '%s' in the failure colour", (status) => {
    render(<BillStatus status={status} />);
    expect(screen.getByText(status)).toHaveClass('status', 'status-failed');
    expect(screen.getByText(status)).not.toHaveClass('status-success');
  });
});
