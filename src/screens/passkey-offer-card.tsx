import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { PasskeyOfferMachine } from '../machines/passkey-offer.machine';
import { useI18n } from '../i18n/i18n';
import { Button } from './ui/button';

export const PASSKEYS_PATH = '/Dashboard/passkeys';

/** The dashboard's offer of a passkey, while the offer machine says so ('Not now' hides it on this browser). */
export function PasskeyOfferCard({ actorRef }: { actorRef: ActorRefFrom<PasskeyOfferMachine> }) {
  const { t } = useI18n();
  const offered = useSelector(actorRef, (s) => s.matches('offered'));
  if (!offered) return null;
  return (
    <section className="card passkey-offer" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title">{t('passkeyOffer.title')}</h2>
      <p>{t('passkeyOffer.text')}</p>
      <div className="form-actions">
        <Link to={PASSKEYS_PATH} className="button button-primary">
          {t('passkeyOffer.setUp')}
        </Link>
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'DISMISS' })}>
          {t('passkeyOffer.dismiss')}
        </Button>
      </div>
    </section>
  );
}
