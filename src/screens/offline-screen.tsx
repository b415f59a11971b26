import { useI18n } from '../i18n/i18n';

/** What the service worker shows for a page it has no copy of while the phone is offline (dist/offline.html). */
export function OfflineScreen() {
  const { t } = useI18n();
  return (
    <main id="main" className="main">
      <div className="placeholder">
        <h1 className="page-title">{t('offline.title')}</h1>
        <p>{t('offline.text')}</p>
        <a href="/" className="button button-primary">
          {t('offline.retry')}
        </a>
      </div>
    </main>
  );
}
