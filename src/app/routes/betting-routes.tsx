import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { bettingHistoryMachine } from '../../machines/betting-history.machine';
import { bettingReceiptMachine } from '../../machines/betting-receipt.machine';
import { bettingMachine } from '../../machines/betting.machine';
import { BettingHistoryPanel } from '../../screens/betting-history-panel';
import { BettingScreen } from '../../screens/betting-screen';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';

function BettingFlow({ walletAmount, token }: { walletAmount: MinorUnits; token?: string }) {
  const { session } = useAppActors();
  const live = useLiveActors();
  const user = session.getSnapshot().context.auth?.user;
  const actorRef = useActorRef(bettingMachine.provide(live.betting), {
    input: {
      walletAmount,
      hasIdentification: user?.hasIdentification ?? false,
      ...(token === undefined ? {} : { token }),
    },
  });
  const receiptMachine = useMemo(() => bettingReceiptMachine.provide(live.bettingReceipt), [live]);
  return <BettingScreen actorRef={actorRef} receiptMachine={receiptMachine} />;
}

/** A partner's link: the flow starts from the request its token names (a new token, a new flow). */
function BettingLinkFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const { token } = useParams();
  return <BettingFlow key={token} walletAmount={walletAmount} token={token ?? ''} />;
}

/** /deposit and /Dashboard/bettingDeposit: the betting wizard, behind the identity gate. */
/** The spec's betting page says so when the wallet amount could not be read (the session's copy stands in). */
const balanceOptions = { notRead: 'betting.walletAmountMissing' } as const;

export const BettingRoute = gatedFlowRoute('betting.title', withWalletBalance(BettingFlow, balanceOptions));

/** /deposit/{token}: a partner's payment request, behind the identity gate. */
export const BettingLinkRoute = gatedFlowRoute(
  'betting.title',
  withWalletBalance(BettingLinkFlow, balanceOptions),
);

/** /Dashboard/bettingHistory: the betting history panel, its pages and 'Betting Details' read through the services. */
export function BettingHistoryRoute() {
  const live = useLiveActors();
  const actorRef = useActorRef(bettingHistoryMachine.provide(live.bettingHistory));
  const receiptMachine = useMemo(() => bettingReceiptMachine.provide(live.bettingReceipt), [live]);
  return <BettingHistoryPanel actorRef={actorRef} receiptMachine={receiptMachine} />;
}
