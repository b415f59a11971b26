import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { GatewayUser } from '../contract/gems';
import { chosenPack, type PaymentGatewayMachine } from '../machines/payment-gateway.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { ReceiptSummary } from './ui/receipt-summary';
import { WalletPaymentCard } from './wallet-payment-card';

/** An e-mail that a narrow screen wraps before its '@' and after its dots, never inside a word. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The user's details as the gateway shows them: never id, hasIdentification, totalBeneficiaries or countryId. */
function UserDetails({ user }: { user: GatewayUser }) {
  const { t } = useI18n();
  const rows: [label: string, value: ReactNode][] = [
    [t('gateway.name'), user.fullName],
    [t('gateway.email'), <BreakableEmail key="email" email={user.email} />],
    [t('gateway.phone'), user.phone],
    [t('gateway.country'), user.countryName],
  ];
  return (
    <section aria-labelledby="gateway-user-title">
      <h2 id="gateway-user-title">{t('gateway.userDetails')}</h2>
      <dl className="summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * /PaymentGateway: the user's details, the chosen pack with its price in GH₵ and US dollars, the wallet payment
 * card with 'Pay with Wallet', then the outcome's message and 'Back to Treasure Shop'.
 */
export function PaymentGatewayScreen({ actorRef }: { actorRef: ActorRefFrom<PaymentGatewayMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { user, error, failure, walletAmount, operation, rate } = snapshot.context;
  const pack = chosenPack(snapshot.context);
  const paid = snapshot.matches('paid');
  const showPage = snapshot.matches('ready') || snapshot.matches('paying') || paid;

  return (
    <section className="card payment-gateway">
      <FocusHeading>{t('feature.paymentGateway')}</FocusHeading>
      {snapshot.matches('loading') ? <p role="status">{t('gateway.loading')}</p> : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('treasureShop.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : null}
      {showPage && user ? <UserDetails user={user} /> : null}
      {showPage ? (
        <section aria-labelledby="gateway-pack-title">
          <h2 id="gateway-pack-title">{t('gateway.pack')}</h2>
          {pack ? (
            <dl className="summary">
              <div>
                <dt>{t('gateway.gems')}</dt>
                <dd>{t('treasureShop.gems', { gems: pack.gems })}</dd>
              </div>
              <div>
                <dt>{t('gateway.priceUsd')}</dt>
                <dd className="figure">{formatMoney(pack.usdCents, 'USD')}</dd>
              </div>
              <div>
                <dt>{t('gateway.priceGhs')}</dt>
                <dd className="figure">{formatMoney(pack.priceMinor)}</dd>
              </div>
              <div>
                <dt>{t('gateway.rate')}</dt>
                <dd>{t('treasureShop.rate', { rate })}</dd>
              </div>
            </dl>
          ) : (
            <p>{t('gateway.noPack')}</p>
          )}
        </section>
      ) : null}
      {paid && operation ? (
        <>
          <Alert tone="success">{t('gateway.paymentSuccessful')}</Alert>
          <ReceiptSummary
            reference={operation.referenceNumber}
            amountMinor={operation.amount}
            status={operation.status}
            balanceMinor={operation.walletAmount}
          />
        </>
      ) : null}
      {showPage && !paid ? (
        <WalletPaymentCard
          balanceMinor={walletAmount}
          amountMinor={pack?.priceMinor ?? 0}
          feeMinor={0}
          mode="pay"
          processing={snapshot.matches('paying')}
          error={error}
          failure={failure}
          payLabel={t('treasureShop.payWithWallet')}
          onPay={() => actorRef.send({ type: 'PAY' })}
        />
      ) : null}
      {showPage || snapshot.matches('failed') ? (
        <div className="form-actions">
          <Link className="button button-secondary" to="/treasure-shop">
            {t('gateway.backToShop')}
          </Link>
          {paid ? (
            <Link className="button button-secondary" to="/Game">
              {t('gateway.toGame')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
