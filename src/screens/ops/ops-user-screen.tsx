/**
 * The console's user view (/ops/users/:userId): tier and limits used, the wallet, ledger entries, the four
 * histories, identifications, sessions and audit entries; freeze or unfreeze with a reason when the role may.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { OpsUserView } from '../../contract/ops';
import type { opsUserMachine } from '../../machines/ops/ops-user.machine';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../ui/button';
import { OpsMessages, OpsTable, ReasonForm, useOpsDate, useOpsMoney } from './ops-parts';

interface HistoryRow {
  id: number;
  referenceNumber: string;
  date: string;
  status: string;
  amount?: number;
  sendAmount?: number;
}

export function OpsUserScreen({
  actor,
  mayFreeze,
}: {
  actor: ActorRefFrom<typeof opsUserMachine>;
  /** The role may freeze and unfreeze (support, compliance). */
  mayFreeze: boolean;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actor, (s) => s);
  const { view, error, notice } = snapshot.context;
  return (
    <>
      <p>
        <Link to="/users">{t('ops.user.back')}</Link>
      </p>
      {view ? (
        <h1>{t('ops.user.heading', { name: view.user.fullName, userId: view.user.userId })}</h1>
      ) : (
        <h1>{t('ops.loading')}</h1>
      )}
      <OpsMessages error={error} notice={snapshot.matches('ready') ? notice : null} />
      {snapshot.matches('failed') ? (
        <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('ops.retry')}</Button>
      ) : null}
      {view ? (
        <UserDetails
          view={view}
          freeze={
            mayFreeze ? (
              <ReasonForm
                idPrefix="freeze"
                busy={snapshot.matches('changing')}
                choices={[
                  view.user.frozenAt
                    ? { value: 'unfreeze', label: t('ops.user.unfreeze') }
                    : { value: 'freeze', label: t('ops.user.freeze') },
                ]}
                onChoose={(value, reason) =>
                  actor.send({ type: value === 'freeze' ? 'FREEZE' : 'UNFREEZE', reason })
                }
              />
            ) : null
          }
        />
      ) : null}
    </>
  );
}

