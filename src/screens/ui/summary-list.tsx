import type { ReactNode } from 'react';

/** One labelled row; a row without a value (null or '') is left out. */
export type SummaryRow = readonly [label: string, value: ReactNode | null];

/** Labelled figures or details as a description list ('summary'), announced as they change when `live`. */
export function SummaryList({
  rows,
  className,
  live = false,
}: {
  rows: readonly SummaryRow[];
  className?: string;
  live?: boolean;
}) {
  return (
    <dl className={['summary', className].filter(Boolean).join(' ')} aria-live={live ? 'polite' : undefined}>
      {rows.map(([label, value]) =>
        value === null || value === '' ? null : (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
