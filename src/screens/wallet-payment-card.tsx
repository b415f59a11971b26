import { Link } from 'react-router-dom';
import { debitedPaymentCheck, walletPaymentCheck } from '../domain/fees';
import type { MinorUnits } from '../domain/money';
import type { DomainMessageId } from '../domain/messages';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import type { ServerFailure } from '../machines/failure-messages';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FailureMessage } from './ui/upgrade-link';
import { PaymentFigures } from './ui/payment-figures';

export interface WalletPaymentCardProps {
  /** The available balance, in pesewas: before the payment, unless `debited`. */
  balanceMinor: MinorUnits;
  /** The payment's answer has already taken the total off `balanceMinor` (its payout is still followed). */
  debited?: boolean;
  /** What is being paid (before the 1% processing fee), in pesewas. */
  amountMinor: MinorUnits;
  /** The fee when the payment charges another than the 1% processing fee (a gem pack: 0). */
  feeMinor?: MinorUnits;
  /** The pay button's text when the flow names it ('Pay with Wallet'); 'Click to pay' by default. */
  payLabel?: string;
  /** 'select': the card is one of the wallets to choose from; 'pay': it is chosen and offers 'Click to pay'. */
  mode: 'select' | 'pay';
  processing?: boolean;
  /** A message from the paying machine (e.g. 'walletPayment.notEnough' or a server failure). */
  error?: DomainMessageId | null;
  /** The server's answer behind `error`, with the values its message names (a tier limit's figures). */
  failure?: ServerFailure | null;
  onSelect?: () => void;
  onPay?: () => void;
}

/**
 * The wallet payment card of spec section 2, for the send flows and the gem gateway: the balance under 'Available Balance', the
 * processing fee and total (walletPaymentCheck, the same rule the server runs), then 'Amount after transfer' when
 * the wallet covers the total, else "You don't have enough funds!" with a link to top up.
 */
export function WalletPaymentCard({
  balanceMinor,
  amountMinor,
  feeMinor,
  debited = false,
  payLabel,
  mode,
  processing = false,
  error = null,
  failure = null,
  onSelect,
  onPay,
}: WalletPaymentCardProps) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const check = (debited ? debitedPaymentCheck : walletPaymentCheck)(balanceMinor, amountMinor, feeMinor);
  return (
    <section className="card wallet-payment-card" aria-labelledby="wallet-payment-title">
      <h2 id="wallet-payment-title">{t('walletPayment.title')}</h2>
      <p className="wallet-payment-balance">
        <span className="wallet-payment-amount">{formatMoney(check.beforeMinor)}</span>
        <span className="wallet-payment-label">{t('balance.available')}</span>
      </p>
      <PaymentFigures
        check={check}
        amountMinor={amountMinor}
        labels={{
          amount: t('walletPayment.amount'),
          // A payment that carries no fee (a gem pack) shows none, rather than '(1%)' above GH₵ 0.00.
          fee: feeMinor === 0 ? null : t('walletPayment.fee'),
          total: t('walletPayment.total'),
          after: t('walletPayment.after'),
        }}
      />
      {check.enough ? null : (
        <p role="alert" className="wallet-payment-short">
          {t('walletPayment.notEnoughFunds')} <Link to="/WalletTopUp">{t('walletPayment.topUp')}</Link>
        </p>
      )}
      {error ? (
        <Alert>
          <FailureMessage messageId={error} failure={failure} t={t} />
        </Alert>
      ) : null}
      {mode === 'select' ? (
        <>
          <p className="field-hint">{t('walletPayment.selectWallet')}</p>
          {onSelect ? (
            <Button variant="secondary" onClick={onSelect}>
              {t('walletPayment.title')}
            </Button>
          ) : null}
        </>
      ) : (
        <Button
          className="button-block"
          busy={processing}
          busyLabel={t('walletPayment.processing')}
          disabled={!check.enough}
          onClick={onPay}
        >
          {payLabel ?? t('walletPayment.pay')}
        </Button>
      )}
    </section>
  );
}
