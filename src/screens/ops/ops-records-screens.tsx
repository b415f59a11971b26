/**
 * The console's list screens, each over its machine of src/machines/ops/ops-records.machine.ts: the review queue,
 * reversals, monitoring thresholds, the ledger check, rates, coupons and partner keys. `mayAct`: the signed-in
 * role may change things here (else the page says it is read-only and offers no control).
 */
import { useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  couponsMachine,
  ledgerCheckMachine,
  monitoringRulesMachine,
  partnerKeysMachine,
  ratesMachine,
  reversalsMachine,
  reviewQueueMachine,
} from '../../machines/ops/ops-records.machine';
import { useI18n, type MessageId } from '../../i18n/i18n';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { OpsMessages, OpsTable, ReadOnlyNote, ReasonForm, useOpsDate, useOpsMoney } from './ops-parts';

type RecordsActor =
  | ActorRefFrom<typeof reviewQueueMachine>
  | ActorRefFrom<typeof reversalsMachine>
  | ActorRefFrom<typeof monitoringRulesMachine>
  | ActorRefFrom<typeof ledgerCheckMachine>
  | ActorRefFrom<typeof ratesMachine>
  | ActorRefFrom<typeof couponsMachine>
  | ActorRefFrom<typeof partnerKeysMachine>;

/** The frame of every list screen: heading, messages, retry, read-only note, the content once loaded. */
function RecordsFrame({
  actor,
  title,
  mayAct,
  noticeValues,
  children,
}: {
  actor: RecordsActor;
  title: MessageId;
  mayAct: boolean;
  noticeValues?: Record<string, string>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actor as ActorRefFrom<typeof reviewQueueMachine>, (s) => s);
  return (
    <>
      <h1>{t(title)}</h1>
      {mayAct ? null : <ReadOnlyNote />}
      <OpsMessages
        error={snapshot.context.error}
        notice={snapshot.context.notice}
        noticeValues={noticeValues}
      />
      {snapshot.matches('loading') && snapshot.context.records === null ? <p>{t('ops.loading')}</p> : null}
      {snapshot.matches('failed') ? (
        <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('ops.retry')}</Button>
      ) : null}
      {snapshot.context.records === null ? null : children}
    </>
  );
}

export function OpsReviewQueueScreen({
  actor,
  mayAct,
}: {
  actor: ActorRefFrom<typeof reviewQueueMachine>;
  mayAct: boolean;
}) {
  const { t } = useI18n();
  const money = useOpsMoney();
  const date = useOpsDate();
  const snapshot = useSelector(actor, (s) => s);
  const items = snapshot.context.records ?? [];
  return (
    <RecordsFrame actor={actor} title="ops.reviews.title" mayAct={mayAct}>
      {items.length === 0 ? <p role="status">{t('ops.reviews.empty')}</p> : null}
      {items.map((item) => (
        <article key={item.id} className="ops-card" aria-labelledby={`review-${item.id}`}>
          <h2 id={`review-${item.id}`}>
            {t('ops.reviews.kind', { kind: item.kind })} {item.reference ?? ''}
          </h2>
          <dl className="ops-facts">
            <dt>{t('ops.col.user')}</dt>
            <dd>{item.userId}</dd>
            <dt>{t('ops.col.amount')}</dt>
            <dd>{money(item.amount)}</dd>
            <dt>{t('ops.col.reason')}</dt>
            <dd>{item.reason}</dd>
            <dt>{t('ops.col.date')}</dt>
            <dd>{date(item.createdAt)}</dd>
          </dl>
          {mayAct ? (
            <ReasonForm
              idPrefix={`review-${item.id.replace(/\W/g, '-')}`}
              busy={snapshot.matches('acting')}
              choices={[
                { value: 'approve', label: t('ops.reviews.approve') },
                { value: 'reject', label: t('ops.reviews.reject') },
              ]}
              onChoose={(decision, reason) =>
                actor.send({
                  type: 'ACT',
                  action: { id: item.id, decision: decision === 'approve' ? 'approve' : 'reject', reason },
                })
              }
            />
          ) : null}
        </article>
      ))}
    </RecordsFrame>
  );
}

