import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankBeneficiariesQuerySchema,
  beneficiariesQuerySchema,
  beneficiaryIdQuerySchema,
  beneficiaryListResponses,
  createBankBeneficiaryRequestSchema,
  createBeneficiaryResponses,
  createMobileBeneficiaryRequestSchema,
  deleteBeneficiaryResponses,
  editBeneficiaryRequestSchema,
  editBeneficiaryResponses,
  resolveAccountNameRequestSchema,
  resolveAccountNameResponses,
} from '../../../contract/beneficiary';
import { apiPaths } from '../../../contract/paths';
import {
  BENEFICIARY_PHONE_PREFIX_LENGTH,
  bankBeneficiaryViolations,
  beneficiaryEditViolations,
  mobileBeneficiaryViolations,
} from '../../../domain/beneficiary';
import { ghanaE164, isMomoNumber, momoNetworkOf } from '../../../domain/momo';
import type { RuleViolation } from '../../../domain/rule';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import { currentUser } from '../../plugins/auth';
import { identityGate } from '../../plugins/identity-gate';
import type { AccountLookup, PaymentProvider } from '../../providers/provider';
import { GHANA_COUNTRY_ID } from '../../seed/reference-data';
import type { RouteDeps } from '../deps';
import {
  bankOf,
  beneficiariesOfUser,
  beneficiaryAnswer,
  beneficiaryExists,
  deleteBeneficiary,
  findBeneficiaryOfUser,
  insertBeneficiary,
  updateBeneficiary,
  type BeneficiaryKey,
  type Saved,
} from './beneficiaries-repository';

/**
 * Calls that ask the rail who holds a number (resolve, create, edit) per user and route in an hour: enough for
 * anyone keeping their beneficiaries, too few to harvest the names behind a range of numbers.
 */
export const NAME_LOOKUPS_PER_HOUR = 60;
const ACCOUNT_NAME_MAX_LENGTH = 200;

/** Names that every create rule accepts: the name-lookup endpoint checks the number or account alone. */
const ANY_VALID_NAMES = { firstName: 'A', lastName: 'A' };

const rejectIfBroken = (broken: readonly RuleViolation[]): void => {
  if (broken.length > 0) throw violationsError(toViolations(broken));
};

/**
 * Mobile beneficiaries are Ghana's MoMo wallets: the forms send the dial code +233 and country 1. Anything else
 * was not typed by a person (the forms offer no other), so it is bad input rather than a broken rule.
 */
const requireGhana = (phoneCode: string, countryId = GHANA_COUNTRY_ID): void => {
  if (!/^\+?233$/.test(phoneCode.trim()) || countryId !== GHANA_COUNTRY_ID)
    throw new HttpError(400, 'request.invalid');
};

/** A bank beneficiary's phone is optional; one that is given must be a MoMo number of Ghana. */
const bankPhoneViolations = (phoneNumber: string): RuleViolation[] =>
  phoneNumber.trim() === '' || isMomoNumber(phoneNumber.trim())
    ? []
    : [{ field: 'phoneNumber', messageId: 'beneficiary.phoneInvalid' }];

const exists = () => new HttpError(409, 'beneficiary.exists');
const notFound = () => new HttpError(404, 'beneficiary.notFound');

const savedOrThrow = (saved: Saved) => {
  if (saved.outcome !== 'saved') throw saved.outcome === 'exists' ? exists() : notFound();
  return beneficiaryAnswer(saved.beneficiary);
};

type MomoLookup = Extract<AccountLookup, { rail: 'momo' }>;
const momoLookup = (phone: string): MomoLookup => ({ rail: 'momo', phone, network: momoNetworkOf(phone) });

const trimmed = (value: string | undefined, kept: string) => (value === undefined ? kept : value.trim());

/**
 * A loose field of the edit body to judge: one that changes what is saved. The value kept as saved is not judged
 * again, so a beneficiary saved before issue 21's rules (a hyphen in its relationship) stays editable.
 */
const changing = (value: string | undefined, kept: string) =>
  value === undefined || value.trim() === kept ? undefined : value;

