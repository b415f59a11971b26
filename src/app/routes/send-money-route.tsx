import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { transactionReceiptMachine } from '../../machines/transaction-receipt.machine';
import { transferMachine } from '../../machines/transfer.machine';
import { walletBalanceMachine } from '../../machines/wallet-balance.machine';
import { SendMoneyScreen } from '../../screens/send-money-screen';
import { useI18n } from '../../i18n/i18n';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { BeneficiaryActorsProvider } from './beneficiary-actors-provider';
import { gatedFlowRoute } from './gated-flow';

function SendMoneyFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const { session } = useAppActors();
  const live = useLiveActors();
  const user = session.getSnapshot().context.auth?.user;
  const actorRef = useActorRef(transferMachine.provide(live.transfer), {
    input: {
      walletAmount,
      hasIdentification: user?.hasIdentification ?? false,
      ...(user ? { sendingCountryId: user.countryId } : {}),
    },
  });
  const receiptMachine = useMemo(() => transactionReceiptMachine.provide(live.transactionReceipt), [live]);
  return (
    <BeneficiaryActorsProvider>
      <SendMoneyScreen actorRef={actorRef} receiptMachine={receiptMachine} />
    </BeneficiaryActorsProvider>
  );
}

/**
 * The wallet payment card checks the quote against the available balance, which the transfer machine takes as
 * input: read from the server first (the session's copy may be older than a hold or a top-up elsewhere), the
 * session's copy when it cannot be read.
 */
function SendMoneyWithBalance() {
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
  return <SendMoneyFlow walletAmount={walletAmount} />;
}

/** /SendMoney (and /sendmoney, the menu's link): the transfer wizard, behind the identity gate. */
export default gatedFlowRoute('sendMoney.title', SendMoneyWithBalance);
