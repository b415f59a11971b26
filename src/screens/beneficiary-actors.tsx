import { createContext, useContext } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { BeneficiaryAddMachine } from '../machines/beneficiary-add.machine';
import type { BeneficiaryEditMachine } from '../machines/beneficiary-edit.machine';
import type { BeneficiaryListMachine } from '../machines/beneficiary-list.machine';
import type { BeneficiaryManagerMachine } from '../machines/beneficiary-manager.machine';

/** The actors (API calls) a machine's `provide` takes. */
type ActorsOf<Machine extends AnyStateMachine> = {
  actors: NonNullable<Parameters<Machine['provide']>[0]['actors']>;
};

/**
 * The side effects of the beneficiary screens' machines (the Beneficiary manager, the Add Beneficiary and edit
 * dialogs), given by the app (src/app/live-actors.ts) and by tests with fakes. The dialogs are used wherever a
 * beneficiary is picked (the /SendMoney wizard's '+' button too), so they take them from here rather than props.
 */
export interface BeneficiaryActors {
  list: ActorsOf<BeneficiaryListMachine>;
  manager: ActorsOf<BeneficiaryManagerMachine>;
  add: ActorsOf<BeneficiaryAddMachine>;
  edit: ActorsOf<BeneficiaryEditMachine>;
}

export const BeneficiaryActorsContext = createContext<BeneficiaryActors | null>(null);

export const useBeneficiaryActors = (): BeneficiaryActors => {
  const actors = useContext(BeneficiaryActorsContext);
  if (!actors)
    throw new Error(
      'The beneficiary screens need <BeneficiaryActorsProvider> (src/app/routes/beneficiaries-route.tsx) above them',
    );
  return actors;
};
