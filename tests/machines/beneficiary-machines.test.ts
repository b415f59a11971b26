import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import {
  bankBeneficiaryViolations,
  beneficiaryEditViolations,
  mobileBeneficiaryViolations,
} from '../../src/domain/beneficiary';
import type { Beneficiary, ResolveAccountNameRequest } from '../../src/contract/beneficiary';
import type { BeneficiaryCreateCall } from '../../src/machines/beneficiary-add.form';
import { beneficiaryAddMachine } from '../../src/machines/beneficiary-add.machine';
import {
  beneficiaryEditMachine,
  type BeneficiaryEditCall,
} from '../../src/machines/beneficiary-edit.machine';
import {
  beneficiaryAccountInput,
  beneficiaryNameInput,
  beneficiaryPhoneInput,
  phoneFieldFromNational,
  relationshipInput,
} from '../../src/machines/beneficiary-fields';
import { beneficiariesPage, beneficiaryListMachine } from '../../src/machines/beneficiary-list.machine';
import { beneficiaryManagerMachine } from '../../src/machines/beneficiary-manager.machine';
import {
  bankBeneficiary,
  beneficiaryBanks,
  mobileBeneficiary,
  sevenBeneficiaries,
} from '../support/beneficiary-fixtures';
import { httpError, networkError } from '../support/machine-fixtures';

/* ----------------------------------------------------------------------------------------------- list */

const startList = (answers: (() => Promise<Beneficiary[]>)[]) => {
  const actor = createActor(
    beneficiaryListMachine.provide({ actors: { loadList: fromPromise(async () => answers.shift()!()) } }),
  );
  actor.start();
  return actor;
};

const shownNames = (actor: ReturnType<typeof startList>) =>
  beneficiariesPage(actor.getSnapshot().context).rows.map((b) => b.fullName);

describe('beneficiary list', () => {
  test('five a page; a search keeps the names that start with the term, not those that only contain it', async () => {
    const actor = startList([async () => sevenBeneficiaries()]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shownNames(actor)).toEqual([
      'Ama Mensah',
      'Kwame Amankwah',
      'Amanda Owusu',
      'Yaw Asante',
      'Kofi Boateng',
    ]);
    actor.send({ type: 'NEXT' });
    expect(shownNames(actor)).toEqual(['Ama Serwaa', 'Efua Sarpong']);
    actor.send({ type: 'SEARCH', text: '  aMa ' });
    expect(actor.getSnapshot().context.page).toBe(0);
    expect(shownNames(actor)).toEqual(['Ama Mensah', 'Amanda Owusu', 'Ama Serwaa']);
    actor.send({ type: 'SEARCH', text: 'ama s' });
    expect(shownNames(actor)).toEqual(['Ama Serwaa']);
    actor.send({ type: 'SEARCH', text: '' });
    expect(beneficiariesPage(actor.getSnapshot().context).window.total).toBe(7);
  });

  test.each([
    [networkError(), 'beneficiary.loadError'],
    [httpError(500, 'server.error'), 'server.error'],
    [httpError(403, 'identity.required'), 'identity.required'],
    [httpError(502), 'beneficiary.loadFailed'],
  ])('a failed load says why (%s) and RETRY loads again', async (error, message) => {
    const actor = startList([() => Promise.reject(error), async () => [mobileBeneficiary(1)]]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(message);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shownNames(actor)).toEqual(['Ama Mensah']);
  });

  const namePart = fc.constantFrom('Ama', 'ama', 'Amanda', 'Kwame', 'Kofi', 'Efua', 'Ɔkɔmfo', 'Yaw', 'Akua');
  fcTest.prop(
    [
      fc.array(fc.tuple(namePart, namePart), { maxLength: 14 }),
      fc.string({ maxLength: 8 }),
      fc.nat({ max: 4 }),
    ],
    { numRuns: 150 },
  )(
    'a search shows, five a page, exactly the beneficiaries whose full name starts with the term',
    (names, typed, nexts) => {
      const list = names.map(([first, last], index) => mobileBeneficiary(index + 1, first, last));
      let [snapshot] = initialTransition(beneficiaryListMachine);
      [snapshot] = transition(beneficiaryListMachine, snapshot, {
        type: 'xstate.done.actor.loadBeneficiaries',
        output: list,
      } as never);
      [snapshot] = transition(beneficiaryListMachine, snapshot, { type: 'SEARCH', text: typed });
      for (let index = 0; index < nexts; index++)
        [snapshot] = transition(beneficiaryListMachine, snapshot, { type: 'NEXT' });
      const term = typed.trim().toLocaleLowerCase();
      const kept = list.filter((b) => b.fullName.toLocaleLowerCase().startsWith(term));
      const pages = Math.max(Math.ceil(kept.length / 5), 1);
      const page = Math.min(nexts, pages - 1);
      const shown = beneficiariesPage(snapshot.context);
      expect(shown.rows).toEqual(kept.slice(page * 5, page * 5 + 5));
      expect(shown.window.total).toBe(kept.length);
    },
  );
});

