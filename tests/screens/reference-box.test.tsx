import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReceiptSummary } from '../../src/screens/ui/receipt-summary';
import { renderScreen } from './render';

const REFERENCE = 'TRF-20261127-000123456789-ABCDEF';

describe('the reference on done screens (issue 23)', () => {
  it('shows the whole reference in its own box; Copy puts it on the clipboard and says Copied to screen readers', async () => {
    const user = userEvent.setup();
    renderScreen(
      <ReceiptSummary reference={REFERENCE} amountMinor={20_000} feeMinor={200} totalMinor={20_200} />,
    );
    expect(document.querySelector('.reference-text')).toHaveTextContent(REFERENCE);
    // A live region: 'Copied' is announced as it appears.
    const status = document.querySelector('.reference-copied')!;
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(REFERENCE);
    expect(status).toHaveTextContent('Copied');
  });

  it('says so when the browser refuses to copy (the reader can still select it)', async () => {
    const user = userEvent.setup();
    renderScreen(<ReceiptSummary reference={REFERENCE} />);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(document.querySelector('.reference-copied')).toHaveTextContent(
      'Could not copy: select the number to copy it.',
    );
  });

  it('keeps each figure whole (it never wraps mid-number)', () => {
    renderScreen(<ReceiptSummary amountMinor={96_567} totalMinor={96_567} />);
    const figures = [...document.querySelectorAll('.summary dd .figure')].map((figure) =>
      figure.textContent?.replace(/\s/g, ' '),
    );
    expect(figures).toEqual(['GH₵ 965.67', 'GH₵ 965.67']);
  });
});
