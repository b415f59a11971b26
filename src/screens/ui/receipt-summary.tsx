import { ReferenceBox } from './reference-box';
import type { SummaryRow } from './summary-list';
import type { MinorUnits } from '../../domain/money';
import type { WalletOperationStatus } from '../../contract/wallet';
import { useI18n } from '../../i18n/i18n';
import { useFormat } from '../../i18n/format';
import { Alert } from './alert';
import { SummaryList } from './summary-list';

export interface ReceiptSummaryProps {
  reference?: string | null;
  amountMinor?: MinorUnits | null;
  /** The amount's label when it says more than 'Amount' ('Amount added'). */
  amountLabel?: string;
  feeMinor?: MinorUnits | null;
  totalMinor?: MinorUnits | null;
  status?: WalletOperationStatus | null;
  balanceMinor?: MinorUnits | null;
}

/**
 * An operation summed up, as a description list of labelled rows (reference, amount, fee, total, status, new
 * balance); rows without a value are left out. A move held for review says so above its figures.
 */
export function ReceiptSummary(props: ReceiptSummaryProps) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  // A figure is never cut in two; the reference sits in its own box with a Copy button (issue 23).
  const money = (minor: MinorUnits | null | undefined) =>
    minor == null ? null : <span className="figure">{formatMoney(minor)}</span>;
  const rows: SummaryRow[] = [
    [t('receipt.reference'), props.reference ? <ReferenceBox reference={props.reference} /> : null],
    [props.amountLabel ?? t('receipt.amount'), money(props.amountMinor)],
    [t('receipt.fee'), money(props.feeMinor)],
    [t('receipt.total'), money(props.totalMinor)],
    [t('receipt.status'), props.status ? t(`status.${props.status}`) : null],
    [t('receipt.newBalance'), money(props.balanceMinor)],
  ];
  // Held by a monitoring rule (issue 25): said wherever a money answer's figures are shown, once, here.
  if (props.status === 'review')
    return (
      <>
        <Alert tone="info">{t('monitoring.underReview')}</Alert>
        <SummaryList rows={rows} />
      </>
    );
  return <SummaryList rows={rows} />;
}
