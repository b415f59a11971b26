/**
 * Reference data seeded at every start (idempotently). Ids are part of the contract: Ghana is country 1 (the spec
 * sends receiving country 1 and reads the banks of country 1) and transfer purpose 4 is 'Other' (it reveals the
 * notes field). Never renumber; append new rows with new ids.
 */

export interface CountrySeed {
  name: string;
  isoCode: string;
  dialCode: string;
}

export const GHANA: CountrySeed = { name: 'Ghana', isoCode: 'GH', dialCode: '+233' };

/** Every African Union member state but Ghana, and the countries where most of the diaspora lives and works. */
const OTHER_COUNTRIES: CountrySeed[] = [
  { name: 'Algeria', isoCode: 'DZ', dialCode: '+213' },
  { name: 'Angola', isoCode: 'AO', dialCode: '+244' },
  { name: 'Benin', isoCode: 'BJ', dialCode: '+229' },
  { name: 'Botswana', isoCode: 'BW', dialCode: '+267' },
  { name: 'Burkina Faso', isoCode: 'BF', dialCode: '+226' },
  { name: 'Burundi', isoCode: 'BI', dialCode: '+257' },
  { name: 'Cabo Verde', isoCode: 'CV', dialCode: '+238' },
  { name: 'Cameroon', isoCode: 'CM', dialCode: '+237' },
  { name: 'Central African Republic', isoCode: 'CF', dialCode: '+236' },
  { name: 'Chad', isoCode: 'TD', dialCode: '+235' },
  { name: 'Comoros', isoCode: 'KM', dialCode: '+269' },
  { name: 'Republic of the Congo', isoCode: 'CG', dialCode: '+242' },
  { name: 'Democratic Republic of the Congo', isoCode: 'CD', dialCode: '+243' },
  { name: "Côte d'Ivoire", isoCode: 'CI', dialCode: '+225' },
  { name: 'Djibouti', isoCode: 'DJ', dialCode: '+253' },
  { name: 'Egypt', isoCode: 'EG', dialCode: '+20' },
  { name: 'Equatorial Guinea', isoCode: 'GQ', dialCode: '+240' },
  { name: 'Eritrea', isoCode: 'ER', dialCode: '+291' },
  { name: 'Eswatini', isoCode: 'SZ', dialCode: '+268' },
  { name: 'Ethiopia', isoCode: 'ET', dialCode: '+251' },
  { name: 'Gabon', isoCode: 'GA', dialCode: '+241' },
  { name: 'Gambia', isoCode: 'GM', dialCode: '+220' },
  { name: 'Guinea', isoCode: 'GN', dialCode: '+224' },
  { name: 'Guinea-Bissau', isoCode: 'GW', dialCode: '+245' },
  { name: 'Kenya', isoCode: 'KE', dialCode: '+254' },
  { name: 'Lesotho', isoCode: 'LS', dialCode: '+266' },
  { name: 'Liberia', isoCode: 'LR', dialCode: '+231' },
  { name: 'Libya', isoCode: 'LY', dialCode: '+218' },
  { name: 'Madagascar', isoCode: 'MG', dialCode: '+261' },
  { name: 'Malawi', isoCode: 'MW', dialCode: '+265' },
  { name: 'Mali', isoCode: 'ML', dialCode: '+223' },
  { name: 'Mauritania', isoCode: 'MR', dialCode: '+222' },
  { name: 'Mauritius', isoCode: 'MU', dialCode: '+230' },
  { name: 'Morocco', isoCode: 'MA', dialCode: '+212' },
  { name: 'Mozambique', isoCode: 'MZ', dialCode: '+258' },
  { name: 'Namibia', isoCode: 'NA', dialCode: '+264' },
  { name: 'Niger', isoCode: 'NE', dialCode: '+227' },
  { name: 'Nigeria', isoCode: 'NG', dialCode: '+234' },
  { name: 'Rwanda', isoCode: 'RW', dialCode: '+250' },
  { name: 'São Tomé and Príncipe', isoCode: 'ST', dialCode: '+239' },
  { name: 'Senegal', isoCode: 'SN', dialCode: '+221' },
  { name: 'Seychelles', isoCode: 'SC', dialCode: '+248' },
  { name: 'Sierra Leone', isoCode: 'SL', dialCode: '+232' },
  { name: 'Somalia', isoCode: 'SO', dialCode: '+252' },
  { name: 'South Africa', isoCode: 'ZA', dialCode: '+27' },
  { name: 'South Sudan', isoCode: 'SS', dialCode: '+211' },
  { name: 'Sudan', isoCode: 'SD', dialCode: '+249' },
  { name: 'Tanzania', isoCode: 'TZ', dialCode: '+255' },
  { name: 'Togo', isoCode: 'TG', dialCode: '+228' },
  { name: 'Tunisia', isoCode: 'TN', dialCode: '+216' },
  { name: 'Uganda', isoCode: 'UG', dialCode: '+256' },
  { name: 'Zambia', isoCode: 'ZM', dialCode: '+260' },
  { name: 'Zimbabwe', isoCode: 'ZW', dialCode: '+263' },
  // Diaspora
  { name: 'Australia', isoCode: 'AU', dialCode: '+61' },
  { name: 'Austria', isoCode: 'AT', dialCode: '+43' },
  { name: 'Belgium', isoCode: 'BE', dialCode: '+32' },
  { name: 'Brazil', isoCode: 'BR', dialCode: '+55' },
  { name: 'Canada', isoCode: 'CA', dialCode: '+1' },
  { name: 'China', isoCode: 'CN', dialCode: '+86' },
  { name: 'Denmark', isoCode: 'DK', dialCode: '+45' },
  { name: 'France', isoCode: 'FR', dialCode: '+33' },
  { name: 'Germany', isoCode: 'DE', dialCode: '+49' },
  { name: 'India', isoCode: 'IN', dialCode: '+91' },
  { name: 'Ireland', isoCode: 'IE', dialCode: '+353' },
  { name: 'Italy', isoCode: 'IT', dialCode: '+39' },
  { name: 'Japan', isoCode: 'JP', dialCode: '+81' },
  { name: 'Lebanon', isoCode: 'LB', dialCode: '+961' },
  { name: 'Netherlands', isoCode: 'NL', dialCode: '+31' },
  { name: 'Norway', isoCode: 'NO', dialCode: '+47' },
  { name: 'Pakistan', isoCode: 'PK', dialCode: '+92' },
  { name: 'Portugal', isoCode: 'PT', dialCode: '+351' },
  { name: 'Qatar', isoCode: 'QA', dialCode: '+974' },
  { name: 'Saudi Arabia', isoCode: 'SA', dialCode: '+966' },
  { name: 'Spain', isoCode: 'ES', dialCode: '+34' },
  { name: 'Sweden', isoCode: 'SE', dialCode: '+46' },
  { name: 'Switzerland', isoCode: 'CH', dialCode: '+41' },
  { name: 'Türkiye', isoCode: 'TR', dialCode: '+90' },
  { name: 'United Arab Emirates', isoCode: 'AE', dialCode: '+971' },
  { name: 'United Kingdom', isoCode: 'GB', dialCode: '+44' },
  { name: 'United States', isoCode: 'US', dialCode: '+1' },
];

