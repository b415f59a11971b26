import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SecurityChange } from '../domain/passkey';
import type { StepUpMachine } from '../machines/step-up.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';

/**
 * The step-up before a large payment (issue 26): what is being confirmed (the amount and the beneficiary, as the
 * server will check them; or the change to the protection, in words: turning it off or raising it, removing a
 * passkey), then the device's fingerprint or face prompt at Confirm. Cancel, or Escape, sends nothing:
 * the payment's screen shows why.
 */
export function StepUpDialog({ actorRef }: { actorRef: ActorRefFrom<StepUpMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { challenge, error } = snapshot.context;
  const asking = snapshot.matches('askingPasskey');
  const cancel = () => actorRef.send({ type: 'CANCEL' });
  // A security change is said in words, not as 'GH₵ 0.00 to passkey:3' (the operation the proof is bound to).
  const changeText = (change: SecurityChange): string => {
    switch (change.kind) {
      case 'stepUpOff':
        return t('stepUp.change.stepUpOff');
      case 'stepUpRaised':
        return t('stepUp.change.stepUpRaised', { amount: formatMoney(change.amountMinor) });
      case 'passkeyRemoved':
        return t('stepUp.change.passkeyRemoved', { name: change.name });
    }
  };

  return (
    <Modal title={t('stepUp.title')} onClose={cancel}>
      {challenge ? (
        <p>
          {challenge.change
            ? changeText(challenge.change)
            : t('stepUp.operation', {
                amount: formatMoney(challenge.operation.amountMinor),
                beneficiary: challenge.operation.beneficiary,
              })}
        </p>
      ) : (
        <p role="status">{t('stepUp.preparing')}</p>
      )}
      {error ? <Alert>{t(error)}</Alert> : null}
      <div className="form-actions">
        <Button
          busy={asking}
          busyLabel={t('passkeys.waiting')}
          disabled={!snapshot.matches('confirming') && !asking}
          onClick={() => actorRef.send({ type: 'CONFIRM' })}
        >
          {t('stepUp.confirm')}
        </Button>
        <Button variant="secondary" disabled={asking} onClick={cancel}>
          {t('stepUp.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
