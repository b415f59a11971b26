/**
 * Which requirements (src/domain/requirements.ts) the server enforces, and where: by id, the files of src/server
 * whose checks enforce it (most call the same src/domain rule as the browser). Read by `npm run trace`;
 * tests/machines/requirements.test.ts fails when a file named here does not exist.
 *
 * Not imported by the server at run time: documentation that the compiler checks (ids) and a test keeps honest (paths).
 */
import type { RequirementId } from '../domain/requirements';

const wallet = 'src/server/routes/wallet/wallet-routes.ts';
const transfer = 'src/server/routes/transfer/transfer-routes.ts';
const cartPayment = 'src/server/routes/transfer/cart-payment.ts';
const cartCollection = 'src/server/routes/transfer/cart-collection.ts';
const user = 'src/server/routes/user/user-routes.ts';
const identification = 'src/server/routes/identification/identification-routes.ts';
const beneficiary = 'src/server/routes/beneficiary/beneficiary-routes.ts';
const billing = 'src/server/routes/billing/billing-routes.ts';
const billLookup = 'src/server/routes/billing/bill-lookup.ts';
const betting = 'src/server/routes/betting/betting-routes.ts';
const limits = 'src/server/tiers/limits.ts';
const tiers = 'src/server/tiers/tiers.ts';
const idempotency = 'src/server/idempotency/require-idempotency-key.ts';
const storedAnswers = 'src/server/idempotency/stored-answers.ts';
const ledger = 'src/server/ledger/wallet-service.ts';
const audit = 'src/server/audit/audit-log.ts';
const auditVerify = 'src/server/audit/audit-verify.ts';
const identityGate = 'src/server/plugins/identity-gate.ts';
const auth = 'src/server/plugins/auth.ts';
const phone = 'src/server/routes/phone-verification/phone-verification-routes.ts';
const passwordReset = 'src/server/routes/password-reset/password-reset-routes.ts';
const kinds = 'src/server/ledger/kinds.ts';

export const serverRequirements: Readonly<Partial<Record<RequirementId, readonly string[]>>> = {
  'S4.session.3': [identification],
  'S4.sessionValidation.2': [auth],
  'S4.sessionValidation.3': [auth],
  'S4.crossBorder.1': [transfer],
  'S4.payNow.2': [idempotency, storedAnswers],
  'S4.betting.1': [betting],
  'S4.billPayment.2': [billLookup],
  'S5.signUp.1': [user],
  'S5.signUp.2': [user],
  'S5.signUp.4': [user, passwordReset],
  'S5.signUp.5': [user],
  'S5.signUp.6': [user],
  'S5.signUp.7': [user],
  'S5.otp.1': [phone, passwordReset],
  'S5.walletPayment.1': [cartPayment, ledger],
  'S5.identification.1': [identification],
  'S5.identification.2': [identification],
  'S5.identification.3': [identification],
  'S5.identification.4': [identification],
  'S5.identification.5': [identification],
  'S5.identification.6': [identification, 'src/server/uploads.ts'],
  'S5.transfer.1': [transfer],
  'S5.transfer.2': [transfer],
  'S5.transfer.3': [transfer],
  'S5.transfer.4': [transfer],
  'S5.transfer.5': [transfer],
  'S5.transfer.6': [transfer],
  'S5.transfer.7': [transfer, identityGate],
  'S5.beneficiaryMobile.1': [beneficiary],
  'S5.beneficiaryMobile.2': [beneficiary],
  'S5.beneficiaryMobile.3': [beneficiary],
  'S5.beneficiaryMobile.4': [beneficiary],
  'S5.beneficiaryBank.1': [beneficiary],
  'S5.beneficiaryBank.2': [beneficiary],
  'S5.beneficiaryBank.3': [beneficiary],
  'S5.beneficiaryEdit.1': [beneficiary],
  'S5.beneficiaryEdit.2': [beneficiary],
  'S5.beneficiaryEdit.3': [beneficiary],
  'S5.beneficiaryEdit.4': [beneficiary],
  'S5.card.1': [wallet, cartCollection],
  'S5.card.2': [wallet, cartCollection],
  'S5.card.3': [wallet, cartCollection],
  'S5.card.4': [wallet, cartCollection],
  'S5.card.5': [wallet, cartCollection],
  'S5.card.6': [wallet, cartCollection],
  'S5.card.7': [wallet, cartCollection],
  'S5.card.8': [wallet],
  'S5.bankTopUp.1': [wallet],
  'S5.bankTopUp.2': [wallet],
  'S5.bankTopUp.3': [wallet],
  'S5.momoTopUp.1': [wallet],
  'S5.momoTopUp.2': [wallet],
  'S5.betting.1': [betting],
  'S5.bankWithdrawal.1': [wallet],
  'S5.bankWithdrawal.2': [wallet],
  'S5.bankWithdrawal.3': [wallet, ledger],
  'S5.momoWithdrawal.1': [wallet],
  'S5.momoWithdrawal.2': [wallet, ledger],
  'S5.momoWithdrawal.3': [wallet],
  'S5.momoWithdrawal.5': [wallet],
  'S5.billReference.2': [billLookup],
  'S5.billReference.3': [billLookup],
  'S5.billReference.4': [billLookup],
  'S5.billReference.5': [billing, ledger],
  'S5.crossBorder.1': [transfer],
  'S8.logIn.1': [user],
  'S8.identification.1': [identification],
  'S8.beneficiaryCreate.1': [beneficiary],
  'S8.billPayment.1': [billLookup],
  'S9.fee.1': [transfer, betting, kinds],
  'S9.fee.2': [billing],
  'S9.limits.1': [transfer],
  'S9.currency.1': ['src/server/routes/transfer/rates-repository.ts'],
  'S9.currency.2': ['src/server/routes/transfer/rates-repository.ts'],
  'S9.currency.3': [wallet],
  'S9.betting.1': [betting],
  'S9.pageSize.1': ['src/server/routes/transfer/transaction-history-routes.ts'],
  'S9.lengths.1': [user, identification, beneficiary, wallet],
  'S9.withdrawal.1': [wallet],
  'S9.withdrawal.2': [wallet],
  'S9.gems.1': ['src/server/routes/shop/shop-routes.ts'],
  'S9.timers.1': [auth],
  'S9.defaults.1': [user],
  'C.tier.1': [limits, 'src/server/db/migrations/0018_account_tiers.sql'],
  'C.tier.2': [limits],
  'C.tier.3': [tiers, identification],
  'C.limit.1': [limits],
  'C.limit.2': [limits],
  'C.limit.3': [limits],
  'C.limit.4': [limits],
  'C.limit.5': [limits],
  'C.limit.6': [limits],
  'C.limit.7': [identityGate, limits],
  'C.limit.8': [limits, storedAnswers],
  'C.audit.1': [audit, 'src/server/db/migrations/0021_audit_ledger.sql'],
  'C.audit.2': ['src/server/db/migrations/0020_audit_log.sql'],
  'C.audit.3': [auditVerify],
};
