/* The path tests of the beneficiary machines (list, manager, add, edit): one test per generated path. */
import {
  beneficiaryAddModels,
  beneficiaryEditModels,
  beneficiaryListModel,
  beneficiaryManagerModel,
} from '../support/machine-models-beneficiaries';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(beneficiaryListModel);
describeMachinePaths(beneficiaryManagerModel);
beneficiaryAddModels.forEach(describeMachinePaths);
beneficiaryEditModels.forEach(describeMachinePaths);
