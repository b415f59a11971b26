import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { topUpMachine } from '../../machines/top-up.machine';
import type { TopUpCall } from '../../machines/top-up.form';
import { getBanksByCountry } from '../../services/reference';
import { getWalletOperation, topUpByBank, topUpByCard, topUpByMomo } from '../../services/wallet';
import { IdentityGate } from '../../screens/identity-gate';
import { WalletTopUpScreen } from '../../screens/wallet-top-up-screen';
import { useAppActors } from '../app-actors';
import { useUserId } from '../use-user-id';

/** Ghana's banks (spec section 9: the bank list uses country id 1). */
export const BANKS_COUNTRY_ID = 1;

const callTopUp = (userId: number, call: TopUpCall, signal: AbortSignal) => {
  switch (call.gateway) {
    case 'card':
      return topUpByCard({ ...call.request, userId }, call.idempotencyKey, { signal });
    case 'bank':
      return topUpByBank({ ...call.request, userId }, call.idempotencyKey, { signal });
    case 'momo':
      return topUpByMomo({ ...call.request, userId }, call.idempotencyKey, { signal });
  }
};

function TopUpFlow() {
  const { session } = useAppActors();
  const userId = useUserId();
  const actorRef = useActorRef(
    topUpMachine.provide({
      actors: {
        loadBanks: fromPromise(({ signal }) => getBanksByCountry(BANKS_COUNTRY_ID, { signal })),
        topUp: fromPromise(({ input, signal }) => callTopUp(userId, input, signal)),
        getOperation: fromPromise(({ input, signal }) =>
          getWalletOperation(input.referenceNumber, { signal }),
        ),
      },
      actions: {
        walletChanged: (_, params) =>
          session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: params.walletAmount }),
      },
    }),
    { input: {} },
  );
  return <WalletTopUpScreen actorRef={actorRef} />;
}

/** /WalletTopUp and /Dashboard/walletTopUp: the top-up wizard, behind the identity gate. */
export default function WalletTopUpRoute() {
  const { session } = useAppActors();
  return (
    <IdentityGate session={session} title="topUpScreen.title">
      <TopUpFlow />
    </IdentityGate>
  );
}
