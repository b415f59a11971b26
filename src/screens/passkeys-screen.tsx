import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PasskeysMachine } from '../machines/passkeys.machine';
import type { StepUpSettingMachine } from '../machines/step-up-setting.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { Skeleton } from './ui/skeleton';
import { TextField } from './ui/text-field';
import { useDateTime } from './ui/date-time';
import { firstViolationOf } from './ui/violations';

/**
 * The Passkeys page (/Dashboard/passkeys): add a named passkey on this device, the account's passkeys with when each
 * was added and last used (remove one), and the step-up setting: above which amount a payment asks for the passkey
 * again. `supported`: whether this browser can make passkeys at all (else the page says so instead of the form).
 */
export function PasskeysScreen({
  passkeys,
  stepUpSetting,
  supported,
}: {
  passkeys: ActorRefFrom<PasskeysMachine>;
  stepUpSetting: ActorRefFrom<StepUpSettingMachine>;
  supported: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const dateTime = useDateTime();
  const snapshot = useSelector(passkeys, (s) => s);
  const { passkeys: list, name, violations, removingId, error, notice } = snapshot.context;
  const adding = snapshot.matches('adding');
  const nameError = firstViolationOf(violations, 'name');

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    passkeys.send({ type: 'ADD' });
  };

  return (
    <div className="passkeys-page">
      <FocusHeading>{t('passkeys.title')}</FocusHeading>
      <p>{t('passkeys.intro')}</p>
      {notice ? (
        <Alert tone="success">{t(notice === 'added' ? 'passkeys.added' : 'passkeys.removed')}</Alert>
      ) : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('passkeys.retry')}
          onRetry={() => passkeys.send({ type: 'RETRY' })}
        />
      ) : error ? (
        <Alert>{t(error)}</Alert>
      ) : null}
      {supported ? (
        <form className="card form" noValidate onSubmit={onAdd} aria-labelledby={`${id}-add`}>
          <h2 id={`${id}-add`}>{t('passkeys.add')}</h2>
          <TextField
            id={`${id}-name`}
            label={t('passkeys.nameLabel')}
            value={name}
            maxLength={80}
            autoComplete="off"
            error={nameError ? t(nameError, { max: 60 }) : null}
            onValueChange={(value) => passkeys.send({ type: 'CHANGE_NAME', name: value })}
          />
          <Button
            type="submit"
            busy={adding}
            busyLabel={t('passkeys.waiting')}
            disabled={!snapshot.matches('ready') && !adding}
          >
            {t('passkeys.add')}
          </Button>
        </form>
      ) : (
        <Alert tone="info">{t('passkeys.unsupported')}</Alert>
      )}
      <section className="card" aria-labelledby={`${id}-list`} aria-busy={snapshot.matches('loading')}>
        <h2 id={`${id}-list`}>{t('passkeys.listTitle')}</h2>
        {list === null && snapshot.matches('loading') ? (
          <Skeleton label={t('passkeys.loading')} shape="rows" />
        ) : null}
        {list !== null && list.length === 0 ? <p>{t('passkeys.none')}</p> : null}
        {list !== null && list.length > 0 ? (
          <ul className="item-list">
            {list.map((passkey) => (
              <li key={passkey.id} className="item-row">
                <div>
                  <p className="item-title">{passkey.name}</p>
                  <p className="item-detail">
                    {t('passkeys.created', { date: dateTime(passkey.createdAt) })}
                  </p>
                  <p className="item-detail">
                    {passkey.lastUsedAt
                      ? t('passkeys.lastUsed', { date: dateTime(passkey.lastUsedAt) })
                      : t('passkeys.neverUsed')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('passkeys.remove', { name: passkey.name })}
                  busy={removingId === passkey.id}
                  busyLabel={t('passkeys.removing')}
                  disabled={!snapshot.matches('ready') && removingId !== passkey.id}
                  onClick={() => passkeys.send({ type: 'REMOVE', id: passkey.id })}
                >
                  {t('passkeys.removeShort')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <StepUpSettingSection actorRef={stepUpSetting} />
    </div>
  );
}

/** The step-up setting: its amount (save, back to the default, turn off), or why it does not apply yet. */
function StepUpSettingSection({ actorRef }: { actorRef: ActorRefFrom<StepUpSettingMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { setting, amount, violations, error, notice } = snapshot.context;
  const saving = snapshot.matches('saving');
  const amountError = firstViolationOf(violations, 'amount');

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SAVE' });
  };

  return (
    <section
      className="card"
      aria-labelledby={`${id}-title`}
      aria-busy={snapshot.matches('loading') || saving}
    >
      <h2 id={`${id}-title`}>{t('stepUpSetting.title')}</h2>
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('passkeys.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : error ? (
        <Alert>{t(error)}</Alert>
      ) : null}
      {notice === 'saved' ? <Alert tone="success">{t('stepUpSetting.saved')}</Alert> : null}
      {setting === null && snapshot.matches('loading') ? (
        <Skeleton label={t('passkeys.loading')} shape="lines" />
      ) : null}
      {setting ? (
        <form className="form" noValidate onSubmit={onSave}>
          <p>
            {setting.amountMinor === null
              ? t('stepUpSetting.off')
              : t('stepUpSetting.on', { amount: formatMoney(setting.amountMinor) })}
          </p>
          {setting.hasPasskey ? null : <p>{t('stepUpSetting.noPasskey')}</p>}
          <AmountField
            id={`${id}-amount`}
            label={t('stepUpSetting.amountLabel')}
            value={amount}
            error={amountError ? t(amountError) : null}
            onValueChange={(value) => actorRef.send({ type: 'CHANGE', amount: value })}
          />
          <div className="form-actions">
            <Button type="submit" busy={saving} busyLabel={t('stepUpSetting.saving')}>
              {t('stepUpSetting.save')}
            </Button>
            {setting.amountMinor !== setting.defaultAmountMinor ? (
              <Button
                variant="secondary"
                disabled={saving}
                onClick={() => actorRef.send({ type: 'DEFAULT' })}
              >
                {t('stepUpSetting.useDefault', { amount: formatMoney(setting.defaultAmountMinor) })}
              </Button>
            ) : null}
            {setting.amountMinor !== null ? (
              <Button
                variant="secondary"
                disabled={saving}
                onClick={() => actorRef.send({ type: 'TURN_OFF' })}
              >
                {t('stepUpSetting.turnOff')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
