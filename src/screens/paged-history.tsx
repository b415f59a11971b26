import { useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HISTORY_PAGE_SIZE, SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { serverPageShown, type ServerPagedListMachine } from '../machines/shared/paged-list';
import { useI18n } from '../i18n/i18n';
import { HistoryCards, type HistoryCardFace } from './history-cards';
import { HistoryFilterMenu } from './history-filter-menu';
import { Button } from './ui/button';
import { HistoryTable } from './ui/history-table';
import { RetryAlert } from './ui/retry-alert';
import { Skeleton } from './ui/skeleton';
import { TextField } from './ui/text-field';
import { useWideScreen } from './ui/viewport';

/** The histories drawn by `PagedHistory`: each names its texts `<screen>.search`, `<screen>.loading`... */
export type HistoryScreen = 'transactionHistory' | 'walletHistory' | 'bettingHistory' | 'billingHistory';

export interface HistoryColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A history of spec section 2 "Histories", five rows a page from the server: its heading and the Filter menu of
 * the four histories, the search box (the machine asks the server once typing pauses), the loading (a skeleton of
 * the rows), failed (Try again), empty and no-match states, the rows (a table on a wide screen, a list of cards on
 * a phone: ui/viewport.ts), 'Showing x-y of n' with Previous / Next, and Refresh. Each history gives its columns,
 * its cards' faces and its texts.
 */
export function PagedHistory<Row extends { id: string | number; referenceNumber: string }>({
  screen,
  actorRef,
  heading,
  columns,
  card,
  rowProps,
  className,
  labelledBy,
  children,
}: {
  screen: HistoryScreen;
  actorRef: ActorRefFrom<ServerPagedListMachine<Row>>;
  /** The panel's heading (its level is the page's to choose). */
  heading: ReactNode;
  columns: readonly HistoryColumn<Row>[];
  /** What a row's card shows on a phone. */
  card: (row: Row) => HistoryCardFace;
  /** A row's own class and click (opening its details: on a phone the whole card is the button). */
  rowProps?: (row: Row) => { className?: string; onClick?: () => void };
  className: string;
  /** The id of the heading, when it names the section. */
  labelledBy?: string;
  /** What shows over the panel (a details modal). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const wide = useWideScreen();
  const snapshot = useSelector(actorRef, (s) => s);
  const { rows, error, search } = snapshot.context;
  const [searchText, setSearchText] = useState(search ?? '');
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failed');
  // While a neighbouring page loads, or a search waits for typing to pause, the current rows stay shown.
  const turning = snapshot.matches('loadingPage') || snapshot.matches('searching');
  const shownRows = snapshot.matches('ready') || turning;
  const shown = serverPageShown(snapshot.context, HISTORY_PAGE_SIZE);

  return (
    <section className={`card ${className}`} aria-labelledby={labelledBy}>
      <div className="history-header">
        {heading}
        <HistoryFilterMenu />
      </div>
      <TextField
        className="history-search"
        type="search"
        label={t(`${screen}.search`)}
        value={searchText}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoComplete="off"
        onValueChange={(text) => {
          setSearchText(text);
          actorRef.send({ type: 'SEARCH', text });
        }}
      />
      {loading ? <Skeleton label={t(`${screen}.loading`)} shape="rows" count={HISTORY_PAGE_SIZE} /> : null}
      {failed && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t(`${screen}.retry`)}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : null}
      {snapshot.matches('ready') && rows.length === 0 ? (
        <p className="empty">{t(search === undefined ? `${screen}.empty` : `${screen}.noMatch`)}</p>
      ) : null}
      {shownRows && rows.length > 0 && wide ? (
        <HistoryTable
          caption={t(`${screen}.caption`)}
          columns={columns.map((column) => column.header)}
          busy={turning}
          window={shown.window}
          onPrevious={() => actorRef.send({ type: 'PREVIOUS' })}
          onNext={() => actorRef.send({ type: 'NEXT' })}
        >
          {shown.rows.map((row) => (
            <tr key={row.id} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </HistoryTable>
      ) : null}
      {shownRows && rows.length > 0 && !wide ? (
        <HistoryCards
          label={t(`${screen}.caption`)}
          rows={shown.rows}
          face={card}
          onOpen={(row) => rowProps?.(row).onClick}
          busy={turning}
          window={shown.window}
          onPrevious={() => actorRef.send({ type: 'PREVIOUS' })}
          onNext={() => actorRef.send({ type: 'NEXT' })}
        />
      ) : null}
      {snapshot.matches('ready') ? (
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'REFRESH' })}>
          {t(`${screen}.refresh`)}
        </Button>
      ) : null}
      {children}
    </section>
  );
}

/**
 * A reference cell that opens the row's details: the keyboard's way in (a click anywhere on the row opens them
 * too, through the row's own click).
 */
export function ReferenceButton({
  reference,
  label,
  onOpen,
}: {
  reference: string;
  /** The button's accessible name ('Open the receipt of ...'). */
  label: string;
  onOpen: (reference: string) => void;
}) {
  return (
    <button
      type="button"
      className="button-link"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(reference);
      }}
    >
      {reference}
    </button>
  );
}