export function OpsReversalsScreen({
  actor,
  mayPropose,
  mayApprove,
}: {
  actor: ActorRefFrom<typeof reversalsMachine>;
  mayPropose: boolean;
  mayApprove: boolean;
}) {
  const { t } = useI18n();
  const date = useOpsDate();
  const snapshot = useSelector(actor, (s) => s);
  const [reference, setReference] = useState('');
  const reversals = snapshot.context.records ?? [];
  return (
    <RecordsFrame actor={actor} title="ops.reversals.title" mayAct={mayPropose || mayApprove}>
      {mayPropose ? (
        <section aria-labelledby="ops-propose">
          <h2 id="ops-propose">{t('ops.reversals.propose')}</h2>
          <TextField label={t('ops.reversals.reference')} value={reference} onValueChange={setReference} />
          <ReasonForm
            idPrefix="propose"
            busy={snapshot.matches('acting')}
            choices={[{ value: 'propose', label: t('ops.reversals.submit') }]}
            onChoose={(_, reason) =>
              actor.send({ type: 'ACT', action: { kind: 'propose', referenceNumber: reference, reason } })
            }
          />
        </section>
      ) : null}
      {reversals.length === 0 ? (
        <p>{t('ops.user.none')}</p>
      ) : (
        <OpsTable
          caption={t('ops.reversals.title')}
          heads={[t('ops.col.date'), t('ops.col.reference'), t('ops.col.reason'), t('ops.col.status'), '']}
        >
          {reversals.map((reversal) => (
            <tr key={reversal.id}>
              <td>{date(reversal.createdAt)}</td>
              <td>{reversal.referenceNumber}</td>
              <td>{reversal.reason}</td>
              <td>
                {t('ops.reversals.status', { status: reversal.status })}
                {reversal.reversalReference ? ` (${reversal.reversalReference})` : ''}
              </td>
              <td>
                {mayApprove && reversal.status === 'proposed' ? (
                  <Button
                    busy={snapshot.matches('acting')}
                    onClick={() => actor.send({ type: 'ACT', action: { kind: 'approve', id: reversal.id } })}
                  >
                    {t('ops.reversals.approve')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </OpsTable>
      )}
    </RecordsFrame>
  );
}

export function OpsMonitoringScreen({
  actor,
  mayAct,
}: {
  actor: ActorRefFrom<typeof monitoringRulesMachine>;
  mayAct: boolean;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actor, (s) => s);
  const rules = snapshot.context.records ?? [];
  // The figures as typed, by rule and parameter; the rules as loaded until one is changed.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState<Record<string, boolean>>({});
  const valueOf = (rule: string, parameter: string, loaded: number) =>
    edits[`${rule}.${parameter}`] ?? String(loaded);
  return (
    <RecordsFrame actor={actor} title="ops.monitoring.title" mayAct={mayAct}>
      {rules.map((rule) => (
        <fieldset key={rule.name} className="ops-card" disabled={!mayAct}>
          <legend>{rule.name}</legend>
          <label className="ops-check">
            <input
              type="checkbox"
              checked={enabled[rule.name] ?? rule.enabled}
              onChange={(event) =>
                setEnabled((current) => ({ ...current, [rule.name]: event.target.checked }))
              }
            />
            {t('ops.monitoring.enabled', { rule: rule.name })}
          </label>
          {Object.entries(rule.parameters).map(([parameter, value]) => (
            <TextField
              key={parameter}
              label={`${rule.name}: ${parameter}`}
              inputMode="decimal"
              value={valueOf(rule.name, parameter, value)}
              readOnly={!mayAct}
              onValueChange={(text) =>
                setEdits((current) => ({ ...current, [`${rule.name}.${parameter}`]: text }))
              }
            />
          ))}
        </fieldset>
      ))}
      {mayAct ? (
        <ReasonForm
          idPrefix="monitoring"
          busy={snapshot.matches('acting')}
          choices={[{ value: 'save', label: t('ops.monitoring.save') }]}
          onChoose={(_, reason) =>
            actor.send({
              type: 'ACT',
              action: {
                reason,
                rules: rules.map((rule) => ({
                  name: rule.name,
                  enabled: enabled[rule.name] ?? rule.enabled,
                  parameters: Object.fromEntries(
                    Object.entries(rule.parameters).map(([parameter, value]) => [
                      parameter,
                      Number(valueOf(rule.name, parameter, value).trim() || Number.NaN),
                    ]),
                  ),
                })),
              },
            })
          }
        />
      ) : null}
    </RecordsFrame>
  );
}

export function OpsLedgerCheckScreen({ actor }: { actor: ActorRefFrom<typeof ledgerCheckMachine> }) {
  const { t } = useI18n();
  const date = useOpsDate();
  const snapshot = useSelector(actor, (s) => s);
  const check = snapshot.context.records;
  return (
    <RecordsFrame actor={actor} title="ops.ledger.title" mayAct>
      {check ? (
        <>
          <p role="status">{check.ok ? t('ops.ledger.ok') : t('ops.ledger.broken')}</p>
          {check.findings.length > 0 ? (
            <ul>
              {check.findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          ) : null}
          <p>{t('ops.ledger.checkedAt', { date: date(check.checkedAt) })}</p>
        </>
      ) : null}
      <Button busy={snapshot.matches('loading')} onClick={() => actor.send({ type: 'RELOAD' })}>
        {t('ops.ledger.again')}
      </Button>
    </RecordsFrame>
  );
}

export function OpsRatesScreen({
  actor,
  mayAct,
}: {
  actor: ActorRefFrom<typeof ratesMachine>;
  mayAct: boolean;
}) {
  const { t } = useI18n();
  const date = useOpsDate();
  const snapshot = useSelector(actor, (s) => s);
  const [code, setCode] = useState('');
  const [rate, setRate] = useState('');
  const rates = snapshot.context.records ?? [];
  return (
    <RecordsFrame actor={actor} title="ops.rates.title" mayAct={mayAct}>
      <OpsTable
        caption={t('ops.rates.title')}
        heads={[t('ops.rates.code'), t('ops.col.name'), t('ops.rates.rate'), t('ops.col.date')]}
      >
        {rates.map((row) => (
          <tr key={row.code}>
            <td>{row.code}</td>
            <td>{row.name}</td>
            <td>{row.rate}</td>
            <td>{date(row.asOf)}</td>
          </tr>
        ))}
      </OpsTable>
      {mayAct ? (
        <form
          className="ops-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'ACT', action: { code: code.trim().toUpperCase(), rate: rate.trim() } });
          }}
        >
          <TextField label={t('ops.rates.code')} value={code} maxLength={3} onValueChange={setCode} />
          <TextField label={t('ops.rates.rate')} inputMode="decimal" value={rate} onValueChange={setRate} />
          <Button type="submit" busy={snapshot.matches('acting')}>
            {t('ops.rates.set')}
          </Button>
        </form>
      ) : null}
    </RecordsFrame>
  );
}

export function OpsCouponsScreen({
  actor,
  mayAct,
}: {
  actor: ActorRefFrom<typeof couponsMachine>;
  mayAct: boolean;
}) {
  const { t } = useI18n();
  const money = useOpsMoney();
  const snapshot = useSelector(actor, (s) => s);
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState('');
  const coupons = snapshot.context.records ?? [];
  return (
    <RecordsFrame actor={actor} title="ops.coupons.title" mayAct={mayAct}>
      <OpsTable
        caption={t('ops.coupons.title')}
        heads={[t('ops.coupons.code'), t('ops.coupons.discount'), t('ops.col.status'), '']}
      >
        {coupons.map((coupon) => (
          <tr key={coupon.code}>
            <td>{coupon.code}</td>
            <td>{coupon.discountKind === 'percent' ? `${coupon.percent ?? 0}%` : money(coupon.amount)}</td>
            <td>
              {coupon.enabled ? t('ops.status.active') : '—'} ({coupon.uses}
              {coupon.maxUses === null ? '' : `/${coupon.maxUses}`})
            </td>
            <td>
              {mayAct ? (
                <Button
                  variant="secondary"
                  busy={snapshot.matches('acting')}
                  onClick={() =>
                    actor.send({
                      type: 'ACT',
                      action: { kind: 'enable', code: coupon.code, enabled: !coupon.enabled },
                    })
                  }
                >
                  {t('ops.coupons.toggle', { enabled: coupon.enabled ? 'yes' : 'no' })} {coupon.code}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </OpsTable>
      {mayAct ? (
        <form
          className="ops-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({
              type: 'ACT',
              action: { kind: 'create', code: code.trim(), discount: discount.trim() },
            });
          }}
        >
          <TextField label={t('ops.coupons.code')} value={code} onValueChange={setCode} />
          <TextField label={t('ops.coupons.discount')} value={discount} onValueChange={setDiscount} />
          <Button type="submit" busy={snapshot.matches('acting')}>
            {t('ops.coupons.create')}
          </Button>
        </form>
      ) : null}
    </RecordsFrame>
  );
}

export function OpsPartnerKeysScreen({
  actor,
  mayAct,
}: {
  actor: ActorRefFrom<typeof partnerKeysMachine>;
  mayAct: boolean;
}) {
  const { t } = useI18n();
  const date = useOpsDate();
  const snapshot = useSelector(actor, (s) => s);
  const rows = snapshot.context.records ?? [];
  const created = snapshot.context.result as { operatorCode?: string; key?: string } | undefined;
  return (
    <RecordsFrame
      actor={actor}
      title="ops.partnerKeys.title"
      mayAct={mayAct}
      noticeValues={{ operator: created?.operatorCode ?? '', key: created?.key ?? '' }}
    >
      <OpsTable caption={t('ops.partnerKeys.title')} heads={[t('ops.col.name'), t('ops.col.status'), '']}>
        {rows.map((row) => (
          <tr key={row.operatorCode}>
            <td>
              {row.name} ({row.operatorCode})
            </td>
            <td>
              {row.activeSince
                ? t('ops.partnerKeys.since', { date: date(row.activeSince) })
                : t('ops.partnerKeys.none')}
            </td>
            <td>
              {mayAct ? (
                <div className="ops-actions">
                  <Button
                    busy={snapshot.matches('acting')}
                    onClick={() =>
                      actor.send({ type: 'ACT', action: { kind: 'create', operatorCode: row.operatorCode } })
                    }
                  >
                    {t('ops.partnerKeys.create')}
                  </Button>
                  {row.activeSince ? (
                    <Button
                      variant="secondary"
                      busy={snapshot.matches('acting')}
                      onClick={() =>
                        actor.send({
                          type: 'ACT',
                          action: { kind: 'revoke', operatorCode: row.operatorCode },
                        })
                      }
                    >
                      {t('ops.partnerKeys.revoke')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </OpsTable>
    </RecordsFrame>
  );
}
