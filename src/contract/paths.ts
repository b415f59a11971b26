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
];
