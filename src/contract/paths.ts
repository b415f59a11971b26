/** Every API path, exactly as spec section 7 writes it (and the ones we added, marked "new"). */
export const apiPaths = {
  health: '/api/health', // new
  countries: '/api/Country/GetAllCountries',
  banksByCountry: '/api/Bank/GetAllBanksByCountryId',
  paymentMethods: '/api/Transaction/GetPaymentMethods',
  deliveryMethods: '/api/Transaction/GetDeliveryMethods',
  transactionPurposes: '/api/Transaction/GetAllTransactionPurposes',
  identificationTypes: '/api/Transaction/GetIdentitficationTypes',
  register: '/api/User/UserRegistration',
  logIn: '/api/User/UserLogin',
  validateToken: '/api/User/ValidateToken',
  logOut: '/api/User/Logout', // new
  walletAmount: '/api/User/GetWalletAmountByUserId',
  forgotPassword: '/api/User/ForgotPassword', // new
  verifyResetCode: '/api/User/VerifyResetCode', // new
  resetPassword: '/api/User/ResetPassword', // new
  setLanguage: '/api/User/SetLanguage', // new: the language kept on the account (mails use it)
  identificationsByUser: '/api/User/GetAllIdentificationsByUserId',
  userIdentification: '/api/Transaction/GetUserIdentification',
  addIdentification: '/api/Transaction/AddUserIdentification',
  uploadIdentificationImage: '/api/Transaction/UploadIdentificationImage', // new
  identificationImage: '/api/Transaction/GetIdentificationImage', // new
  cardTopUp: '/api/User/AddFundsToWallet',
  bankTopUp: '/api/User/AddBanksFundsToWallet',
  momoTopUp: '/api/User/AddMOMOFundsToWallet',
  withdrawal: '/api/Transaction/WithDrawalMoney',
  walletHistory: '/api/User/GetWalletHistoryByUserId',
  walletOperation: '/api/User/GetWalletOperation', // new
  walletHistoryPage: '/api/User/GetWalletHistoryPage', // new: one page and the total, for the browser
  monthSummary: '/api/Wallet/MonthSummary', // new: money in and out of the wallet by week of a month
  providerWebhook: '/api/Provider/Webhook', // new: called by payment providers, signed
  createMobileBeneficiary: '/api/Beneficiary/CreateBeneficiary',
  createBankBeneficiary: '/api/Bank/CreateBeneficiaryBank',
  mobileBeneficiaries: '/api/Beneficiary/BeneficiariesByUserId',
  bankBeneficiaries: '/api/Bank/BeneficiariesBanksByUserId',
  editBeneficiary: '/api/Beneficiary/EditBeneficiary',
  deleteBeneficiary: '/api/Beneficiary/DeleteBeneficiary',
  resolveAccountName: '/api/Beneficiary/ResolveAccountName', // new: the holder's name before saving
  exchangeRates: '/api/Transaction/GetExchangeRates', // new: the one rate table
  initiateTransfer: '/api/Transaction/InitiateTransfer',
  reviewTransfer: '/api/Transaction/ReviewTransactionByCartId',
  payNow: '/api/Transaction/PayNow',
  checkCoupon: '/api/Transaction/CheckCoupon', // new: what a coupon takes off the fee, before the quote
  transactionByReference: '/api/Transaction/GetTransactionByReferenceNumber',
  transactionHistory: '/api/Transaction/GetTransactionsHistoryByUserId',
  transactionHistoryPage: '/api/Transaction/GetTransactionsHistoryPage', // new: one page and the total
  sendPhoneVerificationCode: '/api/User/SendPhoneVerificationCode', // new: an SMS code to the account's phone
  verifyPhone: '/api/User/VerifyPhone', // new: the code back; the phone becomes verified (on-us transfers)
  phoneVerification: '/api/User/GetPhoneVerification', // new: whether the account's phone is verified
  bettingOperators: '/api/Transaction/GetBettingOperators', // new: the operators a bet can pay into
  initiateBetting: '/api/Transaction/InitiateBettingTransaction',
  bettingHistory: '/api/Transaction/GetBettingTransactionByUserId',
  bettingHistoryPage: '/api/Transaction/GetBettingHistoryPage', // new: one page and the total, for the browser
  bettingByReference: '/api/Transaction/GetBettingTransactionByReferenceNo',
  partnerPaymentLink: '/api/Transaction/AuthenticateUser', // an operator's server, with its API key
  bettingPaymentRequest: '/api/Transaction/GetBettingPaymentRequest', // new: a payment link's request, by token

  userDetails: '/api/User/GetUserDetails', // new: the gem payment gateway's user details
  gemPacks: '/api/Shop/GetGemPacks', // new: the treasure shop's packs priced in GHS at the current USD rate
  buyGemPack: '/api/Shop/BuyGemPack', // new: a pack paid from the wallet (Idempotency-Key)
  gemBalance: '/api/Shop/GetGemBalance', // new: the user's gems (the game)
  gemPurchasesPage: '/api/Shop/GetGemPurchasesPage', // new: the user's gem purchases, one page and the total

  billingCompanies: '/api/Billing/GetBillingCompanies',
  billingSubCompanies: '/api/Billing/GetBillingSubCompaniesByCompanyId',
  billByReference: '/api/Billing/GetBillByReferenceNumber',
  payBill: '/api/Billing/PayBill',
  billingHistory: '/api/Billing/GetBillingTransactionByUserId',
  billingHistoryPage: '/api/Billing/GetBillingHistoryPage', // new: one page and the total, for the browser
  billingTransaction: '/api/Billing/GetBillingTransactionByReferenceNumber', // new: a bill payment's receipt

  accountTier: '/api/User/GetAccountTier', // new: the user's tier, its limits and what is used of them

  verifyGhanaCard: '/api/User/VerifyGhanaCard', // new: the Ghana Card checked against the identity register
  uploadProofOfAddress: '/api/User/UploadProofOfAddress', // new: a proof of address for review (multipart)
  proofOfAddress: '/api/User/GetProofOfAddress', // new: the latest proof of address and its review

  // Issue 26 (new): passkeys, the step-up before large money moves, devices (schemas in contract/passkeys.ts)
  passkeyRegistrationOptions: '/api/User/PasskeyRegistrationOptions',
  registerPasskey: '/api/User/RegisterPasskey',
  passkeyLogInOptions: '/api/User/PasskeyLogInOptions', // no token
  passkeyLogIn: '/api/User/PasskeyLogIn', // no token
  passkeys: '/api/User/Passkeys', // GET
  deletePasskey: '/api/User/Passkey', // DELETE ?id=
  sessions: '/api/User/Sessions', // GET
  revokeSession: '/api/User/RevokeSession',
  stepUpOptions: '/api/User/StepUpOptions',
  stepUpSetting: '/api/User/StepUpSetting', // GET and PUT
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** The calls the spec sends without a bearer token (section 6). */
export const unauthenticatedPaths: readonly ApiPath[] = [
  apiPaths.countries,
  apiPaths.register,
  apiPaths.logIn,
  apiPaths.validateToken,
  apiPaths.forgotPassword,
  apiPaths.verifyResetCode,
  apiPaths.resetPassword,
  apiPaths.health,
  apiPaths.providerWebhook,
  apiPaths.partnerPaymentLink,
  apiPaths.passkeyLogInOptions,
  apiPaths.passkeyLogIn,
];

/** Every money-moving POST takes an Idempotency-Key header (one per submit attempt, reused on retry). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
