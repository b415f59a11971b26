import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { identificationsPage, type IdentificationsMachine } from '../machines/identifications.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { Pager } from './ui/pager';
import type { ImageLoader } from './ghana-card';
import { Skeleton } from './ui/skeleton';

// The card view brings react-barcode: its own bundle, fetched when a card is first shown.
const GhanaCard = lazy(() => import('./ghana-card'));

/**
 * /Dashboard/myIdentifications: the user's identifications as Ghana Cards, two per page, and '+ Add
 * Identification' only while there is none.
 */
export function IdentificationsPanel({
  actorRef,
  loadImage,
  onAdd,
}: {
  actorRef: ActorRefFrom<IdentificationsMachine>;
  loadImage: ImageLoader;
  onAdd: () => void;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { identifications, error } = snapshot.context;
  const shown = identificationsPage(snapshot.context);
  const ready = snapshot.matches('ready');

  return (
    <section className="card identifications">
      <FocusHeading level={2}>{t('identifications.title')}</FocusHeading>
      {snapshot.matches('loading') ? (
        <Skeleton label={t('identifications.loading')} shape="rows" count={2} />
      ) : null}
      {snapshot.matches('failed') && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('identifications.retry')}
          </Button>
        </Alert>
      ) : null}
      {ready && identifications.length === 0 ? (
        <>
          <p className="empty">{t('identifications.none')}</p>
          <div>
            <Button onClick={onAdd}>{t('identifications.add')}</Button>
          </div>
        </>
      ) : null}
      {ready && identifications.length > 0 ? (
        <>
          <Suspense fallback={<p role="status">{t('identifications.loadingCard')}</p>}>
            <ul className="identifications-list">
              {shown.rows.map((identification) => (
                <li key={identification.id}>
                  <GhanaCard identification={identification} loadImage={loadImage} />
                </li>
              ))}
            </ul>
          </Suspense>
          <Pager
            window={shown.window}
            showing={false}
            onPrevious={() => actorRef.send({ type: 'PREVIOUS' })}
            onNext={() => actorRef.send({ type: 'NEXT' })}
          />
        </>
      ) : null}
    </section>
  );
}
