/**
 * Which requirements (src/domain/requirements.ts) each machine's guards enforce, beside the machines: by machine file
 * (src/machines/<file>.machine.ts), then by the guard's name in the machine's `setup({ guards })`. Read by
 * `npm run trace`, the diagrams (a guard is drawn with its ids) and the auditors' report; tests/machines/
 * requirements.test.ts fails when a guard named here is not one of the file's machines' guards.
 *
 * Not imported by the app: it costs no byte of any bundle.
 */
import type { RequirementId } from '../domain/requirements';

export type GuardRequirements = Readonly<Record<string, Readonly<Record<string, readonly RequirementId[]>>>>;

const transferSubmit: RequirementId[] = [
  'S5.transfer.1',
  'S5.transfer.2',
  'S5.transfer.3',
  'S5.transfer.4',
  'S5.transfer.5',
  'S5.transfer.6',
  'S5.transfer.7',
  'S9.limits.1',
];
const card: RequirementId[] = [
  'S5.card.1',
  'S5.card.2',
  'S5.card.3',
  'S5.card.4',
  'S5.card.5',
  'S5.card.6',
  'S5.card.7',
];
const serverRefusal: RequirementId[] = ['C.limit.8'];
const oneSubmission: RequirementId[] = ['S4.payNow.2'];

export const guardRequirements = {
  transfer: {
    formValid: transferSubmit,
    hasServerViolations: serverRefusal,
    hasKey: oneSubmission,
    canPay: oneSubmission,
    crossBorder: ['S4.crossBorder.1'],
    walletCovers: ['S5.walletPayment.1', 'S9.fee.1'],
    payFormValid: [...card, 'S5.momoTopUp.2'],
    termsAgreed: ['S5.crossBorder.1'],
    isSuccessful: ['S4.payNow.1', 'S4.crossBorder.1'],
    isFailed: ['S8.payNow.1'],
  },
  'top-up': {
    formValid: [
      ...card,
      'S5.card.8',
      'S5.bankTopUp.1',
      'S5.bankTopUp.2',
      'S5.bankTopUp.3',
      'S5.momoTopUp.1',
      'S5.momoTopUp.2',
    ],
    hasServerViolations: serverRefusal,
    hasKey: oneSubmission,
    isSuccessful: ['S4.topUp.1'],
    isFailed: ['S8.topUp.1'],
  },
  withdrawal: {
    formValid: [
      'S5.bankWithdrawal.1',
      'S5.bankWithdrawal.2',
      'S5.bankWithdrawal.3',
      'S5.momoWithdrawal.1',
      'S5.momoWithdrawal.2',
      'S5.momoWithdrawal.3',
      'S5.momoWithdrawal.5',
      'S9.withdrawal.1',
    ],
    hasServerViolations: serverRefusal,
    hasKey: oneSubmission,
    isSuccessful: ['S4.withdrawal.2'],
    isFailed: ['S4.withdrawal.3', 'S8.withdrawal.1'],
  },
  'bill-payment': {
    referenceValid: ['S5.billReference.2', 'S5.billReference.3', 'S5.billReference.4'],
    needsLookup: ['S4.billPayment.2'],
    walletCovers: ['S5.billReference.5'],
    hasServerViolations: [...serverRefusal, 'S8.billPayment.1'],
    hasKey: oneSubmission,
    isSuccessful: ['S4.billPayment.3'],
  },
  betting: {
    formValid: ['S5.betting.1'],
    walletCovers: ['S5.walletPayment.1', 'S9.fee.1'],
    hasServerViolations: serverRefusal,
    hasKey: oneSubmission,
    isSuccessful: ['S4.betting.1'],
    isFailed: ['S8.betting.1'],
  },
  'sign-up': {
    formValid: [
      'S5.signUp.1',
      'S5.signUp.2',
      'S5.signUp.3',
      'S5.signUp.4',
      'S5.signUp.5',
      'S5.signUp.6',
      'S5.signUp.7',
    ],
    hasServerViolations: ['S8.signUp.1'],
  },
  'log-in': { formValid: ['S5.signUp.7'] },
  'phone-verification': { isBoxIndex: ['S5.otp.1'], isSixDigits: ['S5.otp.1'], codeComplete: ['S5.otp.1'] },
  'forgot-password': {
    isBoxIndex: ['S5.otp.1'],
    isSixDigits: ['S5.otp.1'],
    codeComplete: ['S5.otp.1'],
    passwordsValid: ['S5.signUp.3', 'S5.signUp.4'],
  },
  'identification-form': {
    formValid: [
      'S5.identification.1',
      'S5.identification.2',
      'S5.identification.3',
      'S5.identification.4',
      'S5.identification.5',
    ],
    imageTooLarge: ['S5.identification.6'],
    hasServerViolations: ['S8.identification.1'],
  },
  'beneficiary-add': {
    formValid: [
      'S5.beneficiaryMobile.1',
      'S5.beneficiaryMobile.2',
      'S5.beneficiaryMobile.3',
      'S5.beneficiaryMobile.4',
      'S5.beneficiaryBank.1',
      'S5.beneficiaryBank.2',
      'S5.beneficiaryBank.3',
    ],
    hasServerViolations: ['S8.beneficiaryCreate.1'],
  },
  'beneficiary-edit': {
    formValid: [
      'S5.beneficiaryEdit.1',
      'S5.beneficiaryEdit.2',
      'S5.beneficiaryEdit.3',
      'S5.beneficiaryEdit.4',
    ],
  },
  session: {
    hasSession: ['S4.session.1'],
    isUnauthorized: ['S4.sessionValidation.2'],
    isConnectionFailure: ['S4.sessionValidation.3'],
  },
  'cookie-consent': { hasDecided: ['S4.cookie.1'] },
  'payment-gateway': { walletCovers: ['S5.walletPayment.1'], noPack: ['S8.treasureShop.1'] },
  'treasure-shop': { chosen: ['S8.treasureShop.1'] },
  'proof-of-address': { cannotSend: ['C.tier.1'] },
  'ghana-card-verification': { isVerified: ['C.tier.1'] },
} as const satisfies GuardRequirements;

