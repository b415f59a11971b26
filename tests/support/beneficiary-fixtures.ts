/* Beneficiaries as the API answers them, for the machine and screen tests (not a test file itself). */
import type { Beneficiary } from '../../src/contract/beneficiary';
import type { Bank } from '../../src/contract/reference';

export const beneficiaryBanks: Bank[] = [
  { id: 2, name: 'GCB Bank' },
  { id: 3, name: 'Ecobank Ghana' },
];

const fullNameOf = (first: string, middle: string, last: string) =>
  [first, middle, last].filter((part) => part !== '').join(' ');

/** A MoMo beneficiary; its national number is 9 digits ending with the id. */
export const mobileBeneficiary = (
  id: number,
  firstName = 'Ama',
  lastName = 'Mensah',
  over: Partial<Beneficiary> = {},
): Beneficiary => {
  const national = `24${String(id).padStart(7, '0')}`;
  return {
    id,
    type: 'mobile',
    firstName,
    middleName: '',
    lastName,
    fullName: fullNameOf(firstName, '', lastName),
    motherMaidenName: '',
    phoneCode: '+233',
    phoneNumber: national,
    phone: `+233${national}`,
    relationship: 'Sister',
    countryId: 1,
    bankId: null,
    bankName: null,
    accountNo: null,
    network: 'MTN',
    accountName: fullNameOf(firstName, '', lastName),
    ...over,
  };
};

/** A bank beneficiary at GCB Bank; its account number is 13 digits ending with the id. */
export const bankBeneficiary = (
  id: number,
  firstName = 'Kofi',
  lastName = 'Boateng',
  over: Partial<Beneficiary> = {},
): Beneficiary => ({
  id,
  type: 'bank',
  firstName,
  middleName: '',
  lastName,
  fullName: fullNameOf(firstName, '', lastName),
  motherMaidenName: '',
  phoneCode: '+233',
  phoneNumber: '',
  phone: '',
  relationship: '',
  countryId: 1,
  bankId: 2,
  bankName: 'GCB Bank',
  accountNo: `10200300${String(id).padStart(5, '0')}`,
  network: null,
  accountName: fullNameOf(firstName, '', lastName).toUpperCase(),
  ...over,
});

/**
 * Seven beneficiaries, MoMo first (as getAllBeneficiaries answers): three full names start with 'Ama', one only
 * contains it ('Kwame Amankwah'), so a prefix search and a contains search differ.
 */
export const sevenBeneficiaries = (): Beneficiary[] => [
  mobileBeneficiary(1, 'Ama', 'Mensah'),
  mobileBeneficiary(2, 'Kwame', 'Amankwah'),
  mobileBeneficiary(3, 'Amanda', 'Owusu'),
  mobileBeneficiary(4, 'Yaw', 'Asante'),
  bankBeneficiary(5, 'Kofi', 'Boateng'),
  bankBeneficiary(6, 'Ama', 'Serwaa'),
  bankBeneficiary(7, 'Efua', 'Sarpong'),
];