export interface BeneficiaryRouteDeps extends RouteDeps {
  /** The payment rail that knows who holds a number or account (the wallet module's). */
  provider: PaymentProvider;
}

/** Beneficiaries (spec sections 5 and 7): create (MoMo, bank), list, edit, delete, and the holder's name. */
export const beneficiaryRoutes: FastifyPluginAsyncZod<BeneficiaryRouteDeps> = async (
  app,
  { db, provider },
) => {
  const gated = { preValidation: [identityGate(db)] };
  const lookingUpNames = {
    ...gated,
    config: {
      rateLimit: {
        max: NAME_LOOKUPS_PER_HOUR,
        timeWindow: 60 * 60_000,
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) =>
          `account-name|${request.routeOptions.url ?? ''}|${request.user?.id ?? request.ip}`,
      },
    },
  };

  /** The holder's name: 404 when the rail knows no such account, 502 when it cannot answer. */
  const accountNameOf = async (log: FastifyBaseLogger, lookup: AccountLookup): Promise<string> => {
    const answer = await provider.resolveAccountName(lookup).catch((error: unknown) => {
      log.warn({ err: error, rail: lookup.rail }, 'account name lookup failed');
      throw new HttpError(502, 'beneficiary.lookupFailed');
    });
    if (!answer.found) throw new HttpError(404, 'beneficiary.noAccount');
    return answer.name.trim().slice(0, ACCOUNT_NAME_MAX_LENGTH);
  };

  /** A clear 409 before the rail is asked; the unique indexes still decide between two saves at once. */
  const refuseIfKept = async (userId: number, key: BeneficiaryKey, exceptId?: number) => {
    if (await beneficiaryExists(db, userId, key, exceptId)) throw exists();
  };

  const knownBank = async (bankId: number) => {
    const bank = await bankOf(db, bankId);
    if (!bank) rejectIfBroken([{ field: 'bankId', messageId: 'bank.unknown' }]);
    return bank as NonNullable<typeof bank>;
  };

  app.post(
    apiPaths.resolveAccountName,
    {
      ...lookingUpNames,
      schema: { body: resolveAccountNameRequestSchema, response: resolveAccountNameResponses },
    },
    async (request) => {
      const body = request.body;
      if (body.type === 'mobile') {
        requireGhana(body.phoneCode);
        rejectIfBroken(mobileBeneficiaryViolations({ ...ANY_VALID_NAMES, phoneNumber: body.phoneNumber }));
        const lookup = momoLookup(ghanaE164(body.phoneNumber.trim()));
        return ok({ accountName: await accountNameOf(request.log, lookup) });
      }
      const accountNo = body.accountNo.trim();
      rejectIfBroken(bankBeneficiaryViolations({ ...ANY_VALID_NAMES, bankId: body.bankId, accountNo }));
      await knownBank(body.bankId);
      const lookup: AccountLookup = { rail: 'bank', bankId: body.bankId, accountNumber: accountNo };
      return ok({ accountName: await accountNameOf(request.log, lookup) });
    },
  );

  app.post(
    apiPaths.createMobileBeneficiary,
    {
      ...lookingUpNames,
      schema: { body: createMobileBeneficiaryRequestSchema, response: createBeneficiaryResponses },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      requireGhana(body.phoneCode, body.countryId);
      rejectIfBroken(mobileBeneficiaryViolations(body));
      const phone = ghanaE164(body.phoneNumber.trim());
      await refuseIfKept(userId, { type: 'mobile', phone });
      const lookup = momoLookup(phone);
      const accountName = await accountNameOf(request.log, lookup);
      const saved = await insertBeneficiary(
        db,
        {
          userId,
          type: 'mobile',
          firstName: body.firstName.trim(),
          middleName: body.middleName.trim(),
          lastName: body.lastName.trim(),
          motherMaidenName: body.motherMaidenName.trim(),
          phone,
          relationship: body.relationship.trim(),
          countryId: GHANA_COUNTRY_ID,
          network: lookup.network,
          bankId: null,
          accountNo: null,
          accountName,
        },
        null,
      );
      return reply.code(201).send(ok(savedOrThrow(saved), 201));
    },
  );

  app.post(
    apiPaths.createBankBeneficiary,
    {
      ...lookingUpNames,
      schema: { body: createBankBeneficiaryRequestSchema, response: createBeneficiaryResponses },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      const accountNo = body.accountNo.trim();
      const phoneNumber = body.phoneNumber.trim();
      if (phoneNumber !== '') requireGhana(body.phoneCode);
      rejectIfBroken([
        ...bankBeneficiaryViolations({ ...body, accountNo }),
        ...bankPhoneViolations(phoneNumber),
      ]);
      const bank = await knownBank(body.bankId);
      await refuseIfKept(userId, { type: 'bank', bankId: body.bankId, accountNo });
      const accountName = await accountNameOf(request.log, {
        rail: 'bank',
        bankId: body.bankId,
        accountNumber: accountNo,
      });
      const saved = await insertBeneficiary(
        db,
        {
          userId,
          type: 'bank',
          firstName: body.firstName.trim(),
          middleName: body.middleName.trim(),
          lastName: body.lastName.trim(),
          motherMaidenName: body.motherMaidenName.trim(),
          phone: phoneNumber === '' ? '' : ghanaE164(phoneNumber),
          relationship: '',
          countryId: bank.countryId,
          network: null,
          bankId: body.bankId,
          accountNo,
          accountName,
        },
        bank.name,
      );
      return reply.code(201).send(ok(savedOrThrow(saved), 201));
    },
  );

  app.get(
    apiPaths.mobileBeneficiaries,
    { ...gated, schema: { querystring: beneficiariesQuerySchema, response: beneficiaryListResponses } },
    // The auth hook has already refused a userId that is not the token's user.
    async (request) => ok(await beneficiariesOfUser(db, currentUser(request).id, 'mobile')),
  );

  app.get(
    apiPaths.bankBeneficiaries,
    { ...gated, schema: { querystring: bankBeneficiariesQuerySchema, response: beneficiaryListResponses } },
    async (request) => ok(await beneficiariesOfUser(db, currentUser(request).id, 'bank')),
  );

  app.put(
    apiPaths.editBeneficiary,
    { ...lookingUpNames, schema: { body: editBeneficiaryRequestSchema, response: editBeneficiaryResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const body = request.body;
      // Another user's beneficiary answers like an unknown one; a deleted one cannot be edited.
      const current = await findBeneficiaryOfUser(db, userId, body.id);
      if (!current) throw notFound();
      const mobile = current.type === 'mobile';
      rejectIfBroken(
        beneficiaryEditViolations({
          ...body,
          middleName: changing(body.middleName, current.middleName),
          motherMaidenName: changing(body.motherMaidenName, current.motherMaidenName),
          relationship: changing(body.relationship, current.relationship),
          phoneNumber: mobile ? body.phoneNumber : null,
        }),
      );

      let { phone, network, accountName } = current;
      if (mobile) {
        const changed = ghanaE164(body.phoneNumber.trim().slice(BENEFICIARY_PHONE_PREFIX_LENGTH));
        if (changed !== current.phone) {
          await refuseIfKept(userId, { type: 'mobile', phone: changed }, current.id);
          const lookup = momoLookup(changed);
          accountName = await accountNameOf(request.log, lookup);
          phone = changed;
          network = lookup.network;
        }
      }
      const saved = await updateBeneficiary(db, current, {
        firstName: body.firstName.trim(),
        middleName: trimmed(body.middleName, current.middleName),
        lastName: body.lastName.trim(),
        motherMaidenName: trimmed(body.motherMaidenName, current.motherMaidenName),
        relationship: trimmed(body.relationship, current.relationship),
        phone,
        network,
        accountName,
      });
      return ok(savedOrThrow(saved));
    },
  );

  app.delete(
    apiPaths.deleteBeneficiary,
    { ...gated, schema: { querystring: beneficiaryIdQuerySchema, response: deleteBeneficiaryResponses } },
    async (request) => {
      // The row stays (deleted_at): receipts of transfers already made to it still read it.
      if (!(await deleteBeneficiary(db, currentUser(request).id, request.query.id))) throw notFound();
      return ok(null);
    },
  );
};