/** Ghana is 1; the rest are numbered in alphabetical order of their English names, fixed from here on. */
export const COUNTRIES: (CountrySeed & { id: number })[] = [
  { id: 1, ...GHANA },
  ...[...OTHER_COUNTRIES]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((country, index) => ({ id: index + 2, ...country })),
];

export const GHANA_COUNTRY_ID = 1;

/** Banks licensed by the Bank of Ghana (universal banks, plus ARB Apex Bank, the rural banks' apex bank). */
const GHANA_BANK_NAMES = [
  'Absa Bank Ghana',
  'Access Bank Ghana',
  'Agricultural Development Bank (ADB)',
  'ARB Apex Bank',
  'Bank of Africa Ghana',
  'CalBank',
  'Consolidated Bank Ghana',
  'Ecobank Ghana',
  'FBNBank Ghana',
  'Fidelity Bank Ghana',
  'First Atlantic Bank',
  'First National Bank Ghana',
  'GCB Bank',
  'Guaranty Trust Bank Ghana (GTBank)',
  'National Investment Bank (NIB)',
  'OmniBSIC Bank Ghana',
  'Prudential Bank',
  'Republic Bank Ghana',
  'Societe Generale Ghana',
  'Stanbic Bank Ghana',
  'Standard Chartered Bank Ghana',
  'United Bank for Africa Ghana (UBA)',
  'Universal Merchant Bank',
  'Zenith Bank Ghana',
];

