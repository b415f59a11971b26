import { describeMachinePaths } from '../support/machine-paths';
import { model } from '../support/machine-model-sign-up';

describeMachinePaths(model);
