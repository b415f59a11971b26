import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { getBanksByCountry } from '../../services/reference';
import { getWalletAmount, getWalletOperation, withdraw } from '../../services/wallet';
import { IdentityGate } from '../../screens/identity-gate';
import { WithdrawalScreen } from '../../screens/withdrawal-screen';
import { useI18n } from '../../i18n/i18n';
import { useAppActors } from '../app-actors';
import { useUserId } from '../use-user-id';
import { BANKS_COUNTRY_ID } from './wallet-top-up-route';

function WithdrawalFlow({ walletAmount }: { walletAmount: number }) {
  const { session } = useAppActors();
  const userId = useUserId();
  const actorRef = useActorRef(
    withdrawalMachine.provide({
      actors: {
        loadBanks: fromPromise(({ signal }) => getBanksByCountry(BANKS_COUNTRY_ID, { signal })),
        withdraw: fromPromise(({ input, signal }) =>
          withdraw({ ...input.request, userId }, input.idempotencyKey, { signal }),
        ),
        getOperation: fromPromise(({ input, signal }) =>
          getWalletOperation(input.referenceNumber, { signal }),
        ),
      },
      actions: {
        walletChanged: (_, params) =>
          session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: params.walletAmount }),
      },
    }),
    { input: { walletAmount } },
  );
  return <WithdrawalScreen actorRef={actorRef} />;
}

/**
 * The withdrawal rules check the amount against the available balance, which the machine takes as input: the
 * balance is read from the server first (the session's copy may be older than a hold or a top-up elsewhere).
 * When it cannot be read, the session's copy is used; the server checks again under its lock either way.
 */
function WithdrawalWithBalance() {
  const { session } = useAppActors();
  const { t } = useI18n();
  const userId = useUserId();
  const [walletAmount, setWalletAmount] = useState<number | null>(null);
  useEffect(() => {
    const call = new AbortController();
    getWalletAmount(userId, { signal: call.signal })
      .then((answer) => {
        session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: answer.walletAmount });
        setWalletAmount(answer.walletAmount);
      })
      .catch(() => {
        if (!call.signal.aborted) setWalletAmount(session.getSnapshot().context.auth?.user.walletAmount ?? 0);
      });
    return () => call.abort();
  }, [session, userId]);
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
export default function WithdrawalRoute() {
  const { session } = useAppActors();
  return (
    <IdentityGate session={session} title="withdrawalScreen.title">
      <WithdrawalWithBalance />
    </IdentityGate>
  );
}
