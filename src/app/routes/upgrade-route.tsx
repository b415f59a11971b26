import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { GHANA_CARD_TYPE_ID } from '../../domain/account-upgrade';
import {
  accountUpgradeMachine,
  type AccountUpgradeMachine,
  type UpgradeData,
} from '../../machines/account-upgrade.machine';
import { ghanaCardVerificationMachine } from '../../machines/ghana-card-verification.machine';
import {
  proofOfAddressMachine,
  type UploadProofOfAddressCall,
} from '../../machines/proof-of-address.machine';
import type { ProofOfAddress, VerifiedGhanaCard } from '../../contract/upgrade';
import {
  AccountUpgradeScreen,
  GhanaCardStep,
  ProofOfAddressStep,
} from '../../screens/account-upgrade-screen';
import { getIdentifications } from '../../services/identification';
import {
  getAccountTier,
  getProofOfAddress,
  uploadProofOfAddress,
  verifyGhanaCard,
} from '../../services/upgrade';

/** The page's side effects: the live services by default, fakes in the screen tests. */
export interface UpgradeActors {
  loadUpgrade: ReturnType<typeof fromPromise<UpgradeData, void>>;
  verifyGhanaCard: (identificationId: number, call: { signal: AbortSignal }) => Promise<VerifiedGhanaCard>;
  uploadProofOfAddress: (
    input: UploadProofOfAddressCall,
    call: { signal: AbortSignal },
  ) => Promise<ProofOfAddress>;
}

const loadUpgrade = fromPromise<UpgradeData, void>(async ({ signal }) => {
  const [tier, identifications, proofOfAddress] = await Promise.all([
    getAccountTier({ signal }),
    getIdentifications({ signal }),
    getProofOfAddress({ signal }),
  ]);
  const ghanaCards = identifications
    .filter((identification) => identification.identificationTypeId === GHANA_CARD_TYPE_ID)
    .map((identification) => ({ id: identification.id, number: identification.identificationNumber }));
  return { tier, ghanaCards, proofOfAddress };
});

const liveActors: UpgradeActors = {
  loadUpgrade,
  verifyGhanaCard: (identificationId, call) => verifyGhanaCard(identificationId, call),
  uploadProofOfAddress: (input, call) => uploadProofOfAddress(input.documentKind, input.document, call),
};

/** The two steps, started from the page's data (a new load starts them again from the new data). */
function UpgradeSteps({
  page,
  data,
  actors,
}: {
  page: ActorRefFrom<AccountUpgradeMachine>;
  data: UpgradeData;
  actors: UpgradeActors;
}) {
  const refresh = () => page.send({ type: 'REFRESH' });
  const { tier } = data.tier;
  const ghanaCard = useActorRef(
    ghanaCardVerificationMachine.provide({
      actors: {
        verifyGhanaCard: fromPromise(({ input, signal }) =>
          actors.verifyGhanaCard(input.identificationId, { signal }),
        ),
      },
      actions: { verified: refresh },
    }),
    { input: { cards: data.ghanaCards, verified: tier === 'medium' || tier === 'enhanced' } },
  );
  const proofOfAddress = useActorRef(
    proofOfAddressMachine.provide({
      actors: {
        uploadProofOfAddress: fromPromise(({ input, signal }) =>
          actors.uploadProofOfAddress(input, { signal }),
        ),
      },
      actions: { submitted: refresh },
    }),
    {
      input: {
        latest: data.proofOfAddress,
        canSend: tier === 'medium',
      },
    },
  );
  return (
    <>
      <GhanaCardStep actorRef={ghanaCard} />
      <ProofOfAddressStep actorRef={proofOfAddress} />
    </>
  );
}

/** The page and its steps, wired to `actors`. */
export function UpgradePage({ actors }: { actors: UpgradeActors }) {
  const page = useActorRef(accountUpgradeMachine.provide({ actors: { loadUpgrade: actors.loadUpgrade } }));
  const data = useSelector(page, (s) => s.context.data);
  return (
    <AccountUpgradeScreen
      actorRef={page}
      steps={
        data ? <UpgradeSteps key={JSON.stringify(data)} page={page} data={data} actors={actors} /> : null
      }
    />
  );
}

/** /Dashboard/upgrade: the balance card's 'Upgrade account'. */
export default function UpgradeRoute() {
  return <UpgradePage actors={liveActors} />;
}
