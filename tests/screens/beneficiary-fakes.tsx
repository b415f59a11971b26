/* A fake beneficiaries API behind the beneficiary screens' actors, for the screen tests (not a test file itself). */
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import type {
  Beneficiary,
  ResolveAccountNameRequest,
  ResolvedAccountName,
} from '../../src/contract/beneficiary';
import type { Bank } from '../../src/contract/reference';
import type { BeneficiaryCreateCall } from '../../src/machines/beneficiary-add.form';
import type { BeneficiaryEditCall } from '../../src/machines/beneficiary-edit.machine';
import { BeneficiaryActorsContext, type BeneficiaryActors } from '../../src/screens/beneficiary-actors';
import { beneficiaryBanks } from '../support/beneficiary-fixtures';
import { renderScreen } from './render';

type Answer<T> = () => Promise<T>;

export interface FakeBeneficiaryApi {
  /** The beneficiaries the fake server holds (changed by create, edit and delete). */
  list: Beneficiary[];
  /** One-off answers, used before the server's own behaviour (a failure, a slow answer...). */
  next: {
    load: Answer<Beneficiary[]>[];
    lookup: Answer<ResolvedAccountName>[];
    create: Answer<Beneficiary>[];
    edit: Answer<Beneficiary>[];
    delete: Answer<null>[];
  };
  calls: {
    loads: number;
    lookups: ResolveAccountNameRequest[];
    creates: BeneficiaryCreateCall[];
    edits: BeneficiaryEditCall[];
    deletes: number[];
  };
  actors: BeneficiaryActors;
}

const beneficiaryOf = (call: BeneficiaryCreateCall, id: number, banks: Bank[]): Beneficiary => {
  const { request } = call;
  const fullName = [request.firstName, request.middleName ?? '', request.lastName].filter(Boolean).join(' ');
  const common = {
    id,
    firstName: request.firstName,
    middleName: request.middleName ?? '',
    lastName: request.lastName,
    fullName,
    motherMaidenName: request.motherMaidenName ?? '',
    phoneCode: '+233',
    countryId: 1,
    accountName: fullName,
  };
  return call.type === 'mobile'
    ? {
        ...common,
        type: 'mobile',
        phoneNumber: call.request.phoneNumber,
        phone: `+233${call.request.phoneNumber}`,
        relationship: call.request.relationship ?? '',
        bankId: null,
        bankName: null,
        accountNo: null,
        network: 'MTN',
      }
    : {
        ...common,
        type: 'bank',
        phoneNumber: '',
        phone: '',
        relationship: '',
        bankId: call.request.bankId,
        bankName: banks.find((bank) => bank.id === call.request.bankId)?.name ?? null,
        accountNo: call.request.accountNo,
        network: null,
      };
};

/** A fake server holding `initial`: the lookup answers 'Ama Mensah' for every number and account. */
export const fakeBeneficiaryApi = (initial: Beneficiary[] = []): FakeBeneficiaryApi => {
  const api: Omit<FakeBeneficiaryApi, 'actors'> = {
    list: [...initial],
    next: { load: [], lookup: [], create: [], edit: [], delete: [] },
    calls: { loads: 0, lookups: [], creates: [], edits: [], deletes: [] },
  };
  let nextId = 100;
  const actors: BeneficiaryActors = {
    list: {
      actors: {
        loadList: fromPromise(async () => {
          api.calls.loads += 1;
          const answer = api.next.load.shift();
          return answer ? answer() : [...api.list];
        }),
      },
    },
    manager: {
      actors: {
        deleteBeneficiary: fromPromise(async ({ input }) => {
          api.calls.deletes.push(input.id);
          const answer = api.next.delete.shift();
          if (answer) return answer();
          api.list = api.list.filter((beneficiary) => beneficiary.id !== input.id);
          return null;
        }),
      },
    },
    add: {
      actors: {
        loadBanks: fromPromise(async () => beneficiaryBanks),
        resolveAccountName: fromPromise(async ({ input }) => {
          api.calls.lookups.push(input);
          const answer = api.next.lookup.shift();
          return answer ? answer() : { accountName: 'Ama Mensah' };
        }),
        createBeneficiary: fromPromise(async ({ input }) => {
          api.calls.creates.push(input);
          const answer = api.next.create.shift();
          if (answer) return answer();
          const created = beneficiaryOf(input, nextId++, beneficiaryBanks);
          api.list.push(created);
          return created;
        }),
      },
    },
    edit: {
      actors: {
        editBeneficiary: fromPromise(async ({ input }) => {
          api.calls.edits.push(input);
          const answer = api.next.edit.shift();
          if (answer) return answer();
          const index = api.list.findIndex((beneficiary) => beneficiary.id === input.id);
          const before = api.list[index]!;
          const fullName = [input.firstName, input.middleName ?? '', input.lastName]
            .filter(Boolean)
            .join(' ');
          const updated: Beneficiary = {
            ...before,
            firstName: input.firstName,
            middleName: input.middleName ?? '',
            lastName: input.lastName,
            fullName,
            ...(before.type === 'mobile' && input.phoneNumber
              ? { phoneNumber: input.phoneNumber.slice(3), phone: `+${input.phoneNumber}` }
              : {}),
          };
          api.list[index] = updated;
          return updated;
        }),
      },
    },
  };
  return Object.assign(api, { actors });
};

/** Renders `ui` with the fake API's actors (as the app's BeneficiaryActorsProvider gives the live ones). */
export const renderWithBeneficiaries = (ui: ReactElement, api: FakeBeneficiaryApi) =>
  renderScreen(
    <BeneficiaryActorsContext.Provider value={api.actors}>{ui}</BeneficiaryActorsContext.Provider>,
  );
