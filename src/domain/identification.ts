import { addDays, isIsoDate, todayIso, yearOf, type IsoDate } from './calendar';
import type { RuleViolation } from './rule';

export const IDENTIFICATION_NUMBER_LENGTH = 10;
export const IDENTIFICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IDENTIFICATION_YEAR_RANGE = 50;
export const IDENTIFICATIONS_PAGE_SIZE = 2;
export const IDENTIFICATION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type IdentificationImageType = (typeof IDENTIFICATION_IMAGE_TYPES)[number];

export interface IdentificationInput {
  identificationTypeId: number;
  identificationNumber: string;
  issuedDate: IsoDate | '';
  expiryDate: IsoDate | '';
  /** The uploaded image, or null when none is attached yet. */
  image: { sizeBytes: number } | null;
}

export type IdentificationField = 'form' | 'identificationNumber' | 'image' | 'issuedDate' | 'expiryDate';

/** What the ID number input keeps: digits only, at most 10. */
export const identificationNumberInput = (typed: string): string =>
  typed.replace(/\D+/g, '').slice(0, IDENTIFICATION_NUMBER_LENGTH);

/**
 * The identification rules of spec section 5, in this order: all fields, the 10-digit number, the image (present,
 * at most 5 MB), then the dates (issued not in the future, expiry after the issue date, expiry after today).
 */
export const identificationViolations = (
  input: IdentificationInput,
  today: IsoDate = todayIso(),
): RuleViolation<IdentificationField>[] => {
  const violations: RuleViolation<IdentificationField>[] = [];
  const missing =
    !(Number.isInteger(input.identificationTypeId) && input.identificationTypeId > 0) ||
    input.identificationNumber === '' ||
    input.issuedDate === '' ||
    input.expiryDate === '';
  if (missing) violations.push({ field: 'form', messageId: 'identification.allFields' });
  if (input.identificationNumber !== '' && !/^\d{10}$/.test(input.identificationNumber)) {
    violations.push({ field: 'identificationNumber', messageId: 'identification.number' });
  }
  if (input.image === null) violations.push({ field: 'image', messageId: 'identification.imageRequired' });
  else if (input.image.sizeBytes > IDENTIFICATION_IMAGE_MAX_BYTES) {
    violations.push({ field: 'image', messageId: 'identification.imageTooLarge' });
  }
  violations.push(...dateViolations(input.issuedDate, input.expiryDate, today));
  return violations;
};

const dateViolations = (
  issuedDate: string,
  expiryDate: string,
  today: IsoDate,
): RuleViolation<IdentificationField>[] => {
  const violations: RuleViolation<IdentificationField>[] = [];
  const issued = isIsoDate(issuedDate) ? issuedDate : null;
  const expiry = isIsoDate(expiryDate) ? expiryDate : null;
  if (issuedDate !== '' && !issued)
    violations.push({ field: 'issuedDate', messageId: 'identification.allFields' });
  if (expiryDate !== '' && !expiry)
    violations.push({ field: 'expiryDate', messageId: 'identification.allFields' });
  if (issued && issued > today)
    violations.push({ field: 'issuedDate', messageId: 'identification.issuedFuture' });
  if (issued && expiry && expiry <= issued) {
    violations.push({ field: 'expiryDate', messageId: 'identification.expiryBeforeIssue' });
  }
  if (expiry && expiry <= today)
    violations.push({ field: 'expiryDate', messageId: 'identification.expiryPast' });
  return violations;
};

/** Issue-year options: this year and the 49 before it, newest first. */
export const issueYearOptions = (today: IsoDate = todayIso()): number[] =>
  Array.from({ length: IDENTIFICATION_YEAR_RANGE }, (_, index) => yearOf(today) - index);

/** Expiry-year options: the issue year and the 49 after it. */
export const expiryYearOptions = (issueYear: number): number[] =>
  Array.from({ length: IDENTIFICATION_YEAR_RANGE }, (_, index) => issueYear + index);

/** The expiry is forced after the issue date: when it is not, it moves to the day after. */
export const expiryAfterIssue = (issuedDate: IsoDate, expiryDate: IsoDate | ''): IsoDate =>
  expiryDate !== '' && expiryDate > issuedDate ? expiryDate : addDays(issuedDate, 1);

/** The image type read from the file's first bytes (never from its name); null when it is none we accept. */
export const sniffImageType = (bytes: Uint8Array): IdentificationImageType | null => {
  const startsWith = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (startsWith(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const riff = startsWith(0x52, 0x49, 0x46, 0x46);
  const webp = bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
  return riff && webp ? 'image/webp' : null;
};
