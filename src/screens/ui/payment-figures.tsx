import type { WalletPaymentCheck } from '../../domain/fees';
import type { MinorUnits } from '../../domain/money';
import { useFormat } from '../../i18n/format';

/**
 * A payment's figures before it is made (src/domain/fees.ts derives them, once): the amount, the fee, the total
 * and the balance after. The wallet payment card and the review of the withdrawal, bill and top-up flows show
 * the same rows; each flow names them. A label left out leaves its row out; 'after' shows only when the wallet
 * covers the total.
 */
export function PaymentFigures({
  check,
  amountMinor,
  labels,
}: {
  check: WalletPaymentCheck;
  amountMinor: MinorUnits;
  labels: { amount: string; fee?: string | null; total: string; after: string };
}) {
  const { formatMoney } = useFormat();
  const rows: [label: string, minor: MinorUnits][] = [
    [labels.amount, amountMinor],
    ...(labels.fee ? [[labels.fee, check.feeMinor] as [string, MinorUnits]] : []),
    [labels.total, check.totalMinor],
    ...(check.enough ? [[labels.after, check.afterMinor] as [string, MinorUnits]] : []),
  ];
  return (
    <dl className="summary payment-figures">
      {rows.map(([label, minor]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="figure">{formatMoney(minor)}</dd>
        </div>
      ))}
    </dl>
  );
}
