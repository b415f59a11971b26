import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CookieConsentMachine } from '../machines/cookie-consent.machine';
import { useI18n } from '../i18n/i18n';
import { useOptionalSelector } from './use-optional-selector';

type ConsentEvent = { type: 'ACCEPT' } | { type: 'DECLINE' };

/**
 * Shown until the visitor accepts or declines (the userConsent cookie). Before the consent actor exists (a public
 * page just loaded) it shows as `undecidedBeforeActor` says, and an answer reaches the actor through `send`. It hides
 * at the tap, not when the actor's code has arrived and stored the answer (a slow phone waits seconds for that).
 */
export function CookieBanner({
  actorRef,
  undecidedBeforeActor,
  send,
}: {
  actorRef: ActorRefFrom<CookieConsentMachine> | null;
  undecidedBeforeActor: boolean;
  send: (event: ConsentEvent) => void;
}) {
  const { t } = useI18n();
  const undecided = useOptionalSelector(actorRef, (s) => s.matches('undecided'), undecidedBeforeActor);
  const [answered, setAnswered] = useState(false);
  if (!undecided || answered) return null;
  const answer = (event: ConsentEvent) => {
    setAnswered(true);
    send(event);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>{t('cookies.text')}</p>
      <div className="cookie-actions">
        <button type="button" className="button button-primary" onClick={() => answer({ type: 'ACCEPT' })}>
          {t('cookies.accept')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => answer({ type: 'DECLINE' })}>
          {t('cookies.decline')}
        </button>
      </div>
    </section>
  );
}
