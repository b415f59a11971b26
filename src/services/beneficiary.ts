import type {
  Beneficiary,
  CreateBankBeneficiaryRequest,
  CreateMobileBeneficiaryRequest,
  EditBeneficiaryRequest,
  ResolveAccountNameRequest,
  ResolvedAccountName,
} from '../contract/beneficiary';
import { apiPaths } from '../contract/paths';
import { currentUserId, del, get, post, put } from './http';

type Call = { signal?: AbortSignal };
/** What a caller gives: the API's body without the user, whom the client takes from the session. */
type WithoutUser<Request> = Omit<Request, 'userId'>;

/** The user's MoMo beneficiaries (GET api/Beneficiary/BeneficiariesByUserId). */
export const getMobileBeneficiaries = (call: Call = {}): Promise<Beneficiary[]> =>
  get<Beneficiary[]>(apiPaths.mobileBeneficiaries, { ...call, query: { userId: currentUserId() } });

/** The user's bank beneficiaries (GET api/Bank/BeneficiariesBanksByUserId, which spells it UserId). */
export const getBankBeneficiaries = (call: Call = {}): Promise<Beneficiary[]> =>
  get<Beneficiary[]>(apiPaths.bankBeneficiaries, { ...call, query: { UserId: currentUserId() } });

/** Both lists, MoMo first, each in the server's order. */
export const getAllBeneficiaries = async (call: Call = {}): Promise<Beneficiary[]> => {
  const [mobile, bank] = await Promise.all([getMobileBeneficiaries(call), getBankBeneficiaries(call)]);
  return [...mobile, ...bank];
};

/** Who holds this number or account, before it is saved; 404 'beneficiary.noAccount' when nobody does. */
export const resolveAccountName = (request: ResolveAccountNameRequest, call: Call = {}) =>
  post<ResolvedAccountName>(apiPaths.resolveAccountName, request, call);

/** 201 with the saved beneficiary; 409 'beneficiary.exists'. `phoneNumber` without its first 3 characters. */
export const createMobileBeneficiary = (
  request: WithoutUser<CreateMobileBeneficiaryRequest>,
  call: Call = {},
): Promise<Beneficiary> =>
  post<Beneficiary>(apiPaths.createMobileBeneficiary, { ...request, userId: currentUserId() }, call);

export const createBankBeneficiary = (
  request: WithoutUser<CreateBankBeneficiaryRequest>,
  call: Call = {},
): Promise<Beneficiary> =>
  post<Beneficiary>(apiPaths.createBankBeneficiary, { ...request, userId: currentUserId() }, call);

export const editBeneficiary = (
  request: WithoutUser<EditBeneficiaryRequest>,
  call: Call = {},
): Promise<Beneficiary> =>
  put<Beneficiary>(apiPaths.editBeneficiary, { ...request, userId: currentUserId() }, call);

export const deleteBeneficiary = (id: number, call: Call = {}): Promise<null> =>
  del<null>(apiPaths.deleteBeneficiary, { ...call, query: { id } });