/* ----------------------------------------------------------------------------------------------- manager */

describe('beneficiary manager', () => {
  const start = (deleteAnswer: () => Promise<null>) => {
    const refreshList = vi.fn();
    const selected = vi.fn();
    const deletes: number[] = [];
    const actor = createActor(
      beneficiaryManagerMachine.provide({
        actors: {
          deleteBeneficiary: fromPromise<null, { id: number }>(async ({ input }) => {
            deletes.push(input.id);
            return deleteAnswer();
          }),
        },
        actions: {
          refreshList,
          beneficiarySelected: (_, params) => selected(params.beneficiary),
        },
      }),
    ).start();
    return { actor, refreshList, selected, deletes };
  };

  test('SELECT hands the beneficiary to the parent', () => {
    const { actor, selected } = start(async () => null);
    const kofi = bankBeneficiary(5);
    actor.send({ type: 'SELECT', beneficiary: kofi });
    expect(selected).toHaveBeenCalledWith(kofi);
    expect(actor.getSnapshot().context.selectedId).toBe(5);
  });

  test('DELETE asks first; CONFIRM deletes that one and reloads the list; CANCEL deletes nothing', async () => {
    const { actor, refreshList, deletes } = start(async () => null);
    actor.send({ type: 'DELETE', beneficiary: mobileBeneficiary(4) });
    actor.send({ type: 'CANCEL' });
    expect(deletes).toEqual([]);
    expect(refreshList).not.toHaveBeenCalled();
    actor.send({ type: 'DELETE', beneficiary: mobileBeneficiary(4) });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(deletes).toEqual([4]);
    expect(refreshList).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBe('deleted');
  });

  test('a failed delete keeps the question with the reason; CONFIRM tries again', async () => {
    const answers = [() => Promise.reject(httpError(500)), async () => null];
    const { actor, deletes } = start(() => answers.shift()!());
    actor.send({ type: 'DELETE', beneficiary: mobileBeneficiary(4) });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('confirmingDelete') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('beneficiary.deleteFailed');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(deletes).toEqual([4, 4]);
  });
});

/* ----------------------------------------------------------------------------------------------- add */

const saved = mobileBeneficiary(9, 'Ama', 'Mensah');

const startAdd = ({
  lookup = async () => ({ accountName: 'Ama Mensah' }),
  create = async () => saved,
  closeDelay,
}: {
  lookup?: (request: ResolveAccountNameRequest) => Promise<{ accountName: string }>;
  create?: (call: BeneficiaryCreateCall) => Promise<Beneficiary>;
  closeDelay?: number;
} = {}) => {
  const lookups: ResolveAccountNameRequest[] = [];
  const creates: BeneficiaryCreateCall[] = [];
  const loadBanks = vi.fn(async () => beneficiaryBanks);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const actor = createActor(
    beneficiaryAddMachine.provide({
      actors: {
        loadBanks: fromPromise(loadBanks),
        resolveAccountName: fromPromise(async ({ input }) => {
          lookups.push(input);
          return lookup(input);
        }),
        createBeneficiary: fromPromise(async ({ input }) => {
          creates.push(input);
          return create(input);
        }),
      },
      actions: {
        beneficiarySaved: (_, params) => onSaved(params.beneficiary),
        closeDialog: () => onClose(),
      },
      ...(closeDelay === undefined ? {} : { delays: { closeDelay } }),
    }),
  ).start();
  return { actor, lookups, creates, loadBanks, onSaved, onClose };
};

