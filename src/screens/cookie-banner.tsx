import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CookieConsentMachine } from '../machines/cookie-consent.machine';
import { useI18n } from '../i18n/i18n';

/** Shown until the visitor accepts or declines (the userConsent cookie). */
export function CookieBanner({ actorRef }: { actorRef: ActorRefFrom<CookieConsentMachine> }) {
  const { t } = useI18n();
  const undecided = useSelector(actorRef, (s) => s.matches('undecided'));
  if (!undecided) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>{t('cookies.text')}</p>
      <div className="cookie-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => actorRef.send({ type: 'ACCEPT' })}
        >
          {t('cookies.accept')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actorRef.send({ type: 'DECLINE' })}
        >
          {t('cookies.decline')}
        </button>
      </div>
    </section>
  );
}
