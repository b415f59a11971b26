import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SessionView } from '../contract/passkeys';
import type { DevicesMachine } from '../machines/devices.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { Skeleton } from './ui/skeleton';
import { useDateTime } from './ui/date-time';

/** The device as the server read it from the browser's User-Agent: 'Chrome on Android', or 'Unknown device'. */
const useDeviceName = () => {
  const { t } = useI18n();
  return ({ device }: SessionView): string =>
    device.browser && device.os
      ? t('devices.device', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('devices.unknownDevice'));
};

/**
 * The Devices page (/Dashboard/devices): where the account is signed in, the most recently seen first, this device
 * marked; 'Sign out' ends another one at once (this one signs out with Log Out).
 */
export function DevicesScreen({ actorRef }: { actorRef: ActorRefFrom<DevicesMachine> }) {
  const { t } = useI18n();
  const id = useId();
  const dateTime = useDateTime();
  const deviceName = useDeviceName();
  const snapshot = useSelector(actorRef, (s) => s);
  const { sessions, signingOutId, error, notice } = snapshot.context;

  return (
    <div className="devices-page">
      <FocusHeading>{t('devices.title')}</FocusHeading>
      <p>{t('devices.intro')}</p>
      {notice === 'signedOut' ? <Alert tone="success">{t('devices.signedOut')}</Alert> : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('passkeys.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : error ? (
        <Alert>{t(error)}</Alert>
      ) : null}
      <section className="card" aria-labelledby={`${id}-list`} aria-busy={snapshot.matches('loading')}>
        <h2 id={`${id}-list`} className="visually-hidden">
          {t('devices.title')}
        </h2>
        {sessions === null && snapshot.matches('loading') ? (
          <Skeleton label={t('devices.loading')} shape="rows" />
        ) : null}
        {sessions ? (
          <ul className="item-list">
            {sessions.map((session) => (
              <li key={session.id} className="item-row">
                <div>
                  <p className="item-title">
                    {deviceName(session)}
                    {session.current ? <span className="item-badge">{t('devices.current')}</span> : null}
                  </p>
                  <p className="item-detail">
                    {t('devices.lastSeen', { date: dateTime(session.lastSeenAt) })}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    aria-label={t('devices.signOutNamed', { device: deviceName(session) })}
                    busy={signingOutId === session.id}
                    busyLabel={t('devices.signingOut')}
                    disabled={!snapshot.matches('ready') && signingOutId !== session.id}
                    onClick={() => actorRef.send({ type: 'SIGN_OUT', id: session.id })}
                  >
                    {t('devices.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
