import type { ReactNode } from 'react';
import { BeneficiaryActorsContext } from '../../screens/beneficiary-actors';
import { useLiveActors } from '../live-actors';

/**
 * The live actors of the beneficiary screens (the manager, the Add Beneficiary and edit dialogs), for any route
 * that shows them: /Dashboard/beneficiaries, and the /SendMoney wizard around its beneficiary step and '+' button.
 */
export function BeneficiaryActorsProvider({ children }: { children: ReactNode }) {
  const { beneficiaries } = useLiveActors();
  return (
    <BeneficiaryActorsContext.Provider value={beneficiaries}>{children}</BeneficiaryActorsContext.Provider>
  );
}
