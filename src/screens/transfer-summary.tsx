import { useId } from 'react';
import { formatMoney } from '../domain/money';
import type { TransferSummary } from '../machines/transfer.form';
import { useI18n } from '../i18n/i18n';
import { SummaryList } from './ui/summary-list';

/** An amount in minor units of any currency of the rate table, in the reader's locale. */
export const useCurrencyFormat = () => {
  const { locale } = useI18n();
  return (minor: number, currency: string) => formatMoney(minor, locale, currency);
};

/**
 * The summary panel beside the transfer's steps (spec section 2, every page but Done): the amount, the 1% fee,
 * the total to pay, what the beneficiary receives, the rate and the transfer time ('Within minutes').
 */
export function TransferSummaryPanel({ summary }: { summary: TransferSummary }) {
  const { t, formatMoney: formatGhs } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const titleId = useId();
  const rows: [label: string, value: string][] = [
    [t('transferSummary.amount'), formatGhs(summary.sendMinor)],
    [t('transferSummary.fee'), formatGhs(summary.feeMinor)],
    [t('transferSummary.total'), formatGhs(summary.totalMinor)],
    [t('transferSummary.receives'), currencyFormat(summary.receiveMinor, summary.currency)],
    [
      t('transferSummary.rate'),
      t('transferSummary.rateLine', { rate: summary.rate, currency: summary.currency }),
    ],
    [t('transferSummary.time'), t('transferSummary.withinMinutes')],
  ];
  return (
    <aside className="card transfer-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('transferSummary.title')}</h2>
      <SummaryList rows={rows} live />
    </aside>
  );
}
