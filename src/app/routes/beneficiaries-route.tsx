import { BeneficiaryManager } from '../../screens/beneficiary-manager';
import { BeneficiaryActorsProvider } from './beneficiary-actors-provider';
import { gatedFlowRoute } from './gated-flow';

function Beneficiaries() {
  return (
    <BeneficiaryActorsProvider>
      <BeneficiaryManager />
    </BeneficiaryActorsProvider>
  );
}

/** /Dashboard/beneficiaries: the Beneficiary manager, behind the identity gate (spec section 6). */
export default gatedFlowRoute('beneficiaries.title', Beneficiaries);
