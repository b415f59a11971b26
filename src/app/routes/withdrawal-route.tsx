import { useActorRef, useSelector } from '@xstate/react';
import { walletBalanceMachine } from '../../machines/wallet-balance.machine';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { WithdrawalScreen } from '../../screens/withdrawal-screen';
import { useI18n } from '../../i18n/i18n';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';
import type { MinorUnits } from '../../domain/money';

function WithdrawalFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const actorRef = useActorRef(withdrawalMachine.provide(useLiveActors().withdrawal), {
    input: { walletAmount },
  });
  return <WithdrawalScreen actorRef={actorRef} />;
}

/**
 * The withdrawal rules check the amount against the available balance, which the machine takes as input: the
 * balance machine reads it from the server first (the session's copy may be older than a hold or a top-up
 * elsewhere) and falls back on the session's copy.
 */
function WithdrawalWithBalance() {
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
  return <WithdrawalFlow walletAmount={walletAmount} />;
}

/** /Withdrawal: the withdrawal wizard, behind the identity gate. */
export default gatedFlowRoute('withdrawalScreen.title', WithdrawalWithBalance);
