import { useState, type ComponentType } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { DomainMessageId } from '../../domain/messages';
import type { MinorUnits } from '../../domain/money';
import { useI18n } from '../../i18n/i18n';
import { walletBalanceMachine } from '../../machines/wallet-balance.machine';
import { RetryAlert } from '../../screens/ui/retry-alert';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';

/**
 * A flow whose machine checks amounts against the available balance, which it takes as input: the balance machine
 * reads it from the server first (the session's copy may be older than a hold or a top-up elsewhere) and falls back
 * on the session's copy. The flow starts once the balance is known. `notRead`: the message a flow shows above itself
 * when the server's figure could not be read (the betting page's spec message), with the way to read it again.
 */
export const withWalletBalance = (
  Flow: ComponentType<{ walletAmount: MinorUnits }>,
  { notRead }: { notRead?: DomainMessageId } = {},
) =>
  function FlowWithBalance() {
    const [attempt, setAttempt] = useState(0);
    return (
      <FlowAfterBalance
        key={attempt}
        Flow={Flow}
        notRead={notRead}
        readAgain={() => setAttempt((n) => n + 1)}
      />
    );
  };

function FlowAfterBalance({
  Flow,
  notRead,
  readAgain,
}: {
  Flow: ComponentType<{ walletAmount: MinorUnits }>;
  notRead: DomainMessageId | undefined;
  readAgain: () => void;
}) {
  const { session } = useAppActors();
  const { t } = useI18n();
  const balance = useActorRef(walletBalanceMachine.provide(useLiveActors().balance), {
    input: { walletAmount: session.getSnapshot().context.auth?.user.walletAmount ?? 0 },
  });
  const ready = useSelector(balance, (s) =>
    s.matches('ready') ? { walletAmount: s.context.walletAmount, fresh: s.context.fresh } : null,
  );
  if (ready === null) {
    return (
      <p role="status" className="loading">
        {t('app.loading')}
      </p>
    );
  }
  return (
    <>
      {notRead && !ready.fresh ? (
        <RetryAlert message={t(notRead)} retryLabel={t('betting.retry')} onRetry={readAgain} />
      ) : null}
      <Flow walletAmount={ready.walletAmount} />
    </>
  );
}
