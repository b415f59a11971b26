import { useI18n } from '../../i18n/i18n';
import { RetryAlert } from './retry-alert';

/** A form whose code could not be fetched: the connection named, and the reload that fetches the code again. */
export function UnreachableAlert({ reload }: { reload: () => void }) {
  const { t } = useI18n();
  return <RetryAlert message={t('connectivity.offline')} retryLabel={t('app.reload')} onRetry={reload} />;
}
