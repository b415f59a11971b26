import type { ReactNode } from 'react';
import type { WalletPaymentCheck } from '../../domain/fees';
import type { MinorUnits } from '../../domain/money';
import { useI18n } from '../../i18n/i18n';
import { useFormat } from '../../i18n/format';
import { Button } from './button';
import { FocusHeading } from './focus-heading';
import { PaymentFigures } from './payment-figures';
import { SummaryList, type SummaryRow } from './summary-list';

/**
 * The review before money moves (withdrawal, bill payment, top-up; issue 23), drawn while the flow's machine is in
 * a state tagged `reviewPage` (src/machines/shared/review-step.ts): where the money goes or comes from, the
 * balance now, the amount, fee, total and balance after (`check`, from src/domain/fees.ts), the flow's message,
 * then Confirm ('Processing...' while the request and its follow run) and the way back to the form.
 */
export function PaymentReview({
  details,
  check,
  amountMinor,
  busy,
  busyLabel,
  error,
  onConfirm,
  onBack,
}: {
  /** Where the money goes (or, for a top-up, where it comes from). */
  details: readonly SummaryRow[];
  check: WalletPaymentCheck;
  amountMinor: MinorUnits;
  busy: boolean;
  busyLabel: string;
  /** The flow's message (an unanswered request: Confirm sends it again), else null. */
  error?: ReactNode;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  return (
    <div className="payment-review">
      <FocusHeading key="review" level={2}>
        {t('review.heading')}
      </FocusHeading>
      <SummaryList rows={[...details, [t('balance.available'), formatMoney(check.beforeMinor)]]} />
      <PaymentFigures
        check={check}
        amountMinor={amountMinor}
        labels={{
          amount: t('receipt.amount'),
          fee: t('receipt.fee'),
          total: t('receipt.total'),
          after: t('review.balanceAfter'),
        }}
      />
      <p className="field-hint">{t('review.hint')}</p>
      {error}
      <div className="form-actions">
        <Button busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
          {t('review.confirm')}
        </Button>
        {busy ? null : (
          <Button variant="link" onClick={onBack}>
            {t('review.change')}
          </Button>
        )}
      </div>
    </div>
  );
}
