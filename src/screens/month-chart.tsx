import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MonthSummary } from '../contract/wallet';
import type { MonthSummaryMachine } from '../machines/month-summary.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { RetryAlert } from './ui/retry-alert';
import { Skeleton } from './ui/skeleton';

/** The drawing's own units (the SVG scales to its box). */
const WIDTH = 320;
const PLOT_TOP = 8;
const PLOT_BOTTOM = 148;
const HEIGHT = 172;
const BAR_WIDTH = 16;
const BAR_GAP = 4;

/** A calendar day or month ('2026-11-08', '2026-11') as the instant of its start, in UTC (Ghana's time). */
const utcStart = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/**
 * The dashboard's picture of the month (/Dashboard home): the server's figures of money in against money out, by
 * week (a month where no money moved says so in words: a chart of zeros tells nothing). Loading draws a skeleton,
 * a failed load offers Try again.
 */
export function MonthPanel({ actorRef }: { actorRef: ActorRefFrom<MonthSummaryMachine> }) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { summary } = snapshot.context;
  const titleId = useId();
  return (
    <section className="card month-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('monthChart.heading')}</h2>
      {snapshot.matches('failed') ? (
        <RetryAlert
          message={t('monthChart.failed')}
          retryLabel={t('monthChart.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : summary && summary.inMinor === 0 && summary.outMinor === 0 ? (
        <p className="empty">{t('monthChart.empty')}</p>
      ) : summary ? (
        <MonthChart summary={summary} />
      ) : (
        <Skeleton label={t('monthChart.loading')} shape="chart" />
      )}
    </section>
  );
}

/**
 * Two bars a week (money in, money out) on one scale, with the month's totals written out beside; for screen
 * readers the drawing is one image named by its title and totals, and the week-by-week figures are a table.
 */
export function MonthChart({ summary }: { summary: MonthSummary }) {
  const { t } = useI18n();
  const { formatMoney, formatDate } = useFormat();
  const titleId = useId();
  const descId = useId();
  const month = formatDate(utcStart(`${summary.month}-01`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = (isoDay: string) =>
    formatDate(utcStart(isoDay), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const totals = { in: formatMoney(summary.inMinor), out: formatMoney(summary.outMinor), month };
  const highest = Math.max(1, ...summary.weeks.flatMap((week) => [week.inMinor, week.outMinor]));
  const slot = WIDTH / summary.weeks.length;
  const barHeight = (minor: number) => ((PLOT_BOTTOM - PLOT_TOP) * minor) / highest;

  return (
    <figure className="month-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{t('monthChart.title', { month })}</title>
        <desc id={descId}>{t('monthChart.description', totals)}</desc>
        <line className="chart-axis" x1="0" x2={WIDTH} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} />
        {summary.weeks.map((week, index) => {
          const centre = slot * index + slot / 2;
          const inHeight = barHeight(week.inMinor);
          const outHeight = barHeight(week.outMinor);
          return (
            <g key={week.week}>
              <rect
                className="chart-in"
                x={centre - BAR_GAP / 2 - BAR_WIDTH}
                y={PLOT_BOTTOM - inHeight}
                width={BAR_WIDTH}
                height={inHeight}
              />
              <rect
                className="chart-out"
                x={centre + BAR_GAP / 2}
                y={PLOT_BOTTOM - outHeight}
                width={BAR_WIDTH}
                height={outHeight}
              />
              <text className="chart-label" x={centre} y={HEIGHT - 4} textAnchor="middle">
                {t('monthChart.weekShort', { week: week.week })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="month-chart-legend">
        <span className="legend-in">{t('monthChart.in', { amount: totals.in })}</span>
        <span className="legend-out">{t('monthChart.out', { amount: totals.out })}</span>
      </figcaption>
      {/* A table does not shrink to a hidden box's width: its wrapper is the one hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('monthChart.tableCaption', { month })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('monthChart.week')}</th>
              <th scope="col">{t('monthChart.moneyIn')}</th>
              <th scope="col">{t('monthChart.moneyOut')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">
                  {t('monthChart.weekRange', { week: week.week, from: day(week.from), to: day(week.to) })}
                </th>
                <td>{formatMoney(week.inMinor)}</td>
                <td>{formatMoney(week.outMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
