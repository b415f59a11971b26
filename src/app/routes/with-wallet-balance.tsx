import type { ComponentType } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { useI18n } from '../../i18n/i18n';
import { walletBalanceMachine } from '../../machines/wallet-balance.machine';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';

/**
 * A flow whose machine checks amounts against the available balance, which it takes as input: the balance machine
 * reads it from the server first (the session's copy may be older than a hold or a top-up elsewhere) and falls back
 * on the session's copy. The flow starts once the balance is known.
 */
export const withWalletBalance = (Flow: ComponentType<{ walletAmount: MinorUnits }>) =>
  function FlowWithBalance() {
    const { session } = useAppActors();
    const { t } = useI18n();
    const balance = useActorRef(walletBalanceMachine.provide(useLiveActors().balance), {
      input: { walletAmount: session.getSnapshot().context.auth?.user.walletAmount ?? 0 },
    });
    const walletAmount = useSelector(balance, (s) => (s.matches('ready') ? s.context.walletAmount : null));
    if (walletAmount === null) {
      return (
        <p role="status" className="loading">
          {t('app.loading')}
        </p>
      );
    }
    return <Flow walletAmount={walletAmount} />;
  };
