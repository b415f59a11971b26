import { describeMachinePaths } from '../support/machine-paths';
import { model } from '../support/machine-model-cookie-consent';

describeMachinePaths(model);
