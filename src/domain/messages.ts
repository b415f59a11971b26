/**
 * English text of every message decided by a rule or a process: what the server answers and what the machines
 * put in their context. The browser's catalogs translate these ids (src/app/i18n); the server answers with this
 * English text. The spec quotes most of them
 * verbatim; the rest are ours and recorded in docs/decisions.md. The browser's catalogs translate these ids;
 * the server answers with this English text.
 */
export const domainMessages = {
  'signUp.firstName.required': 'First name is required.',
  'signUp.lastName.required': 'Last name is required.',
  'signUp.firstName.letters': 'First name should only contain letters and spaces.',
  'signUp.middleName.letters': 'Middle name should only contain letters and spaces.',
  'signUp.lastName.letters': 'Last name should only contain letters and spaces.',
  'signUp.firstName.tooLong': 'First Name too long',
  'signUp.middleName.tooLong': 'Middle Name too long',
  'signUp.lastName.tooLong': 'Last Name too long',
  'password.mismatch': 'Passwords do not match',
  'password.weak': 'Password must be at least 8 characters and include both letters and numbers.',
  'password.tooLong': 'Password must be at most 128 characters.',
  'signUp.country.invalid': 'Please Select a valid country',
  'signUp.phone.invalid': 'Please enter a valid phone number with the correct country code.',
  'email.required': 'Please enter your email address.',
  'email.invalid': 'Please enter a valid email address.',
  'signUp.emailTaken': 'An account with this email already exists. Please log in instead.',
  'logIn.invalidCredentials': 'Invalid email or password',
  'logIn.passwordRequired': 'Please enter your password.',
  'otp.invalidFormat': 'Please enter the 6-digit code.',
  'otp.invalidOrExpired': 'This code is wrong or has expired. Please check it or ask for a new one.',
  'otp.sent': 'If an account exists for this email, we have sent it a 6-digit code.',
  'resetPassword.expired': 'Your reset link has expired. Please ask for a new code.',
  'resetPassword.done': 'Your password has been changed. Please log in.',
  'request.tooMany': 'Too many attempts. Please wait a minute and try again.',
  'request.invalid': 'Some of the information sent is missing or not valid.',
  'request.tooLarge': 'The request is too large.',
  'auth.required': 'Please log in to continue.',
  'auth.forbidden': 'You are not allowed to access this information.',
  'server.error': 'Something went wrong, please try again later',
  'signUp.failed': 'An error occurred during signup. Please try again later.',
  'signUp.done': 'Your account has been created. Please log in.',
  'session.expired': 'Token expired. Logging you out...',
  'session.connectionLost': 'Network connection issue. Logging you out...',
  'connectivity.offline': 'Network connection issue',
  'countries.loadFailed': 'Countries data could not be loaded.',
  'notFound': 'Not found.',
} as const;

export type DomainMessageId = keyof typeof domainMessages;

export const englishDomainMessage = (id: DomainMessageId): string => domainMessages[id];
