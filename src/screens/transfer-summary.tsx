import { useId } from 'react';
import type { TransferSummary } from '../machines/transfer.form';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { SummaryList } from './ui/summary-list';
import type { Translate } from '../i18n/core';

/** An amount in minor units of any currency of the rate table, in the reader's locale. */
export const useCurrencyFormat = () => {
  const { formatMoney } = useFormat();
  return (minor: number, currency: string) => formatMoney(minor, currency);
};

/** The rate line: '1 GHS = 0.0812 USD'. */
export const rateLine = (summary: TransferSummary, t: Translate): string =>
  t('transferSummary.rateLine', {
    from: summary.sendCurrency,
    rate: summary.rate,
    currency: summary.currency,
  });

/**
 * The figures as label and value: the amount, the fee (and what a coupon took off it), the total, what the
 * beneficiary receives and the rate. The summary panel and 'Review Transaction' both list them.
 */
export const summaryRows = (
  summary: TransferSummary,
  t: Translate,
  currencyFormat: (minor: number, currency: string) => string,
): (readonly [label: string, value: string])[] => [
  [t('transferSummary.amount'), currencyFormat(summary.sendMinor, summary.sendCurrency)],
  // With a coupon: the 1% fee, then what the coupon took off it (the total is what is left to pay).
  [t('transferSummary.fee'), currencyFormat(summary.feeMinor + summary.discountMinor, summary.sendCurrency)],
  ...(summary.discountMinor > 0
    ? [
        [
          t('transferSummary.discount'),
          `−${currencyFormat(summary.discountMinor, summary.sendCurrency)}`,
        ] as const,
      ]
    : []),
  [t('transferSummary.total'), currencyFormat(summary.totalMinor, summary.sendCurrency)],
  [t('transferSummary.receives'), currencyFormat(summary.receiveMinor, summary.currency)],
  [t('transferSummary.rate'), rateLine(summary, t)],
];

/**
 * The summary panel beside the transfer's steps (spec section 2, every page but Done): the amount, the 1% fee,
 * the total to pay, what the beneficiary receives, the rate and the transfer time ('Within minutes').
 */
export function TransferSummaryPanel({ summary }: { summary: TransferSummary }) {
  const { t } = useI18n();
  const titleId = useId();
  const rows = [
    ...summaryRows(summary, t, useCurrencyFormat()),
    [t('transferSummary.time'), t('transferSummary.withinMinutes')] as const,
  ];
  return (
    <aside className="card transfer-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('transferSummary.title')}</h2>
      <SummaryList rows={rows} live />
    </aside>
  );
}