export const BANKS = GHANA_BANK_NAMES.map((name, index) => ({
  id: index + 1,
  name,
  countryId: GHANA_COUNTRY_ID,
}));

/** What a transfer is paid with when the sender chose no payment method (a local one needs none). */
export const WALLET_BALANCE_PAYMENT_METHOD_ID = 4;

export const PAYMENT_METHODS = [
  { id: 1, name: 'Mobile Wallet', isEnabled: true, isCrossBoarder: true },
  { id: 2, name: 'Card', isEnabled: true, isCrossBoarder: true },
  { id: 3, name: 'Bank Transfer', isEnabled: true, isCrossBoarder: true },
  { id: WALLET_BALANCE_PAYMENT_METHOD_ID, name: 'Wallet balance', isEnabled: true, isCrossBoarder: true },
];

export const DELIVERY_METHODS = [
  { id: 1, name: 'Mobile Money', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
  { id: 2, name: 'Bank Deposit', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
  // Paid out by the cash partner (the sandbox's today): the recipient collects with a code and an ID.
  { id: 3, name: 'Cash Pickup', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
  { id: 4, name: 'Wallet', isEnabled: true, isCrossBoarder: false, isSendMoney: true },
];

/** Id 4 is 'Other': choosing it reveals the notes field. */
export const OTHER_PURPOSE_ID = 4;

export const TRANSACTION_PURPOSES = [
  { id: 1, purpose: 'Family support' },
  { id: 2, purpose: 'Education' },
  { id: 3, purpose: 'Business' },
  { id: OTHER_PURPOSE_ID, purpose: 'Other' },
  { id: 5, purpose: 'Medical expenses' },
  { id: 6, purpose: 'Gift' },
  { id: 7, purpose: 'Savings' },
  { id: 8, purpose: 'Rent and housing' },
  { id: 9, purpose: 'Funeral expenses' },
  { id: 10, purpose: 'Salary payment' },
];

export const IDENTIFICATION_TYPES = [
  { id: 1, name: 'Ghana Card' },
  { id: 2, name: 'Passport' },
  { id: 3, name: 'Voter ID' },
  { id: 4, name: "Driver's Licence" },
  { id: 5, name: 'SSNIT Card' },
];

/**
 * Betting operators licensed in Ghana that take mobile deposits. The code names each one's clearing account in the
 * ledger (clearing:betting:<code>) and is what `npm run partners` takes. `isDefault` is written only when a row is
 * first inserted (the seed compares code and name), so a default moved in the database stays where it was put.
 */
export const BETTING_OPERATORS = [
  { id: 1, code: 'sportybet', name: 'SportyBet Ghana', isDefault: true },
  { id: 2, code: 'betway', name: 'Betway Ghana' },
  { id: 3, code: 'onexbet', name: '1xBet Ghana' },
  { id: 4, code: 'premierbet', name: 'Premier Bet Ghana' },
  { id: 5, code: 'soccabet', name: 'Soccabet' },
  { id: 6, code: 'betika', name: 'Betika Ghana' },
];
