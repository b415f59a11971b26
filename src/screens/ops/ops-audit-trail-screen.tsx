/** The console's audit trail (/ops/audit): filters by actor, action, subject and time; the filtered rows as CSV. */
import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { opsAuditTrailMachine } from '../../machines/ops/ops-audit-trail.machine';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { OpsMessages } from './ops-parts';
import { AuditRows } from './ops-user-screen';

/** A download link for the exported file, alive as long as it is shown. */
const useObjectUrl = (blob: Blob | null): string | null => {
  const url = useMemo(
    () => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null),
    [blob],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
};

export function OpsAuditTrailScreen({ actor }: { actor: ActorRefFrom<typeof opsAuditTrailMachine> }) {
  const { t } = useI18n();
  const snapshot = useSelector(actor, (s) => s);
  const { entries, error, csv } = snapshot.context;
  const [filters, setFilters] = useState(snapshot.context.filters);
  const csvUrl = useObjectUrl(csv);
  const field = (name: keyof typeof filters, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={filters[name]}
      onValueChange={(value) => setFilters((current) => ({ ...current, [name]: value }))}
    />
  );
  return (
    <>
      <h1>{t('ops.audit.title')}</h1>
      <form
        className="ops-filters"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'FILTER', filters });
        }}
      >
        {field('actor', t('ops.col.actor'))}
        {field('action', t('ops.col.action'))}
        {field('subject', t('ops.col.subject'))}
        {field('from', t('ops.audit.from'), 'date')}
        {field('to', t('ops.audit.to'), 'date')}
        <div className="ops-actions">
          <Button type="submit" busy={snapshot.matches('loading')} busyLabel={t('ops.loading')}>
            {t('ops.audit.filter')}
          </Button>
          <Button
            variant="secondary"
            busy={snapshot.matches('exporting')}
            busyLabel={t('ops.loading')}
            onClick={() => actor.send({ type: 'EXPORT' })}
          >
            {t('ops.audit.export')}
          </Button>
          {csvUrl ? (
            <a className="button button-link" href={csvUrl} download="audit-trail.csv">
              {t('ops.audit.download')}
            </a>
          ) : null}
        </div>
      </form>
      <OpsMessages error={error} />
      {snapshot.matches('failed') ? (
        <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('ops.retry')}</Button>
      ) : null}
      {entries ? (
        entries.length === 0 ? (
          <p role="status">{t('ops.audit.empty')}</p>
        ) : (
          <AuditRows entries={entries} caption={t('ops.audit.title')} />
        )
      ) : null}
    </>
  );
}
