import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { gemPurchasesPage, type GemBalanceMachine, type GemPurchasesMachine } from '../machines/game.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { HistoryCards } from './history-cards';
import { HistoryTable } from './ui/history-table';
import { useWideScreen } from './ui/viewport';
import { StatusBadge } from './wallet-movements';

function GemPurchases({ actorRef }: { actorRef: ActorRefFrom<GemPurchasesMachine> }) {
  const { t } = useI18n();
  const { formatMoney, formatDate } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { rows, error } = snapshot.context;
  const turning = snapshot.matches('loadingPage');
  const shown = gemPurchasesPage(snapshot.context);
  const listed = (snapshot.matches('ready') || turning) && rows.length > 0;
  const paging = {
    busy: turning,
    window: shown.window,
    onPrevious: () => actorRef.send({ type: 'PREVIOUS' }),
    onNext: () => actorRef.send({ type: 'NEXT' }),
  };
  // A table on a wide screen; on a phone the purchases are cards, as the histories are (no sideways scrolling).
  const wide = useWideScreen();
  return (
    <section aria-labelledby="game-purchases-title">
      <h2 id="game-purchases-title">{t('game.purchases')}</h2>
      {snapshot.matches('loading') ? <p role="status">{t('game.loading')}</p> : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('treasureShop.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : null}
      {snapshot.matches('ready') && rows.length === 0 ? <p className="empty">{t('game.empty')}</p> : null}
      {listed && wide ? (
        <HistoryTable
          caption={t('game.purchases')}
          columns={[
            t('game.pack'),
            t('game.paid'),
            t('game.usd'),
            t('game.status'),
            t('game.reference'),
            t('game.date'),
          ]}
          {...paging}
        >
          {shown.rows.map((row) => (
            <tr key={row.referenceNumber}>
              <td>{t('treasureShop.gems', { gems: row.gems })}</td>
              <td>{formatMoney(row.amount)}</td>
              <td>{formatMoney(row.usdCents, 'USD')}</td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>{row.referenceNumber}</td>
              <td>
                <time dateTime={row.date}>
                  {formatDate(new Date(row.date), { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </td>
            </tr>
          ))}
        </HistoryTable>
      ) : null}
      {listed && !wide ? (
        <HistoryCards
          label={t('game.purchases')}
          rows={shown.rows.map((row) => ({ ...row, id: row.referenceNumber }))}
          face={(row) => ({
            direction: 'out',
            amount: formatMoney(row.amount),
            counterparty: t('treasureShop.gems', { gems: row.gems }),
            date: row.date,
            status: row.status,
          })}
          {...paging}
        />
      ) : null}
    </section>
  );
}

/** /Game: the user's gem balance and gem purchases, with the way to the treasure shop. */
export function GameScreen({
  balanceRef,
  purchasesRef,
}: {
  balanceRef: ActorRefFrom<GemBalanceMachine>;
  purchasesRef: ActorRefFrom<GemPurchasesMachine>;
}) {
  const { t } = useI18n();
  const balance = useSelector(balanceRef, (s) => s);
  const { gems, error } = balance.context;
  return (
    <section className="card game">
      <FocusHeading>{t('feature.game')}</FocusHeading>
      <p className="lead">{t('game.about')}</p>
      <section aria-labelledby="game-balance-title" className="game-balance">
        <h2 id="game-balance-title">{t('game.balance')}</h2>
        {balance.matches('loading') ? <p role="status">{t('game.loading')}</p> : null}
        {balance.matches('failed') && error ? (
          <RetryAlert
            message={t(error)}
            retryLabel={t('treasureShop.retry')}
            onRetry={() => balanceRef.send({ type: 'RETRY' })}
          />
        ) : null}
        {balance.matches('ready') && gems !== null ? (
          <p className="game-gems">{t('treasureShop.gems', { gems })}</p>
        ) : null}
      </section>
      <GemPurchases actorRef={purchasesRef} />
      <Link className="button button-primary" to="/treasure-shop">
        {t('game.toShop')}
      </Link>
    </section>
  );
}
