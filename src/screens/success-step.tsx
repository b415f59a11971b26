import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { ReceiptSummary, type ReceiptSummaryProps } from './ui/receipt-summary';
import { stepHeading } from './wizard-parts';

/**
 * The success screen of the payment wizards (spec section 2): 'Thank you!', "Wasn't that easy?", a note when the
 * money is still on its way, the reference number and figures, View Receipt, the flow's 'again' button (Send
 * Another, Pay again) and the way to the dashboard.
 */
export function SuccessStep({
  heading,
  notice,
  summary,
  onViewReceipt,
  againLabel,
  onAgain,
  children,
}: {
  /** The page's own title ('Transaction Completed'), above 'Thank you!'. */
  heading?: string;
  /** Shown above the figures (the payout or deposit is on its way), else null. */
  notice: string | null;
  /** The figures; `reference` also opens the receipt. */
  summary: ReceiptSummaryProps;
  onViewReceipt: (referenceNumber: string) => void;
  againLabel: string;
  onAgain: () => void;
  /** Shown under the figures (a cash pick-up's collection code). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const reference = summary.reference ?? null;
  return (
    <>
      {stepHeading('done', heading ?? t('sendMoney.thankYou'))}
      {heading ? <p className="lead">{t('sendMoney.thankYou')}</p> : null}
      <p className="lead">{t('sendMoney.easy')}</p>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <ReceiptSummary {...summary} />
      {children}
      <div className="form-actions">
        {reference ? (
          <Button onClick={() => onViewReceipt(reference)}>{t('sendMoney.viewReceipt')}</Button>
        ) : null}
        <Button variant="secondary" onClick={onAgain}>
          {againLabel}
        </Button>
        <Link className="button button-secondary" to="/Dashboard">
          {t('sendMoney.toDashboard')}
        </Link>
      </div>
    </>
  );
}
