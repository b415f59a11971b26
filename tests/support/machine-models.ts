/** Every issue-2 machine's path-test models, by machine file name (src/machines/<name>.machine.ts). */
import type { MachineModel } from './machine-paths';
import { model as connectivityModel } from './machine-model-connectivity';
import { model as cookieConsentModel } from './machine-model-cookie-consent';
import { model as forgotPasswordModel } from './machine-model-forgot-password';
import { model as logInModel } from './machine-model-log-in';
import { model as phoneVerificationModel } from './machine-model-phone-verification';
import { model as sessionModel } from './machine-model-session';
import { model as signUpModel } from './machine-model-sign-up';

export const machineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'session', models: [sessionModel as MachineModel] },
  { file: 'log-in', models: [logInModel as MachineModel] },
  { file: 'sign-up', models: [signUpModel as MachineModel] },
  { file: 'forgot-password', models: [forgotPasswordModel as MachineModel] },
  { file: 'cookie-consent', models: [cookieConsentModel as MachineModel] },
  { file: 'connectivity', models: [connectivityModel as MachineModel] },
  { file: 'phone-verification', models: [phoneVerificationModel as MachineModel] },
];
