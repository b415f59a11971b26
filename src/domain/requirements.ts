/**
 * The requirement catalogue: every rule of the spec's sections 4 (states and transitions), 5 (validation), 8 (error
 * catalogue) and 9 (business constants and limits), and every limit and audit rule of docs/compliance.md, each with
 * a stable id and its text. Ids never change meaning: a rule that changes gets a new id, the old one is retired.
 *
 * Guards (src/machines/requirements.ts), server checks (src/server/requirements.ts) and tests (`proves()`, in
 * tests/support/requirements.ts) name the ids they enforce or prove with the `RequirementId` type, so a misspelt id
 * does not compile. `npm run trace` (scripts/trace.ts) writes docs/traceability.md and .json from them.
 */

/** Where a rule comes from: a section of /work/shared/spec/wallet-spec.md, or docs/compliance.md. */
export type RequirementSource = 'spec §4' | 'spec §5' | 'spec §8' | 'spec §9' | 'compliance';

/** A column of the trace: the machines' guards, the server's checks, the tests. */
export type TraceColumn = 'guards' | 'server' | 'tests';

export interface RequirementEntry {
  readonly text: string;
  /** Why a column of the trace is deliberately empty (e.g. a screen-only rule has no server check). */
  readonly reasons?: Readonly<Partial<Record<TraceColumn, string>>>;
}

const SCREEN_ONLY = 'a screen-only rule: the request the server receives does not carry it';
const DISPLAY_ONLY = 'presentation: no decision of a machine or the server depends on it';
const SERVER_ONLY = 'decided by the server alone: the browser only shows its answer';
const NO_GUARD = 'a plain transition or action of the machine, no condition to guard';
const NOT_KEPT =
  "the spec's original behaviour is deliberately not kept (docs/decisions.md): nothing enforces it";
const STATIC = 'a fixed value of the data or configuration, not a decision';

const screen = (text: string, extra: Partial<Record<TraceColumn, string>> = {}): RequirementEntry => ({
  text,
  reasons: { server: SCREEN_ONLY, ...extra },
});
const display = (text: string): RequirementEntry => ({
  text,
  reasons: { guards: DISPLAY_ONLY, server: DISPLAY_ONLY },
});
const flow = (text: string, extra: Partial<Record<TraceColumn, string>> = {}): RequirementEntry => ({
  text,
  reasons: { guards: NO_GUARD, server: SCREEN_ONLY, ...extra },
});
/** A summary of other rules (section 9 restating section 5): each part is proved under its own id. */
const summary = (text: string): RequirementEntry => ({
  text,
  reasons: {
    guards: 'a summary: each length is a rule of section 5, guarded under its own S5 id',
    tests: 'a summary: each length is a rule of section 5, proved under its own S5 id',
  },
});
const both = (text: string): RequirementEntry => ({ text });
const server = (text: string, extra: Partial<Record<TraceColumn, string>> = {}): RequirementEntry => ({
  text,
  reasons: { guards: SERVER_ONLY, ...extra },
});
const constant = (text: string): RequirementEntry => ({ text, reasons: { guards: STATIC } });

