import type { ReactNode } from 'react';
import { BeneficiaryActorsContext } from '../../screens/beneficiary-actors';
import { BeneficiaryManager } from '../../screens/beneficiary-manager';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';

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

function Beneficiaries() {
  return (
    <BeneficiaryActorsProvider>
      <BeneficiaryManager />
    </BeneficiaryActorsProvider>
  );
}

/** /Dashboard/beneficiaries: the Beneficiary manager, behind the identity gate (spec section 6). */
export default gatedFlowRoute('beneficiaries.title', Beneficiaries);