function UserDetails({ view, freeze }: { view: OpsUserView; freeze: ReactNode }) {
  const { t } = useI18n();
  const money = useOpsMoney();
  const date = useOpsDate();
  const { user, tier, wallet } = view;
  const histories: {
    key: 'wallet' | 'transfers' | 'betting' | 'bills';
    rows: HistoryRow[];
    total: number;
  }[] = [
    { key: 'wallet', rows: view.walletHistory.rows, total: view.walletHistory.total },
    { key: 'transfers', rows: view.transactionHistory.rows, total: view.transactionHistory.total },
    { key: 'betting', rows: view.bettingHistory.rows, total: view.bettingHistory.total },
    { key: 'bills', rows: view.billingHistory.rows, total: view.billingHistory.total },
  ];
  return (
    <>
      <dl className="ops-facts">
        <dt>{t('ops.col.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('ops.col.phone')}</dt>
        <dd>{user.phone}</dd>
        <dt>{t('ops.col.status')}</dt>
        <dd>
          {user.frozenAt
            ? t('ops.user.frozenSince', { date: date(user.frozenAt), reason: user.frozenReason ?? '' })
            : t('ops.status.active')}
        </dd>
      </dl>
      {freeze}
      <section aria-labelledby="ops-user-tier">
        <h2 id="ops-user-tier">{t('ops.user.tier')}</h2>
        <p>
          {t('ops.col.tier')}: {tier.tier}
        </p>
        <p>
          {t('ops.user.used', { period: 'day', used: money(tier.dailyUsed), limit: money(tier.dailyLimit) })}
        </p>
        <p>
          {t('ops.user.used', {
            period: 'month',
            used: money(tier.monthlyUsed),
            limit: tier.monthlyLimit === null ? '—' : money(tier.monthlyLimit),
          })}
        </p>
        <p>{t('ops.user.wallet', { balance: money(wallet.balance), available: money(wallet.available) })}</p>
      </section>
      <section aria-labelledby="ops-user-ledger">
        <h2 id="ops-user-ledger">{t('ops.user.ledger')}</h2>
        {view.ledgerEntries.length === 0 ? (
          <p>{t('ops.user.none')}</p>
        ) : (
          <OpsTable
            caption={t('ops.user.ledger')}
            heads={[t('ops.col.date'), t('ops.col.account'), t('ops.col.amount'), t('ops.col.reference')]}
          >
            {view.ledgerEntries.map((entry, index) => (
              <tr key={`${entry.transactionId}-${entry.account}-${index}`}>
                <td>{date(entry.at)}</td>
                <td>{entry.account}</td>
                <td>{money(entry.amount)}</td>
                <td>{entry.referenceNumber ?? '—'}</td>
              </tr>
            ))}
          </OpsTable>
        )}
      </section>
      {histories.map((history) => (
        <section key={history.key} aria-labelledby={`ops-user-history-${history.key}`}>
          <h2 id={`ops-user-history-${history.key}`}>
            {t('ops.user.history', { history: history.key })} ({history.total})
          </h2>
          {history.rows.length === 0 ? (
            <p>{t('ops.user.none')}</p>
          ) : (
            <OpsTable
              caption={t('ops.user.history', { history: history.key })}
              heads={[t('ops.col.date'), t('ops.col.reference'), t('ops.col.amount'), t('ops.col.status')]}
            >
              {history.rows.map((row) => (
                <tr key={row.id}>
                  <td>{date(row.date)}</td>
                  <td>{row.referenceNumber}</td>
                  <td>{money(row.amount ?? row.sendAmount ?? null)}</td>
                  <td>{row.status}</td>
                </tr>
              ))}
            </OpsTable>
          )}
        </section>
      ))}
      <section aria-labelledby="ops-user-identifications">
        <h2 id="ops-user-identifications">{t('ops.user.identifications')}</h2>
        {view.identifications.length === 0 ? (
          <p>{t('ops.user.none')}</p>
        ) : (
          <ul>
            {view.identifications.map((identification) => (
              <li key={identification.id}>
                {identification.identificationType} {identification.identificationNumber} (
                {identification.fullName}, {identification.issuedDate} – {identification.expiryDate})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ops-user-sessions">
        <h2 id="ops-user-sessions">{t('ops.user.sessions')}</h2>
        {view.sessions.length === 0 ? (
          <p>{t('ops.user.none')}</p>
        ) : (
          <OpsTable caption={t('ops.user.sessions')} heads={[t('ops.col.date'), t('ops.col.status')]}>
            {view.sessions.map((session) => (
              <tr key={session.id}>
                <td>{date(session.createdAt)}</td>
                <td>{session.revokedAt ? date(session.revokedAt) : date(session.lastSeenAt)}</td>
              </tr>
            ))}
          </OpsTable>
        )}
      </section>
      <section aria-labelledby="ops-user-audit">
        <h2 id="ops-user-audit">{t('ops.user.audit')}</h2>
        <AuditRows entries={view.auditEntries} caption={t('ops.user.audit')} />
      </section>
    </>
  );
}

export function AuditRows({ entries, caption }: { entries: OpsUserView['auditEntries']; caption: string }) {
  const { t } = useI18n();
  const date = useOpsDate();
  if (entries.length === 0) return <p>{t('ops.user.none')}</p>;
  return (
    <OpsTable
      caption={caption}
      heads={[t('ops.col.date'), t('ops.col.actor'), t('ops.col.action'), t('ops.col.subject')]}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>{date(entry.at)}</td>
          <td>
            {entry.actorName ?? `${entry.actorKind}${entry.actorId === null ? '' : `:${entry.actorId}`}`}
          </td>
          <td>{entry.action}</td>
          <td>{entry.subject}</td>
        </tr>
      ))}
    </OpsTable>
  );
}