export const requirements = {
  /* ---------------------------------------------------------------- spec §4: states and transitions */
  'S4.session.1': flow('Session: logged out (no token) -> logged in (token set, then user details set).', {
    server: 'the session token is issued by log-in; the machine only stores it',
  }),
  'S4.session.2': flow('Logout clears the token and all user fields and removes them from storage.'),
  'S4.session.3': flow(
    'hasIdentification can be set separately and becomes true after a successful identification add.',
    { server: undefined },
  ),
  'S4.sessionValidation.1': flow('Every 1 second the token is validated.', {
    server: 'the server answers each validation; the cadence is the browser’s',
  }),
  'S4.sessionValidation.2': screen(
    "A validation answer that is not ok or carries code 401 shows the popup 'Token expired. Logging you out...'.",
  ),
  'S4.sessionValidation.3': screen(
    "A network error during validation shows 'Network connection issue. Logging you out...'.",
  ),
  'S4.sessionValidation.4': flow(
    'After 3 seconds the session is cleared, the amount draft is reset and the user goes to /LogIn.',
  ),
  'S4.landing.1': screen('Landing actions: signed in goes to the feature page; signed out goes to /login.', {
    guards: 'the landing’s links read the session store in the screen; no machine decides',
  }),
  'S4.wizard.1': flow('Wizards advance amount -> pay -> done.'),
  'S4.wizard.2': flow('The back arrow steps back one page.'),
  'S4.wizard.3': flow('Send Another returns to page 1.'),
  'S4.wizard.4': flow('The success screen resets the selected beneficiary to 0.'),
  'S4.crossBorder.1': both(
    'Cross-border: Next on page 1 initiates the transfer; code 200 or 201 stores the cart id and moves to payment.',
  ),
  'S4.crossBorder.2': screen(
    "Cross-border: any other code shows 'Failed to initiate transfer. Please try again.' and resets the amount to 0.",
  ),
  'S4.payNow.1': flow(
    'Pay now: on success the beneficiary id and delivery method id are reset to 0 and the flow advances.',
  ),
  'S4.payNow.2': both(
    'Wallet payment is idle or processing; repeat clicks are ignored while processing (the server: one payment per Idempotency-Key).',
  ),
  'S4.betting.1': both(
    "Betting: created with status 'pending'; a response holding a wallet balance stores the reference number and balance and moves on.",
  ),
  'S4.betting.2': display('Betting: no other statuses are shown.'),
  'S4.identification.1': flow('Identification form: entry form or success message.'),
  'S4.identification.2': screen('Expiry selects are disabled until the issue date is complete.', {
    guards: DISPLAY_ONLY,
  }),
  'S4.identification.3': screen(
    'Expiry is forced after the issue date; changing the issue date moves the expiry to the next day if needed.',
    { guards: 'a correction of the form’s value (an action), not a condition' },
  ),
  'S4.topUp.1': flow(
    'Top-ups: after bank or MoMo success the wallet balance is updated and the success screen shows.',
  ),
  'S4.beneficiary.1': flow(
    'Beneficiary creation: a success message shows and the modal closes after 3 seconds.',
  ),
  'S4.withdrawal.1': flow("Withdrawal: select gateway -> fill form -> submit (button 'Processing...')."),
  'S4.withdrawal.2': flow(
    "Withdrawal success: form cleared, wallet amount updated from the response, 'Withdrawal Successful'.",
  ),
  'S4.withdrawal.3': flow('Withdrawal failure: error modal, stay on the form.'),
  'S4.billPayment.1': flow(
    'Bill payment: choose company and sub-company (name, id, company name, title, min/max length, regular expression are kept).',
  ),
  'S4.billPayment.2': both(
    "Bill payment: Next ('Loading...') looks the bill up; after a successful lookup the button becomes 'Pay Bill' and the reference is read-only.",
  ),
  'S4.billPayment.3': flow("Bill payment: 'Processing...' -> wallet refreshed -> completion page."),
  'S4.billPayment.4': display("Bill status 'Paid' is green, otherwise red."),
  'S4.cookie.1': screen('The cookie banner is visible until userConsent is set.'),
  'S4.backToTop.1': display('Back-to-top shows or hides with the scroll position.'),
  'S4.drafts.1': flow(
    'The amount draft can be reset to defaults; transaction and billing data can be cleared to initial values.',
  ),

  /* ---------------------------------------------------------------- spec §5: validation rules */
  'S5.signUp.1': both(
    "Sign-up: first, middle (if given) and last name are letters and spaces only ('First name should only contain letters and spaces.', likewise for the others).",
  ),
  'S5.signUp.2': both(
    "Sign-up: each name at most 25 characters ('First Name too long', 'Middle Name too long', 'Last Name too long').",
  ),
  'S5.signUp.3': screen("Sign-up: passwords must match ('Passwords do not match')."),
  'S5.signUp.4': both(
    "Sign-up: password at least 8 characters with at least one letter and one digit ('Password must be at least 8 characters and include both letters and numbers.').",
  ),
  'S5.signUp.5': both("Sign-up: country must not be 0 ('Please Select a valid country')."),
  'S5.signUp.6': both(
    "Sign-up: a phone number shorter than 12 characters is refused ('Please enter a valid phone number with the correct country code.').",
  ),
  'S5.signUp.7': both('Sign-up: email required and e-mail typed.'),
  'S5.signUp.8': display(
    'The phone input limits digits to 15 and formats per country; its dropdown search debounce is 250 ms.',
  ),
  'S5.otp.1': both('OTP: each box takes one digit 0-9.'),
  'S5.passwordStrength.1': display(
    'New-password strength bar: 1 for a non-empty password of 5 characters or fewer; else 1 point each for length over 5, mixed case, a digit or symbol. Display only.',
  ),
  'S5.walletPayment.1': both(
    "Wallet payment: if balance minus (amount + 1% fee) is below 0: 'Not enough funds in the wallet'.",
  ),
  'S5.identification.1': both(
    'Identification: ID number digits only; the input is limited to 10 characters.',
  ),
  'S5.identification.2': both(
    "Identification: fewer than 10 digits: 'Please enter a valid 10-digit identification number'.",
  ),
  'S5.identification.3': both("Identification: all fields required ('Please fill all fields')."),
  'S5.identification.4': both("Identification: image required ('Please upload ID image to proceed')."),
  'S5.identification.5': both(
    "Identification: expiry must be after today ('Invalid Date Range: Expiry date must be greater than today').",
  ),
  'S5.identification.6': both("Identification: image at most 5 MB ('Image size too large')."),
  'S5.identification.7': display(
    'Identification: issue-year options cover the last 50 years; expiry-year options 50 years from the issue year.',
  ),
  'S5.identification.8': {
    text: 'Identification: upload progress is simulated (+10% every 300 ms).',
    reasons: {
      guards: NOT_KEPT,
      server: NOT_KEPT,
      tests: 'replaced by the real upload progress (XHR), tested with the identification form',
    },
  },
  'S5.sendAmount.1': screen('Send amount input: empty clears it; any value below 1 becomes 1.', {
    guards: 'a correction of the input (an action), not a condition',
  }),
  'S5.transfer.1': both("Transfer submit 1: a purpose selected ('Please select a purpose of transfer.')."),
  'S5.transfer.2': both("Transfer submit 2: a beneficiary selected ('Please select a beneficiary.')."),
  'S5.transfer.3': both("Transfer submit 3: amount > 0 ('Enter a valid amount')."),
  'S5.transfer.4': both(
    "Transfer submit 4: a local amount below 100000, a non-local one below 200000 ('Amount Exceeds Transaction limit.').",
  ),
  'S5.transfer.5': both(
    "Transfer submit 5: non-local needs a payment method ('Please select a valid Payment method').",
  ),
  'S5.transfer.6': both(
    "Transfer submit 6: a delivery method is required ('Please select a valid delivery method').",
  ),
  'S5.transfer.7': both(
    "Transfer submit 7: an identification is required ('Please validate your identity to continue transaction').",
  ),
  'S5.beneficiaryMobile.1': both(
    "Mobile beneficiary: first name, last name, phone required ('Please fill out all required fields.').",
  ),
  'S5.beneficiaryMobile.2': both(
    "Mobile beneficiary: names letters and spaces only ('Name contains invalid characters.').",
  ),
  'S5.beneficiaryMobile.3': both(
    "Mobile beneficiary: the phone after its first 3 characters has at least 9 ('Enter a Valid phone number.').",
  ),
  'S5.beneficiaryMobile.4': both(
    "Mobile beneficiary: first and last name at most 15 ('First Name too long.' / 'Last Name too long.').",
  ),
  'S5.beneficiaryBank.1': both('Bank beneficiary: the same required and name checks as a mobile one.'),
  'S5.beneficiaryBank.2': both(
    "Bank beneficiary: account number digits only, at least 10 ('Account No. should be atleast 10 digits long.').",
  ),
  'S5.beneficiaryBank.3': both(
    "Bank beneficiary: account number at most 20 digits ('Account No. should be 20 digits at max.').",
  ),
  'S5.beneficiaryEdit.1': both(
    "Edit beneficiary: first and last name not empty ('First name cannot be empty', 'Last name cannot be empty').",
  ),
  'S5.beneficiaryEdit.2': both(
    "Edit beneficiary: no numbers or special characters in a name ('First name cannot contain numbers or special characters', same for last name).",
  ),
  'S5.beneficiaryEdit.3': both("Edit beneficiary: each name at most 30 ('Name too long')."),
  'S5.beneficiaryEdit.4': both(
    "Edit beneficiary: the phone with the 233 prefix at least 12 characters ('Enter a valid phone number').",
  ),
  'S5.card.1': both(
    "Card form: first and last name letters only, at most 30 ('First Name Too Long.' / 'Last Name Too Long.').",
  ),
  'S5.card.2': both(
    "Card form: card number digits only, 16, shown in groups of four ('Enter a valid 16 digit card number').",
  ),
  'S5.card.3': both("Card form: expiry MM/YY ('Expiry date must be in MM/YY format.')."),
  'S5.card.4': both("Card form: expiry month 01-12 ('Expiry month must be between 01 and 12.')."),
  'S5.card.5': both("Card form: expiry not past ('Card has expired.')."),
  'S5.card.6': both("Card form: CVC exactly 3 digits ('CVC must be a 3-digit number.')."),
  'S5.card.7': both(
    "Card form: all fields required, and the amount for add funds ('All fields are required!').",
  ),
  'S5.card.8': both('Card form: the amount accepts only positive whole numbers.'),
  'S5.bankTopUp.1': both(
    "Bank top-up: account number digits only ('Bank account number cannot contain special characters or letters.').",
  ),
  'S5.bankTopUp.2': both(
    "Bank top-up: amount, account number, bank and account type required ('Please fill all required fields').",
  ),
  'S5.bankTopUp.3': both(
    "Bank top-up: account number length 10 to 15 ('Please Enter valid account number.').",
  ),
  'S5.bankTopUp.4': screen(
    'Bank top-up: a negative amount becomes 1 (kept as: the amount input takes no minus sign, so no negative amount is sent).',
    { guards: 'a correction of the input (an action), not a condition' },
  ),
  'S5.momoTopUp.1': both("MoMo top-up: amount > 0 ('Please enter a valid amount')."),
  'S5.momoTopUp.2': both(
    "MoMo top-up: phone digits only, at most 12, at least 9 ('Phone number must be minimum 9 digits.').",
  ),
  'S5.betting.1': both(
    "Betting fixed-amount step: 'Please Enter a valid Amount.' if the amount is not positive.",
  ),
  'S5.bankWithdrawal.1': both(
    "Bank withdrawal: amount, account number, bank required ('Please fill all required fields.').",
  ),
  'S5.bankWithdrawal.2': both(
    "Bank withdrawal: account number digits only, length 10 to 15 ('Enter a valid account number.').",
  ),
  'S5.bankWithdrawal.3': both("Bank withdrawal: an amount above the wallet balance ('Insufficient funds')."),
  'S5.momoWithdrawal.1': both(
    "MoMo withdrawal: amount and number required ('Please fill all required fields.').",
  ),
  'S5.momoWithdrawal.2': both("MoMo withdrawal: an amount above the wallet ('Insufficient funds')."),
  'S5.momoWithdrawal.3': both("MoMo withdrawal: a number shorter than 9 ('Enter a valid phone number')."),
  'S5.momoWithdrawal.4': screen('MoMo withdrawal: the input keeps only digits, at most 12.', {
    guards: 'a correction of the input (an action), not a condition',
  }),
  'S5.momoWithdrawal.5': both(
    'MoMo withdrawal: the spec’s amount minimum of 10 is an input attribute only; the product enforces it (GH₵ 10, docs/decisions.md, issue 21).',
  ),
  'S5.billReference.1': screen('Bill reference: cannot type beyond maxLength.', {
    guards: 'the input’s maxLength attribute, not a condition of the machine',
  }),
  'S5.billReference.2': both(
    "Bill reference: shorter than minLength: 'Reference number must be at least {min} characters long.'",
  ),
  'S5.billReference.3': both(
    "Bill reference: longer than maxLength: 'Reference number must not exceed {max} characters.'",
  ),
  'S5.billReference.4': both(
    "Bill reference: not matching the sub-company's regular expression: 'Reference number does not match the required pattern.'",
  ),
  'S5.billReference.5': both("Bill payment: on Pay, a total due above the wallet: 'Insufficient funds'."),
  'S5.crossBorder.1': both('Cross-border: the terms must be agreed before Continue.'),
  'S5.crossBorder.2': screen('Cross-border: the coupon input is disabled unless the toggle is on.', {
    guards: DISPLAY_ONLY,
  }),
  'S5.crossBorder.3': screen('Cross-border: the amount input is numeric; non-numbers count as 0.', {
    guards: 'a reading of the input (an action), not a condition',
  }),
  'S5.crossBorder.4': display('Number inputs block mouse-wheel changes.'),

  /* ---------------------------------------------------------------- spec §8: the error catalogue */
  'S8.logIn.1': screen(
    "Log-in: code 401 -> 'Invalid email or password'; thrown error -> 'Something went wrong, please try again later'; offline banner 'Network connection issue'.",
    { server: undefined },
  ),
  'S8.signUp.1': flow(
    "Sign-up: a non-ok response shows the server's message; a thrown error 'An error occurred during signup. Please try again later.'",
  ),
  'S8.payNow.1': flow(
    "Pay now: 'Error during payment. Please try again.'; card payment: 'Error processing payment, please try again later.' and the card shakes.",
  ),
  'S8.betting.1': flow(
    "Betting: missing wallet amount 'Failed to retrieve wallet amount. Please try again.'; other code 'Failed to initiate betting transaction. Please try again.'; thrown 'An error occurred during the betting transaction.'",
  ),
  'S8.transferInitiation.1': flow(
    "Transfer initiation: 'Failed to initiate transfer. Please try again.' / 'An error occurred during transfer initiation.'",
  ),
  'S8.identification.1': server(
    "Add identification: 409 'User with this ID already exists'; any other failure 'There was an error adding your identification. Please try again later.'",
  ),
  'S8.beneficiaryCreate.1': server(
    "Beneficiary create: 409 'This Beneficiary already exists!'; other failure 'Error creating beneficiary'; fallback 'Something went wrong, please try again.'",
  ),
  'S8.beneficiaryUpdate.1': flow(
    "Beneficiary update failure: 'An error occurred while updating the beneficiary.' (edit and delete failures elsewhere only logged).",
  ),
  'S8.loads.1': flow(
    "Load failures: 'Failed to load identification data.', 'Countries data could not be loaded.', 'Failed to fetch beneficiaries.', 'Failed to fetch transaction purposes.', 'Failed to fetch banks.' (or the server message).",
  ),
  'S8.topUp.1': flow(
    "Bank and MoMo top-up: the server message, or 'Error adding funds' / 'Failed to add funds'.",
  ),
  'S8.withdrawal.1': flow(
    "Withdrawal: the server message or 'Error processing withdrawal.' when the code is not 200; 'Failed to process withdrawal.' on request failure.",
  ),
  'S8.billPayment.1': both(
    "Bill payment: an inline red message for validation and for a lookup that is not 200 with data (the server message); 'Insufficient funds'.",
  ),
  'S8.gateway.1': flow(
    "Gateway: 'Failed to fetch user details. Please try again later.', 'Transaction failed. Please try again.', 'Failed to process payment. Please try again later.'; success 'Payment successful! Thank you for your purchase.'",
  ),
  'S8.treasureShop.1': flow(
    "Treasure shop: 'Please select a card before making a payment.' and 'Payment failed. Please try again later.'",
    { guards: undefined },
  ),
  'S8.session.1': flow(
    "Session: 'Token expired. Logging you out...' and 'Network connection issue. Logging you out...'.",
  ),
  'S8.silentLoads.1': flow(
    'A billing history load failure is an empty list; receipt fetch errors and payment/delivery method load failures are only logged.',
  ),

  /* ---------------------------------------------------------------- spec §9: business constants and limits */
  'S9.fee.1': both(
    'Processing fee on transfers and betting: 1% of the send amount; total to pay = amount + 1%.',
  ),
  'S9.fee.2': server("Bill payment processing fee 0, paidBy 'Wallet'."),
  'S9.transferTime.1': display("Transfer time shown: 'Within minutes'."),
  'S9.limits.1': both('Transfer limits: local below 100000; non-local below 200000.'),
  'S9.currency.1': constant(
    'Currency selector: GHS, PKR, USD, INR, NGN, GBP with a rate table (e.g. GBP->GHS 15.5, USD->GHS 12.5).',
  ),
  'S9.currency.2': constant(
    'Converter: rates relative to GHS (GHS 1, USD 0.12, EUR 0.11, GBP 0.09, NGN 92); From GHS, To USD; amount x to-rate / from-rate, 2 decimals.',
  ),
  'S9.currency.3': constant('Default currency GHS; symbol ₵ (GH₵).'),
  'S9.betting.1': constant(
    'Fixed betting test amount 2300 with 1% fee; betting and wallet payment method id 1; receiving country id 1; bank list country id 1.',
  ),
  'S9.pageSize.1': constant('Page sizes: 5 for histories and beneficiaries; 2 for identifications.'),
  'S9.timers.1': constant(
    'Timers: session validation 1 s; logout delay 3 s; beneficiary modal auto-close 3 s; identification prompt 3 s; menu close 800 ms; phone debounce 250 ms.',
  ),
  'S9.lengths.1': summary(
    'Lengths: names 25 / 15 / 30; password minimum 8; sign-up phone 12; OTP 6 digits; ID 10 digits; ID image 5 MB; card 16; CVC 3; bank account 10-15 (10-20 beneficiary); MoMo phone 9-12; bill reference per sub-company.',
  ),
  'S9.withdrawal.1': both('Withdrawal amounts: bank minimum 1; MoMo minimum 10 (attribute only).'),
  'S9.withdrawal.2': server(
    "Withdrawals send a fixed routing number and account type 1; provider default 'MTN mobile' (top-up 'MTN'); bank top-up prefills routing number and account type '1'.",
  ),
  'S9.gems.1': constant('Gem packs: 2500 gems $19.99; 6500 gems $49.99; 14000 gems $99.99.'),
  'S9.consent.1': screen('Consent cookie userConsent: path /, lifetime 365 days.', { guards: STATIC }),
  'S9.defaults.1': constant(
    'Back-to-top threshold 300 pixels; default receiving country id 1; default sign-up country Ghana; default phone code +44.',
  ),
  'S9.storage.1': screen(
    'Persisted storage: auth (token, userId, names, countryId, countryCode, walletAmount, hasIdentification), transaction and billing drafts.',
    { guards: STATIC },
  ),

  /* ---------------------------------------------------------------- docs/compliance.md */
  'C.tier.1': server(
    'Account tiers: none (no identification), minimum (GH₵ 3,000 a day, 10,000 a month, 5,000 balance), medium (15,000 a day, 40,000 balance), enhanced (25,000 a day, 75,000 balance).',
  ),
  'C.tier.2': server(
    'A new directive is a new row of tier_limits with its effective date and source; the row in force on a day is the latest effective_from on or before it.',
  ),
  'C.tier.3': server(
    'Only setTier changes a user’s tier, with a tier.changed audit row; adding an identification moves none to minimum.',
  ),
  'C.limit.1': server(
    'Daily and monthly limits sum the amounts (not the fee) of money leaving the wallet: every Debit operation.',
  ),
  'C.limit.2': server('A payment counts from its creation; a released or refused one gives its amount back.'),
  'C.limit.3': server('Days and months are Ghana’s calendar (GMT).'),
  'C.limit.4': server('The daily limit is checked first, then the monthly one.'),
  'C.limit.5': server(
    'Maximum balance bounds money arriving: balance + pending credits + the new amount may not pass the tier’s maximum.',
  ),
  'C.limit.6': server(
    'An on-us send that would take the receiver over their maximum is refused, telling the sender none of the receiver’s figures.',
  ),
  'C.limit.7': server(
    'A user at none moves no money (the identification gate); what reaches such a wallet is bounded by Minimum.',
  ),
  'C.limit.8': both(
    'A limit refusal is a 400 naming the limit and what is left (limit.daily / monthly / balance), with a link to upgrade, a limit.refused audit row, replayed under its Idempotency-Key.',
  ),
  'C.audit.1': server(
    'Every change of money, tier or staff action leaves an audit_log row in the same transaction.',
  ),
  'C.audit.2': server('audit_log is append-only: UPDATE, DELETE and TRUNCATE are refused for every role.'),
  'C.audit.3': server(
    'Each chain is a sha256 hash chain; npm run audit:verify names the first broken row and prints the heads digest.',
  ),
} as const satisfies Record<string, RequirementEntry>;

/** A requirement's id: a misspelt id is a type error. */
export type RequirementId = keyof typeof requirements;

export const requirementIds = Object.keys(requirements) as RequirementId[];

export const requirementText = (id: RequirementId): string => requirements[id].text;

export const sourceOf = (id: RequirementId): RequirementSource =>
  id.startsWith('C.') ? 'compliance' : (`spec §${id[1]}` as RequirementSource);

export const reasonsOf = (id: RequirementId): Partial<Record<TraceColumn, string>> =>
  Object.fromEntries(
    Object.entries((requirements[id] as RequirementEntry).reasons ?? {}).filter(([, reason]) => reason),
  );

/** Ids of a guard, a server check or a test: the identity at run time, typed at compile time. */
export const requirementList = <const T extends readonly RequirementId[]>(...ids: T): T => ids;
