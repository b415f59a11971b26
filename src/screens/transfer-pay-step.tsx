import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectedBeneficiary } from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { WalletPaymentCard } from './wallet-payment-card';
import { stepHeading } from './wizard-parts';

/**
 * Page 2 of the transfer: whom the quote pays and until when it holds, then the wallet payment card ('Click to
 * pay', 'Processing...' while the payment is sent and its payout followed; repeat clicks are ignored). When the
 * quote cannot be paid any more, why, and the way on: a new quote, or Send Another.
 */
export function TransferPayStep({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { quote, walletAmount, error, failure, payBlock } = snapshot.context;
  const paying = snapshot.matches('paying');
  const following = snapshot.matches('following');
  const beneficiary = selectedBeneficiary(snapshot.context);
  if (!quote) return null;

  return (
    <>
      <BackArrow actorRef={actorRef} />
      {stepHeading('pay', t('sendMoney.payHeading'))}
      {beneficiary ? <p className="lead">{t('sendMoney.payingTo', { name: beneficiary.fullName })}</p> : null}
      <QuoteHolds expiresAt={quote.expiresAt} />
      {following ? <p role="status">{t('sendMoney.delivering')}</p> : null}
      {payBlock !== null ? (
        <PayBlocked actorRef={actorRef} />
      ) : (
        <WalletPaymentCard
          balanceMinor={walletAmount}
          debited={following}
          amountMinor={quote.sendAmount}
          mode="pay"
          processing={paying || following}
          error={error}
          failure={failure}
          onPay={() => actorRef.send({ type: 'PAY' })}
        />
      )}
    </>
  );
}

/** The back arrow of a middle page (spec section 2), while nothing is on its way. */
export function BackArrow({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t } = useI18n();
  const idle = useSelector(actorRef, (s) => s.matches('payment') || s.matches('reviewing'));
  return idle ? (
    <Button variant="link" className="back-arrow" onClick={() => actorRef.send({ type: 'BACK' })}>
      <span aria-hidden="true">←</span> {t('sendMoney.back')}
    </Button>
  ) : null;
}

/** Until when the quote (and its rate) holds. */
export function QuoteHolds({ expiresAt }: { expiresAt: string }) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const expires = new Date(expiresAt);
  return Number.isNaN(expires.getTime()) ? null : (
    <p className="muted">
      {t('sendMoney.quoteHolds', { time: formatDate(expires, { timeStyle: 'short' }) })}
    </p>
  );
}

/** Why the quote cannot be paid any more, and the way on: a new quote, or Send Another and the history. */
export function PayBlocked({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t } = useI18n();
  const { error, payBlock } = useSelector(actorRef, (s) => s.context);
  return (
    <>
      {error ? <Alert>{t(error)}</Alert> : null}
      <div className="form-actions">
        {payBlock === 'newQuote' ? (
          <Button onClick={() => actorRef.send({ type: 'REQUOTE' })}>{t('sendMoney.newQuote')}</Button>
        ) : (
          <>
            <Button onClick={() => actorRef.send({ type: 'AGAIN' })}>{t('sendMoney.sendAnother')}</Button>
            <Link className="button button-secondary" to="/Dashboard/transactionHistory">
              {t('sendMoney.seeTransactions')}
            </Link>
          </>
        )}
      </div>
    </>
  );
}
