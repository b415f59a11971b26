import { describeMachinePaths } from '../support/machine-paths';
import { model } from '../support/machine-model-forgot-password';

describeMachinePaths(model);
