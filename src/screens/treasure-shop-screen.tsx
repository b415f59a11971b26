import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TreasureShopMachine } from '../machines/treasure-shop.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { RadioCards } from './ui/radio-cards';
import { Skeleton } from './ui/skeleton';

/**
 * /treasure-shop: the three gem packs with their price in GH₵ (at the current USD rate) and in US dollars, a back
 * button to /Dashboard and a close button to /; 'Pay with Wallet' goes to the gateway once a pack is chosen.
 */
export function TreasureShopScreen({ actorRef }: { actorRef: ActorRefFrom<TreasureShopMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { packs, rate, selected, error } = snapshot.context;

  return (
    <section className="card treasure-shop">
      <nav className="shop-bar" aria-label={t('treasureShop.navigation')}>
        <Link className="button button-link" to="/Dashboard">
          <span aria-hidden="true">←</span> {t('treasureShop.back')}
        </Link>
        <Link className="button button-link" to="/" aria-label={t('treasureShop.close')}>
          <span aria-hidden="true">×</span>
        </Link>
      </nav>
      <FocusHeading>{t('feature.treasureShop')}</FocusHeading>
      {snapshot.matches('loading') ? <Skeleton label={t('treasureShop.loading')} shape="rows" /> : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('treasureShop.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : null}
      {snapshot.matches('ready') ? (
        <>
          <RadioCards
            legend={t('treasureShop.packs')}
            hint={t('treasureShop.rate', { rate })}
            options={packs.map((pack) => ({
              value: pack.id,
              label: t('treasureShop.gems', { gems: pack.gems }),
              hint: t('treasureShop.price', {
                price: formatMoney(pack.priceMinor),
                usd: formatMoney(pack.usdCents, 'USD'),
              }),
            }))}
            value={selected}
            onChoose={(packId) => actorRef.send({ type: 'SELECT', packId })}
          />
          {error ? <Alert>{t(error)}</Alert> : null}
          <Button className="button-block" onClick={() => actorRef.send({ type: 'PAY' })}>
            {t('treasureShop.payWithWallet')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
