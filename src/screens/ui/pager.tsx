import type { PageWindow } from '../../domain/paging';
import { useI18n } from '../../i18n/i18n';

/** 'Showing x-y of n' with Previous and Next (disabled at either end). */
export function Pager({
  window: page,
  onPrevious,
  onNext,
  showing = true,
}: {
  window: PageWindow;
  onPrevious: () => void;
  onNext: () => void;
  showing?: boolean;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('pager.label')} className="pager">
      {showing ? (
        <p className="pager-showing" aria-live="polite">
          {t('pager.showing', { from: page.from, to: page.to, total: page.total })}
        </p>
      ) : null}
      <div className="pager-buttons">
        <button
          type="button"
          className="button button-secondary"
          disabled={!page.hasPrevious}
          onClick={onPrevious}
        >
          {t('pager.previous')}
        </button>
        <button type="button" className="button button-secondary" disabled={!page.hasNext} onClick={onNext}>
          {t('pager.next')}
        </button>
      </div>
    </nav>
  );
}