type AddActor = ReturnType<typeof startAdd>['actor'];
const type = (actor: AddActor, field: string, value: string) =>
  actor.send({ type: 'CHANGE', field: field as never, value });

describe('add beneficiary', () => {
  test('mobile: the rules show after the first Save, then the lookup, the confirmation and the create', async () => {
    const { actor, lookups, creates, onSaved, onClose } = startAdd({ closeDelay: 20 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'form', messageId: 'beneficiary.required' },
    ]);
    type(actor, 'firstName', ' Ama ');
    type(actor, 'middleName', 'Kɔfi');
    type(actor, 'lastName', 'Mensah');
    type(actor, 'phoneNumber', phoneFieldFromNational('024 123 45'));
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'phoneNumber', messageId: 'beneficiary.phoneInvalid' },
    ]);
    type(actor, 'phoneNumber', phoneFieldFromNational('024 123 4567'));
    type(actor, 'relationship', 'Sister');
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(lookups).toEqual([{ type: 'mobile', phoneCode: '+233', phoneNumber: '241234567' }]);
    expect(actor.getSnapshot().context.accountName).toBe('Ama Mensah');
    // Back keeps the form; the confirmation again, then the create.
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.mobile.phoneNumber).toBe('233241234567');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(creates).toEqual([
      {
        type: 'mobile',
        request: {
          firstName: 'Ama',
          middleName: 'Kɔfi',
          lastName: 'Mensah',
          motherMaidenName: '',
          phoneCode: '+233',
          phoneNumber: '241234567',
          relationship: 'Sister',
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(actor, (s) => s.status === 'done');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("another holder than the one typed is never saved as typed: the holder's name, or back", async () => {
    const { actor, creates } = startAdd({ lookup: async () => ({ accountName: 'Kwaku Agyeman' }) });
    type(actor, 'firstName', 'Kofi');
    type(actor, 'lastName', 'Boateng');
    type(actor, 'phoneNumber', phoneFieldFromNational('024 123 4567'));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('mismatch'));
    // Confirm is not an answer to a mismatch.
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('mismatch');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.mobile.firstName).toBe('Kofi');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('mismatch'));
    actor.send({ type: 'USE_HOLDER_NAME' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(creates).toHaveLength(1);
    expect(creates[0]!.request).toMatchObject({ firstName: 'Kwaku', middleName: '', lastName: 'Agyeman' });
  });

  test('bank: the banks load once, the account is looked up by bank and number', async () => {
    const { actor, lookups, creates, loadBanks } = startAdd({
      lookup: async () => ({ accountName: 'KOFI BOATENG' }),
    });
    actor.send({ type: 'TAB_CHOSEN', tab: 'bank' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'TAB_CHOSEN', tab: 'mobile' });
    actor.send({ type: 'TAB_CHOSEN', tab: 'bank' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(loadBanks).toHaveBeenCalledTimes(1);
    type(actor, 'firstName', 'Kofi');
    type(actor, 'lastName', 'Boateng');
    type(actor, 'bankId', '3');
    type(actor, 'accountNo', '1020 3004 0056 7788 9900 11');
    expect(actor.getSnapshot().context.bank.accountNo).toBe('10203004005677889900');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(lookups).toEqual([{ type: 'bank', bankId: 3, accountNo: '10203004005677889900' }]);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(creates[0]).toEqual({
      type: 'bank',
      request: {
        firstName: 'Kofi',
        middleName: '',
        lastName: 'Boateng',
        motherMaidenName: '',
        bankId: 3,
        accountNo: '10203004005677889900',
      },
    });
  });

  const fillMobile = (actor: AddActor) => {
    type(actor, 'firstName', 'Ama');
    type(actor, 'lastName', 'Mensah');
    type(actor, 'phoneNumber', '0241234567');
  };

  test.each([
    [httpError(409, 'beneficiary.exists'), 'beneficiary.exists'],
    [httpError(500), 'beneficiary.createFailed'],
    [httpError(403, 'identity.required'), 'beneficiary.createFailed'],
    [networkError(), 'beneficiary.createFallback'],
    // The create looks the holder up again: what the server says about that.
    [httpError(429, 'request.tooMany'), 'request.tooMany'],
    [httpError(502, 'beneficiary.lookupFailed'), 'beneficiary.lookupFailed'],
  ])('a failed create (%s) shows its message over the form as it was', async (error, message) => {
    const { actor, onSaved } = startAdd({ create: () => Promise.reject(error) });
    fillMobile(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().context.mobile.firstName).toBe('Ama');
    expect(onSaved).not.toHaveBeenCalled();
  });

  test.each([
    [httpError(404, 'beneficiary.noAccount'), 'beneficiary.noAccount'],
    [httpError(404), 'beneficiary.noAccount'],
    [httpError(500), 'beneficiary.lookupFailed'],
    [networkError(), 'beneficiary.lookupFailed'],
  ])('a failed lookup (%s) says why and creates nothing', async (error, message) => {
    const { actor, creates } = startAdd({ lookup: () => Promise.reject(error) });
    fillMobile(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(creates).toEqual([]);
  });

  test('a 400 on a loose field (issue 21) shows under its field, not as a failed create', async () => {
    const { actor, creates } = startAdd({
      create: () =>
        Promise.reject(
          httpError(400, 'beneficiary.relationshipInvalid', [
            { field: 'relationship', messageId: 'beneficiary.relationshipInvalid' },
          ]),
        ),
    });
    fillMobile(actor);
    type(actor, 'relationship', 'Sister');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(creates).toHaveLength(1);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'relationship', messageId: 'beneficiary.relationshipInvalid' },
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('the dialog closes 3 s after the beneficiary is saved (spec timer)', async () => {
    vi.useFakeTimers();
    try {
      const { actor, onClose } = startAdd();
      fillMobile(actor);
      actor.send({ type: 'SUBMIT' });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'CONFIRM' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('saved')).toBe(true);
      await vi.advanceTimersByTimeAsync(2999);
      expect(onClose).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});

/* ----------------------------------------------------------------------------------------------- filters and rules */

describe('input filters', () => {
  fcTest.prop([fc.string({ maxLength: 120 })])('a name keeps only letters, marks and spaces', (typed) => {
    const kept = beneficiaryNameInput(typed);
    expect(kept).toMatch(/^[\p{L}\p{M}][\p{L}\p{M} ]*$|^$/u);
    expect([...kept].length).toBeLessThanOrEqual(100);
    expect(beneficiaryNameInput(kept)).toBe(kept);
  });

  fcTest.prop([fc.string({ maxLength: 30 })])(
    'the phone keeps digits, starts with 233 and has at most 12 more',
    (typed) => {
      const kept = beneficiaryPhoneInput(typed);
      expect(kept).toMatch(/^233\d{0,12}$/);
      expect(beneficiaryPhoneInput(kept)).toBe(kept);
    },
  );

  fcTest.prop([fc.stringMatching(/^[1-9]\d{8,11}$/)])(
    'a number typed nationally, with its trunk 0, or with +233 gives the same field',
    (national) => {
      const field = `233${national}`;
      expect(phoneFieldFromNational(national)).toBe(field);
      expect(phoneFieldFromNational(`0${national}`)).toBe(field);
      expect(phoneFieldFromNational(`+233 ${national}`)).toBe(field);
      expect(beneficiaryPhoneInput(field)).toBe(field);
    },
  );

  fcTest.prop([fc.string({ maxLength: 60 })])(
    'the relationship keeps letters, marks and spaces, at most 30 (issue 21)',
    (typed) => {
      const kept = relationshipInput(typed);
      expect(kept).toMatch(/^[\p{L}\p{M}][\p{L}\p{M} ]*$|^$/u);
      expect([...kept].length).toBeLessThanOrEqual(30);
      expect(relationshipInput(kept)).toBe(kept);
      expect(relationshipInput('<img src=x onerror=alert(1)>')).toBe('img srcx onerroralert');
    },
  );

  fcTest.prop([fc.string({ maxLength: 40 })])('the account keeps digits, at most 20', (typed) => {
    const kept = beneficiaryAccountInput(typed);
    expect(kept).toMatch(/^\d{0,20}$/);
    expect(kept).toBe(typed.replace(/\D/g, '').slice(0, 20));
  });
});

const typedName = fc.oneof(
  fc.constantFrom('', ' ', 'Ama', 'Ɔkɔmfo Anokye', 'Abenaakosuaserwaa', 'Ama3', 'A-ma'),
  fc.string({ maxLength: 20 }),
);

describe('the forms show exactly the domain rules', () => {
  fcTest.prop(
    [typedName, typedName, fc.string({ maxLength: 16 }), typedName, typedName, fc.string({ maxLength: 40 })],
    {
      numRuns: 200,
    },
  )(
    'mobile: after Save, the violations of the filtered form, and the lookup only without any',
    (first, last, phone, middle, maiden, relationship) => {
      let [snapshot] = initialTransition(beneficiaryAddMachine);
      for (const [field, value] of [
        ['firstName', first],
        ['lastName', last],
        ['phoneNumber', phone],
        ['middleName', middle],
        ['motherMaidenName', maiden],
        ['relationship', relationship],
      ] as const)
        [snapshot] = transition(beneficiaryAddMachine, snapshot, { type: 'CHANGE', field, value });
      [snapshot] = transition(beneficiaryAddMachine, snapshot, { type: 'SUBMIT' });
      const expected = mobileBeneficiaryViolations({
        firstName: beneficiaryNameInput(first),
        lastName: beneficiaryNameInput(last),
        phoneNumber: beneficiaryPhoneInput(phone).slice(3),
        middleName: beneficiaryNameInput(middle),
        motherMaidenName: beneficiaryNameInput(maiden),
        relationship: relationshipInput(relationship),
      });
      expect(snapshot.context.violations).toEqual(expected);
      expect(snapshot.matches('lookingUp')).toBe(expected.length === 0);
    },
  );

  fcTest.prop([typedName, typedName, fc.constantFrom('0', '2', 'x'), fc.string({ maxLength: 24 })], {
    numRuns: 200,
  })('bank: after Save, the violations of the filtered form', (first, last, bankId, account) => {
    let [snapshot] = initialTransition(beneficiaryAddMachine);
    [snapshot] = transition(beneficiaryAddMachine, snapshot, { type: 'TAB_CHOSEN', tab: 'bank' });
    [snapshot] = transition(beneficiaryAddMachine, snapshot, {
      type: 'xstate.done.actor.loadBanks',
      output: beneficiaryBanks,
    } as never);
    for (const [field, value] of [
      ['firstName', first],
      ['lastName', last],
      ['bankId', bankId],
      ['accountNo', account],
    ] as const)
      [snapshot] = transition(beneficiaryAddMachine, snapshot, { type: 'CHANGE', field, value });
    [snapshot] = transition(beneficiaryAddMachine, snapshot, { type: 'SUBMIT' });
    const expected = bankBeneficiaryViolations({
      firstName: beneficiaryNameInput(first),
      lastName: beneficiaryNameInput(last),
      bankId: bankId === '2' ? 2 : 0,
      accountNo: beneficiaryAccountInput(account),
    });
    expect(snapshot.context.violations).toEqual(expected);
    expect(snapshot.matches('lookingUp')).toBe(expected.length === 0);
  });

  fcTest.prop([typedName, typedName, fc.string({ maxLength: 16 }), fc.boolean(), typedName], {
    numRuns: 200,
  })(
    'edit: after Save, the edit rules of the filtered form (the phone only for a MoMo beneficiary)',
    (first, last, phone, mobile, middle) => {
      const beneficiary = mobile ? mobileBeneficiary(1) : bankBeneficiary(5);
      let [snapshot] = initialTransition(beneficiaryEditMachine, { beneficiary });
      for (const [field, value] of [
        ['firstName', first],
        ['lastName', last],
        ['phoneNumber', phone],
        ['middleName', middle],
      ] as const)
        [snapshot] = transition(beneficiaryEditMachine, snapshot, { type: 'CHANGE', field, value });
      [snapshot] = transition(beneficiaryEditMachine, snapshot, { type: 'SUBMIT' });
      const expected = beneficiaryEditViolations({
        firstName: beneficiaryNameInput(first),
        middleName: beneficiaryNameInput(middle),
        lastName: beneficiaryNameInput(last),
        phoneNumber: mobile ? beneficiaryPhoneInput(phone) : null,
      });
      expect(snapshot.context.violations).toEqual(expected);
      expect(snapshot.matches('saving')).toBe(expected.length === 0);
    },
  );
});

/* ----------------------------------------------------------------------------------------------- edit */

describe('edit beneficiary', () => {
  const startEdit = (beneficiary: Beneficiary, answer: () => Promise<Beneficiary>) => {
    const calls: BeneficiaryEditCall[] = [];
    const onSaved = vi.fn();
    const actor = createActor(
      beneficiaryEditMachine.provide({
        actors: {
          editBeneficiary: fromPromise<Beneficiary, BeneficiaryEditCall>(async ({ input }) => {
            calls.push(input);
            return answer();
          }),
        },
        actions: { beneficiarySaved: (_, params) => onSaved(params.beneficiary), closeDialog: () => {} },
      }),
      { input: { beneficiary } },
    ).start();
    return { actor, calls, onSaved };
  };

  test('sends the full beneficiary with the new names and number', async () => {
    const ama = mobileBeneficiary(1, 'Ama', 'Mensah', { motherMaidenName: 'Owusu' });
    const updated = { ...ama, lastName: 'Owusu', fullName: 'Ama Owusu' };
    const { actor, calls, onSaved } = startEdit(ama, async () => updated);
    expect(actor.getSnapshot().context.form.phoneNumber).toBe('233240000001');
    actor.send({ type: 'CHANGE', field: 'lastName', value: ' Owusu ' });
    actor.send({ type: 'CHANGE', field: 'phoneNumber', value: '0551234567' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      {
        id: 1,
        firstName: 'Ama',
        middleName: '',
        lastName: 'Owusu',
        motherMaidenName: 'Owusu',
        phoneNumber: '233551234567',
        relationship: 'Sister',
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(updated);
  });

  test('a middle name saved before issue 21 with markup is shown under its field until it is letters', async () => {
    const legacy = mobileBeneficiary(1, 'Ama', 'Mensah', { middleName: '<img src=x>' });
    const { actor, calls } = startEdit(legacy, async () => ({ ...legacy, middleName: 'Serwaa' }));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'middleName', messageId: 'beneficiary.nameInvalid' },
    ]);
    actor.send({ type: 'CHANGE', field: 'middleName', value: 'Serwaa' });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toMatchObject([{ middleName: 'Serwaa', relationship: 'Sister' }]);
  });

  test('a 400 on the middle name shows under it', async () => {
    const { actor } = startEdit(mobileBeneficiary(1), () =>
      Promise.reject(
        httpError(400, 'beneficiary.nameInvalid', [
          { field: 'middleName', messageId: 'beneficiary.nameInvalid' },
        ]),
      ),
    );
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.showViolations);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'middleName', messageId: 'beneficiary.nameInvalid' },
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test.each([
    [httpError(500, 'server.error'), 'beneficiary.updateFailed'],
    [networkError(), 'beneficiary.updateFailed'],
    [httpError(403, 'identity.required'), 'beneficiary.updateFailed'],
    // What the server says about the beneficiary or its new number.
    [httpError(404, 'beneficiary.notFound'), 'beneficiary.notFound'],
    [httpError(409, 'beneficiary.exists'), 'beneficiary.exists'],
    [httpError(429, 'request.tooMany'), 'request.tooMany'],
  ])(
    "a failure (%s) says 'An error occurred while updating the beneficiary.' or the server's word",
    async (error, message) => {
      const { actor } = startEdit(bankBeneficiary(5), () => Promise.reject(error));
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
      expect(actor.getSnapshot().context.error).toBe(message);
    },
  );
});
