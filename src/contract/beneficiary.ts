import { z } from 'zod';
import { dbText, int4, int4Id, queryInt4Id } from './db-input';
import { envelopeResponses, noDataSchema } from './envelope';

/*
 * Beneficiaries (spec sections 3, 5 and 7): the people a user sends money to, by MoMo number ('mobile') or by bank
 * account ('bank'). One list per kind on the wire, as the spec calls them; ids are unique across both kinds, so a
 * transfer names a beneficiary by id alone. Shapes only: the rules of section 5 live in src/domain/beneficiary.ts.
 */

export const beneficiaryTypeSchema = z.enum(['mobile', 'bank']);
export type BeneficiaryType = z.infer<typeof beneficiaryTypeSchema>;

/** Ids are PostgreSQL integers: a larger number is bad input, not a query that fails. */
const id = int4Id;
/** A bank id as the form sends it: 0 when none is chosen ('Please fill out all required fields.'). */
const bankId = int4;

const name = dbText(200);
/**
 * At most what the table keeps (varchar(100)); letters and spaces like the other names (src/domain/beneficiary.ts,
 * issue 21), and the relationship at most 30 of them.
 */
const optionalName = dbText(100).default('');

/**
 * POST api/Beneficiary/CreateBeneficiary. The browser sends `phoneNumber` without its first 3 characters (the
 * spec's '233' prefix) and `phoneCode` '+233'; the server stores the whole number in E.164.
 */
export const createMobileBeneficiaryRequestSchema = z.object({
  userId: int4,
  firstName: name,
  middleName: optionalName,
  lastName: name,
  motherMaidenName: optionalName,
  phoneCode: dbText(8).default('+233'),
  phoneNumber: dbText(32),
  relationship: dbText(100).default(''),
  countryId: int4.default(1),
  stateId: int4.default(1),
  cityId: int4.default(1),
});
export type CreateMobileBeneficiaryRequest = z.input<typeof createMobileBeneficiaryRequestSchema>;

/** POST api/Bank/CreateBeneficiaryBank. */
export const createBankBeneficiaryRequestSchema = z.object({
  userId: int4,
  firstName: name,
  middleName: optionalName,
  lastName: name,
  motherMaidenName: optionalName,
  phoneCode: dbText(8).default('+233'),
  phoneNumber: dbText(32).default(''),
  bankId,
  accountNo: dbText(64),
});
export type CreateBankBeneficiaryRequest = z.input<typeof createBankBeneficiaryRequestSchema>;

/**
 * PUT api/Beneficiary/EditBeneficiary: the full beneficiary body. Names and, for a mobile beneficiary, the phone
 * (with its 233 prefix, as the edit form shows it) may change; a bank beneficiary's bank and account may not (a
 * different account is a new beneficiary, whose holder's name is looked up again).
 */
export const editBeneficiaryRequestSchema = z.object({
  id,
  userId: int4.optional(),
  firstName: name,
  /** Left out: kept as saved ('' clears it). The same for motherMaidenName and relationship. */
  middleName: dbText(100).optional(),
  lastName: name,
  motherMaidenName: dbText(100).optional(),
  /** Mobile only: the whole number with its dial code digits, '233241234567'. Ignored for a bank beneficiary. */
  phoneNumber: dbText(32).default(''),
  relationship: dbText(100).optional(),
});
export type EditBeneficiaryRequest = z.input<typeof editBeneficiaryRequestSchema>;

export const beneficiaryIdQuerySchema = z.object({ id: z.coerce.number().pipe(id) });
export const beneficiariesQuerySchema = z.object({ userId: queryInt4Id });
/** GET api/Bank/BeneficiariesBanksByUserId spells it UserId. */
export const bankBeneficiariesQuerySchema = z.object({ UserId: queryInt4Id });

/** A beneficiary as both lists answer it. */
export const beneficiarySchema = z.object({
  id: z.number().int(),
  type: beneficiaryTypeSchema,
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  motherMaidenName: z.string(),
  /** '+233'. */
  phoneCode: z.string(),
  /** Without the dial code, '241234567' ('' for a bank beneficiary saved without a phone). */
  phoneNumber: z.string(),
  /** E.164, '+233241234567' (or ''). */
  phone: z.string(),
  relationship: z.string(),
  countryId: z.number().int(),
  /** Bank beneficiaries: the bank and the account; null for mobile ones. */
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  /** Mobile ones: the MoMo network of the number ('MTN', 'Telecel', 'AirtelTigo'); null for bank ones. */
  network: z.string().nullable(),
  /** The account holder's name as the rail reported it when the beneficiary was saved. */
  accountName: z.string(),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/** POST api/Beneficiary/ResolveAccountName (new): who holds this number or account, before it is saved. */
export const resolveAccountNameRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mobile'),
    phoneCode: dbText(8).default('+233'),
    /** As for CreateBeneficiary: without the first 3 characters. */
    phoneNumber: dbText(32),
  }),
  z.object({ type: z.literal('bank'), bankId, accountNo: dbText(64) }),
]);
export type ResolveAccountNameRequest = z.input<typeof resolveAccountNameRequestSchema>;
export const resolvedAccountNameSchema = z.object({ accountName: z.string() });
export type ResolvedAccountName = z.infer<typeof resolvedAccountNameSchema>;

export const beneficiaryListSchema = z.array(beneficiarySchema);

/** Create answers 201 with the saved beneficiary; 409 'This Beneficiary already exists!' for a number or account kept already. */
export const createBeneficiaryResponses = envelopeResponses(201, beneficiarySchema);
export const editBeneficiaryResponses = envelopeResponses(200, beneficiarySchema);
/** DELETE answers 200 with no data; the beneficiary stays readable on the receipts of transfers made to it. */
export const deleteBeneficiaryResponses = envelopeResponses(200, noDataSchema);
export const beneficiaryListResponses = envelopeResponses(200, beneficiaryListSchema);
/** 404 with 'beneficiary.noAccount' when the rail knows no such number or account. */
export const resolveAccountNameResponses = envelopeResponses(200, resolvedAccountNameSchema);
