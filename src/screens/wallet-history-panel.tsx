import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { walletHistoryPage, type WalletHistoryMachine } from '../machines/wallet-history.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { HistoryTable } from './ui/history-table';
import { TextField } from './ui/text-field';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { HistoryFilterMenu } from './history-filter-menu';
import { MovementAmount, StatusBadge, useMovementText } from './wallet-movements';

/**
 * /Dashboard/walletHistory: every movement of the wallet, five per page loaded from the server, with the Filter menu
 * of the histories and a search box (the machine asks the server once typing pauses).
 */
export function WalletHistoryPanel({ actorRef }: { actorRef: ActorRefFrom<WalletHistoryMachine> }) {
  const { t } = useI18n();
  const text = useMovementText();
  const snapshot = useSelector(actorRef, (s) => s);
  const { rows, error, search } = snapshot.context;
  const [searchText, setSearchText] = useState(search ?? '');
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failed');
  // While a neighbouring page loads, or a search waits for typing to pause, the current rows stay shown.
  const turning = snapshot.matches('loadingPage') || snapshot.matches('searching');
  const shownRows = snapshot.matches('ready') || turning;
  const shown = walletHistoryPage(snapshot.context);

  return (
    <section className="card wallet-history">
      <div className="history-header">
        <FocusHeading>{t('walletHistory.title')}</FocusHeading>
        <HistoryFilterMenu />
      </div>
      <TextField
        className="history-search"
        type="search"
        label={t('walletHistory.search')}
        value={searchText}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoComplete="off"
        onValueChange={(text) => {
          setSearchText(text);
          actorRef.send({ type: 'SEARCH', text });
        }}
      />
      {loading ? <p role="status">{t('walletHistory.loading')}</p> : null}
      {failed && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('walletHistory.retry')}
          </Button>
        </Alert>
      ) : null}
      {snapshot.matches('ready') && rows.length === 0 ? (
        <p className="empty">{t(search === undefined ? 'walletHistory.empty' : 'walletHistory.noMatch')}</p>
      ) : null}
      {shownRows && rows.length > 0 ? (
        <>
          <HistoryTable
            caption={t('walletHistory.caption')}
            columns={[
              t('walletHistory.amount'),
              t('walletHistory.description'),
              t('walletHistory.status'),
              t('walletHistory.reference'),
              t('walletHistory.date'),
            ]}
            busy={turning}
            window={shown.window}
            onPrevious={() => actorRef.send({ type: 'PREVIOUS' })}
            onNext={() => actorRef.send({ type: 'NEXT' })}
          >
            {shown.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <MovementAmount row={row} />
                </td>
                <td>{text.description(row)}</td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
                <td>{row.referenceNumber}</td>
                <td>
                  <time dateTime={row.date}>{text.date(row)}</time>
                </td>
              </tr>
            ))}
          </HistoryTable>
        </>
      ) : null}
      {snapshot.matches('ready') ? (
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'REFRESH' })}>
          {t('walletHistory.refresh')}
        </Button>
      ) : null}
    </section>
  );
}
