import type { ReactNode } from 'react';
import type { PageWindow } from '../../domain/paging';
import { Pager } from './pager';

/**
 * A history's page of rows: a captioned table with its column headers (on a phone it scrolls sideways: the region
 * takes focus so a keyboard can scroll it too), then the pager. `busy` while a neighbouring page loads.
 */
export function HistoryTable({
  caption,
  columns,
  busy,
  window,
  onPrevious,
  onNext,
  children,
}: {
  caption: string;
  columns: readonly string[];
  busy: boolean;
  window: PageWindow;
  onPrevious: () => void;
  onNext: () => void;
  /** The rows (`<tr>`) of the page. */
  children: ReactNode;
}) {
  return (
    <>
      <div className="table-scroll" aria-busy={busy} role="region" aria-label={caption} tabIndex={0}>
        <table className="history-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <Pager window={window} onPrevious={onPrevious} onNext={onNext} />
    </>
  );
}