/**
 * Requirements realised by a machine's transitions and actions rather than by a guard (a wizard's steps, a
 * timer, a message set on a failure): by machine file. Their path tests are the machine's generated paths.
 */
export const flowRequirements = {
  session: [
    'S4.session.1',
    'S4.session.2',
    'S4.session.3',
    'S4.sessionValidation.1',
    'S4.sessionValidation.4',
    'S8.session.1',
    'S4.drafts.1',
  ],
  transfer: [
    'S4.wizard.1',
    'S4.wizard.2',
    'S4.wizard.3',
    'S4.wizard.4',
    'S4.crossBorder.2',
    'S4.payNow.1',
    'S8.payNow.1',
    'S8.transferInitiation.1',
    'S8.loads.1',
    'S8.silentLoads.1',
  ],
  'top-up': ['S4.topUp.1', 'S4.wizard.1', 'S8.topUp.1'],
  withdrawal: ['S4.withdrawal.1', 'S4.withdrawal.2', 'S4.withdrawal.3', 'S8.withdrawal.1', 'S8.loads.1'],
  'bill-payment': ['S4.billPayment.1', 'S4.billPayment.2', 'S4.billPayment.3', 'S8.billPayment.1'],
  'billing-history': ['S8.silentLoads.1'],
  betting: ['S4.betting.1', 'S8.betting.1'],
  'identification-form': ['S4.identification.1', 'S8.loads.1'],
  'beneficiary-add': ['S4.beneficiary.1', 'S8.beneficiaryCreate.1'],
  'beneficiary-edit': ['S8.beneficiaryUpdate.1'],
  'beneficiary-list': ['S8.loads.1'],
  'sign-up': ['S8.signUp.1'],
  'log-in': ['S8.logIn.1'],
  'cookie-consent': ['S4.cookie.1'],
  'payment-gateway': ['S8.gateway.1'],
  'treasure-shop': ['S8.treasureShop.1'],
} as const satisfies Readonly<Record<string, readonly RequirementId[]>>;

/** The ids of one guard of one machine file (none when it enforces no catalogued rule). */
export const guardRequirementIds = (file: string, guard: string): readonly RequirementId[] =>
  (guardRequirements as GuardRequirements)[file]?.[guard] ?? [];
