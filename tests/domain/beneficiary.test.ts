import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BENEFICIARY_RELATIONSHIP_MAX_LENGTH,
  bankBeneficiaryViolations,
  beneficiaryEditViolations,
  beneficiaryFullName,
  beneficiaryPhoneForRequest,
  matchesNamePrefix,
  mobileBeneficiaryViolations,
  type BeneficiaryField,
} from '../../src/domain/beneficiary';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import {
  ghanaE164,
  ghanaSubscriberNumber,
  GHANA_MOMO_PREFIXES,
  MOMO_PROVIDERS,
  momoNetworkOf,
  type MomoProvider,
} from '../../src/domain/momo';

/*
 * Forms built rule by rule: each part is kept or broken in a known way, so the expected messages come from how the
 * input was made, not from the code under test.
 */

type Expected = { field: BeneficiaryField; messageId: DomainMessageId }[];

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèüçñƆɔƐɛŊŋ'];
const NOT_LETTERS = [...'0123456789!@#$%^&*()_+=-.,;:\'"/?<>[]{}|~`'];
const DIGITS = [...'0123456789'];

const fromChars = (chars: string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((picked) => picked.join(''));
const letterWord = (min: number, max: number) => fromChars(LETTERS, min, max);
const digits = (min: number, max: number) => fromChars(DIGITS, min, max);

/** Spaces a person may leave around what they type (the rules trim). */
const padded = (value: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  '), value, fc.constantFrom('', ' '))
    .map(([before, text, after]) => before + text + after);

/** `base` with one of `bad` inserted somewhere. */
const withOneOf = (bad: string[], base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.constantFrom(...bad), fc.nat()).map(([text, char, at]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + char + text.slice(index);
  });

type NameShape = 'valid' | 'blank' | 'foreign' | 'tooLong' | 'foreignAndTooLong';
const NAME_SHAPES: NameShape[] = ['valid', 'blank', 'foreign', 'tooLong', 'foreignAndTooLong'];

const nameOfShape = (shape: NameShape, max: number): fc.Arbitrary<string> => {
  switch (shape) {
    case 'valid':
      return padded(
        fc
          .array(letterWord(1, 8), { minLength: 1, maxLength: 3 })
          .map((words) => words.join(' '))
          .filter((name) => name.length <= max),
      );
    case 'blank':
      return fc.constantFrom('', ' ', '   ');
    case 'foreign':
      return padded(withOneOf(NOT_LETTERS, letterWord(0, max - 1)));
    case 'tooLong':
      return padded(letterWord(max + 1, max + 15));
    case 'foreignAndTooLong':
      return padded(withOneOf(NOT_LETTERS, letterWord(max, max + 15)));
  }
};

const shapedName = (max: number) =>
  fc
    .constantFrom(...NAME_SHAPES)
    .chain((shape) => nameOfShape(shape, max).map((value) => ({ shape, value })));

const isForeign = (shape: NameShape) => shape === 'foreign' || shape === 'foreignAndTooLong';
const isTooLong = (shape: NameShape) => shape === 'tooLong' || shape === 'foreignAndTooLong';

/** What may stand in a message list, in order: the ids of the rules broken. */
const when = (broken: boolean, field: BeneficiaryField, messageId: DomainMessageId): Expected =>
  broken ? [{ field, messageId }] : [];

/*
 * Issue 21: the names the spec gives no rule (middle name, mother's maiden name) follow the letters-and-spaces rule
 * of the others, and the relationship keeps to letters and spaces, at most 30 characters. Left out, blank or given.
 */
type ExtraNameShape = 'absent' | 'blank' | 'valid' | 'foreign';
const extraName = fc
  .constantFrom<ExtraNameShape>('absent', 'blank', 'valid', 'foreign')
  .chain((shape) =>
    (shape === 'absent'
      ? fc.constant(undefined)
      : shape === 'blank'
        ? fc.constantFrom('', ' ')
        : shape === 'valid'
          ? padded(
              fc.array(letterWord(1, 12), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
            )
          : padded(withOneOf(NOT_LETTERS, letterWord(0, 20)))
    ).map((value) => ({ shape, value })),
  );

type RelationshipShape = 'absent' | 'blank' | 'valid' | 'foreign' | 'tooLong' | 'markup';
const relationship = fc
  .constantFrom<RelationshipShape>('absent', 'blank', 'valid', 'foreign', 'tooLong', 'markup')
  .chain((shape) =>
    ({
      absent: fc.constant(undefined),
      blank: fc.constantFrom('', '  '),
      valid: padded(
        fc
          .array(letterWord(1, 10), { minLength: 1, maxLength: 3 })
          .map((words) => words.join(' '))
          .filter((text) => text.length <= BENEFICIARY_RELATIONSHIP_MAX_LENGTH),
      ),
      foreign: padded(withOneOf(NOT_LETTERS, letterWord(0, 20))),
      tooLong: padded(
        letterWord(BENEFICIARY_RELATIONSHIP_MAX_LENGTH + 1, BENEFICIARY_RELATIONSHIP_MAX_LENGTH + 20),
      ),
      markup: fc.constantFrom('<img src=x onerror=alert(1)>', 'Sister<script>', '&lt;b&gt;'),
    })[shape].map((value) => ({ shape, value })),
  );
/** The create forms' one message for any name (first, last, middle, maiden) that is not letters and spaces. */
const createNamesInvalid = (
  first: NameShape,
  last: NameShape,
  middle: ExtraNameShape,
  maiden: ExtraNameShape,
): Expected =>
  when(
    isForeign(first) || isForeign(last) || middle === 'foreign' || maiden === 'foreign',
    'form',
    'beneficiary.nameInvalid',
  );
const relationshipBroken = (shape: RelationshipShape) =>
  shape === 'foreign' || shape === 'tooLong' || shape === 'markup';

describe('mobile beneficiary create rules (spec section 5)', () => {
  type PhoneShape = 'valid' | 'blank' | 'tooShort' | 'tooLong' | 'notDigits';
  const phoneOfShape = (shape: PhoneShape): fc.Arbitrary<string> => {
    switch (shape) {
      case 'valid':
        return padded(digits(9, 12));
      case 'blank':
        return fc.constantFrom('', ' ');
      case 'tooShort':
        return padded(digits(1, 8));
      case 'tooLong':
        return padded(digits(13, 20));
      case 'notDigits':
        return withOneOf([...'abc+-.()/x'], digits(8, 11));
    }
  };
  const mobileCase = fc
    .record({
      first: shapedName(15),
      last: shapedName(15),
      middle: extraName,
      maiden: extraName,
      relation: relationship,
      phoneShape: fc.constantFrom<PhoneShape>('valid', 'blank', 'tooShort', 'tooLong', 'notDigits'),
    })
    .chain(({ first, last, middle, maiden, relation, phoneShape }) =>
      phoneOfShape(phoneShape).map((phone) => {
        const expected: Expected = [
          ...when(
            first.shape === 'blank' || last.shape === 'blank' || phoneShape === 'blank',
            'form',
            'beneficiary.required',
          ),
          ...createNamesInvalid(first.shape, last.shape, middle.shape, maiden.shape),
          ...when(
            phoneShape !== 'valid' && phoneShape !== 'blank',
            'phoneNumber',
            'beneficiary.phoneInvalid',
          ),
          ...when(isTooLong(first.shape), 'firstName', 'beneficiary.firstNameTooLong'),
          ...when(isTooLong(last.shape), 'lastName', 'beneficiary.lastNameTooLong'),
          ...when(relationshipBroken(relation.shape), 'relationship', 'beneficiary.relationshipInvalid'),
        ];
        return {
          input: {
            firstName: first.value,
            lastName: last.value,
            phoneNumber: phone,
            middleName: middle.value,
            motherMaidenName: maiden.value,
            relationship: relation.value,
          },
          expected,
        };
      }),
    );

  it('reports each message exactly when its rule is broken, in the spec order', () => {
    fc.assert(
      fc.property(mobileCase, ({ input, expected }) => {
        expect(mobileBeneficiaryViolations(input)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses the spec messages verbatim', () => {
    const messages = mobileBeneficiaryViolations({
      firstName: 'Ama2Ama2Ama2Ama2',
      lastName: 'M'.repeat(16),
      phoneNumber: '24',
    }).map((violation) => domainMessages[violation.messageId]);
    expect(messages).toEqual([
      'Name contains invalid characters.',
      'Enter a Valid phone number.',
      'First Name too long.',
      'Last Name too long.',
    ]);
    expect(
      domainMessages[
        mobileBeneficiaryViolations({ firstName: '', lastName: 'A', phoneNumber: '' })[0]!.messageId
      ],
    ).toBe('Please fill out all required fields.');
  });

  it('checks the number the form sends: what was typed without its first 3 characters', () => {
    expect(beneficiaryPhoneForRequest('233241234567')).toBe('241234567');
    expect(
      mobileBeneficiaryViolations({ firstName: 'Ama', lastName: 'Mensah', phoneNumber: '241234567' }),
    ).toEqual([]);
    expect(
      mobileBeneficiaryViolations({ firstName: 'Ama', lastName: 'Mensah', phoneNumber: '24123456' }),
    ).toEqual([{ field: 'phoneNumber', messageId: 'beneficiary.phoneInvalid' }]);
  });
});

describe('bank beneficiary create rules (spec section 5)', () => {
  type AccountShape = 'valid' | 'blank' | 'notDigits' | 'tooShort' | 'tooLong';
  const accountOfShape = (shape: AccountShape): fc.Arbitrary<string> => {
    switch (shape) {
      case 'valid':
        return padded(digits(10, 20));
      case 'blank':
        return fc.constantFrom('', '  ');
      // Whatever its length: the length rules count the digits of an account made of digits.
      case 'notDigits':
        return withOneOf([...'abcXYZ-./#'], digits(0, 24)).filter((account) => account.trim() !== '');
      case 'tooShort':
        return padded(digits(1, 9));
      case 'tooLong':
        return padded(digits(21, 40));
    }
  };
  const accountMessage: Record<AccountShape, DomainMessageId | null> = {
    valid: null,
    blank: null,
    notDigits: 'beneficiary.accountDigits',
    tooShort: 'beneficiary.accountTooShort',
    tooLong: 'beneficiary.accountTooLong',
  };
  const bankCase = fc
    .record({
      first: shapedName(15),
      last: shapedName(15),
      accountShape: fc.constantFrom<AccountShape>('valid', 'blank', 'notDigits', 'tooShort', 'tooLong'),
      bankId: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: -5, max: 0 })),
      middle: extraName,
      maiden: extraName,
    })
    .chain(({ first, last, accountShape, bankId, middle, maiden }) =>
      accountOfShape(accountShape).map((accountNo) => {
        const account = accountMessage[accountShape];
        const expected: Expected = [
          ...when(
            first.shape === 'blank' || last.shape === 'blank' || accountShape === 'blank' || bankId <= 0,
            'form',
            'beneficiary.required',
          ),
          ...createNamesInvalid(first.shape, last.shape, middle.shape, maiden.shape),
          ...(account ? when(true, 'accountNo', account) : []),
          ...when(isTooLong(first.shape), 'firstName', 'beneficiary.firstNameTooLong'),
          ...when(isTooLong(last.shape), 'lastName', 'beneficiary.lastNameTooLong'),
        ];
        return {
          input: {
            firstName: first.value,
            lastName: last.value,
            bankId,
            accountNo,
            middleName: middle.value,
            motherMaidenName: maiden.value,
          },
          expected,
        };
      }),
    );

  it('reports each message exactly when its rule is broken, in the spec order', () => {
    fc.assert(
      fc.property(bankCase, ({ input, expected }) => {
        expect(bankBeneficiaryViolations(input)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses the spec messages verbatim', () => {
    const message = (accountNo: string) =>
      bankBeneficiaryViolations({ firstName: 'Kofi', lastName: 'Owusu', bankId: 13, accountNo }).map(
        (violation) => domainMessages[violation.messageId],
      );
    expect(message('123456789')).toEqual(['Account No. should be atleast 10 digits long.']);
    expect(message('1'.repeat(21))).toEqual(['Account No. should be 20 digits at max.']);
    expect(message('1234567890')).toEqual([]);
    expect(message('1'.repeat(20))).toEqual([]);
  });
});

describe('edit rules (spec section 5)', () => {
  type PhoneShape = 'bank' | 'valid' | 'blank' | 'otherPrefix' | 'tooShort' | 'tooLong' | 'notDigits';
  const phoneOfShape = (shape: PhoneShape): fc.Arbitrary<string | null> => {
    switch (shape) {
      case 'bank':
        return fc.constant(null);
      case 'valid':
        return padded(digits(9, 12).map((number) => `233${number}`));
      case 'blank':
        return fc.constantFrom('', ' ');
      case 'otherPrefix':
        return fc
          .tuple(
            digits(3, 3).filter((prefix) => prefix !== '233'),
            digits(9, 12),
          )
          .map(([prefix, number]) => prefix + number);
      case 'tooShort':
        return digits(0, 8).map((number) => `233${number}`);
      case 'tooLong':
        return digits(13, 16).map((number) => `233${number}`);
      case 'notDigits':
        return withOneOf([...'ab+-.'], digits(9, 11)).map((number) => `233${number}`);
    }
  };
  const PHONE_SHAPES: PhoneShape[] = [
    'bank',
    'valid',
    'blank',
    'otherPrefix',
    'tooShort',
    'tooLong',
    'notDigits',
  ];
  const editCase = fc
    .record({
      first: shapedName(30),
      last: shapedName(30),
      middle: extraName,
      maiden: extraName,
      relation: relationship,
      phoneShape: fc.constantFrom(...PHONE_SHAPES),
    })
    .chain(({ first, last, middle, maiden, relation, phoneShape }) =>
      phoneOfShape(phoneShape).map((phoneNumber) => {
        const expected: Expected = [
          ...when(first.shape === 'blank', 'firstName', 'beneficiary.edit.firstNameEmpty'),
          ...when(last.shape === 'blank', 'lastName', 'beneficiary.edit.lastNameEmpty'),
          ...when(isForeign(first.shape), 'firstName', 'beneficiary.edit.firstNameInvalid'),
          ...when(isForeign(last.shape), 'lastName', 'beneficiary.edit.lastNameInvalid'),
          ...when(middle.shape === 'foreign', 'middleName', 'beneficiary.nameInvalid'),
          ...when(maiden.shape === 'foreign', 'motherMaidenName', 'beneficiary.nameInvalid'),
          ...when(isTooLong(first.shape), 'firstName', 'beneficiary.edit.nameTooLong'),
          ...when(isTooLong(last.shape), 'lastName', 'beneficiary.edit.nameTooLong'),
          ...when(
            phoneShape !== 'bank' && phoneShape !== 'valid',
            'phoneNumber',
            'beneficiary.edit.phoneInvalid',
          ),
          ...when(relationshipBroken(relation.shape), 'relationship', 'beneficiary.relationshipInvalid'),
        ];
        return {
          input: {
            firstName: first.value,
            lastName: last.value,
            phoneNumber,
            middleName: middle.value,
            motherMaidenName: maiden.value,
            relationship: relation.value,
          },
          expected,
        };
      }),
    );

  it('reports each message exactly when its rule is broken, in the spec order', () => {
    fc.assert(
      fc.property(editCase, ({ input, expected }) => {
        expect(beneficiaryEditViolations(input)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses the spec messages verbatim', () => {
    const messages = beneficiaryEditViolations({
      firstName: '',
      lastName: `Mensah${'!'.repeat(25)}`,
      phoneNumber: '23324123456',
    }).map((violation) => domainMessages[violation.messageId]);
    expect(messages).toEqual([
      'First name cannot be empty',
      'Last name cannot contain numbers or special characters',
      'Name too long',
      'Enter a valid phone number',
    ]);
    expect(
      beneficiaryEditViolations({ firstName: 'K0fi', lastName: ' ', phoneNumber: null }).map(
        (violation) => domainMessages[violation.messageId],
      ),
    ).toEqual(['Last name cannot be empty', 'First name cannot contain numbers or special characters']);
  });

  it('takes names of 30 characters, counted as people read them', () => {
    const names = { firstName: 'Ɔ'.repeat(30), lastName: 'Ɛ'.repeat(30) };
    expect(beneficiaryEditViolations({ ...names, phoneNumber: '233241234567' })).toEqual([]);
    expect(beneficiaryEditViolations({ ...names, firstName: 'Ɔ'.repeat(31), phoneNumber: null })).toEqual([
      { field: 'firstName', messageId: 'beneficiary.edit.nameTooLong' },
    ]);
  });
});

describe('the fields the spec gives no rule (issue 21)', () => {
  it('refuses markup in a middle name, a maiden name or a relationship, and takes what people write', () => {
    const mobile = { firstName: 'Ama', lastName: 'Mensah', phoneNumber: '241234567' };
    expect(
      mobileBeneficiaryViolations({ ...mobile, middleName: '<img src=x onerror=alert(1)><script>' }),
    ).toEqual([{ field: 'form', messageId: 'beneficiary.nameInvalid' }]);
    expect(mobileBeneficiaryViolations({ ...mobile, motherMaidenName: 'Owusu2' })).toEqual([
      { field: 'form', messageId: 'beneficiary.nameInvalid' },
    ]);
    expect(mobileBeneficiaryViolations({ ...mobile, relationship: '<b>Sister</b>' })).toEqual([
      { field: 'relationship', messageId: 'beneficiary.relationshipInvalid' },
    ]);
    expect(domainMessages['beneficiary.relationshipInvalid']).toBe(
      'Relationship can only contain letters and spaces, at most 30 characters.',
    );
    expect(
      mobileBeneficiaryViolations({
        ...mobile,
        middleName: 'Serwaa Akosua',
        motherMaidenName: 'Ɔbɛng',
        relationship: 'Sister',
      }),
    ).toEqual([]);
    expect(mobileBeneficiaryViolations({ ...mobile, relationship: 'a'.repeat(30) })).toEqual([]);
    expect(mobileBeneficiaryViolations({ ...mobile, relationship: 'a'.repeat(31) })).toEqual([
      { field: 'relationship', messageId: 'beneficiary.relationshipInvalid' },
    ]);
    expect(
      beneficiaryEditViolations({
        firstName: 'Ama',
        lastName: 'Mensah',
        phoneNumber: null,
        middleName: 'K<i>',
      }),
    ).toEqual([{ field: 'middleName', messageId: 'beneficiary.nameInvalid' }]);
  });
});

describe('the MoMo network of a Ghana number', () => {
  const KNOWN_PREFIXES = Object.values(GHANA_MOMO_PREFIXES).flat();
  type Form = 'e164' | 'international' | 'national' | 'subscriber';
  const written = (form: Form, subscriber: string) =>
    ({
      e164: `+233${subscriber}`,
      international: `233${subscriber}`,
      national: `0${subscriber}`,
      subscriber,
    })[form];
  const forms = fc.constantFrom<Form>('e164', 'international', 'national', 'subscriber');

  it('is the network whose national prefix the number has, however it is written', () => {
    const known = fc.constantFrom(...MOMO_PROVIDERS).chain((network) =>
      fc.record({
        network: fc.constant<MomoProvider>(network),
        prefix: fc.constantFrom(...GHANA_MOMO_PREFIXES[network]),
        rest: digits(7, 7),
        form: forms,
      }),
    );
    fc.assert(
      fc.property(known, ({ network, prefix, rest, form }) => {
        const subscriber = prefix.slice(1) + rest;
        const phone = written(form, subscriber);
        expect(momoNetworkOf(phone)).toBe(network);
        expect(ghanaSubscriberNumber(phone)).toBe(subscriber);
        expect(ghanaE164(phone)).toBe(`+233${subscriber}`);
        expect(ghanaE164(ghanaE164(phone))).toBe(ghanaE164(phone));
      }),
      { numRuns: 500 },
    );
  });

  it('is MTN, the spec’s default, for a prefix no network is known for', () => {
    const unknown = fc.record({
      // A subscriber number never starts with 0 (that is the trunk prefix).
      prefix: digits(2, 2).filter((two) => !two.startsWith('0') && !KNOWN_PREFIXES.includes(`0${two}`)),
      rest: digits(7, 7),
      form: forms,
    });
    fc.assert(
      fc.property(unknown, ({ prefix, rest, form }) => {
        expect(momoNetworkOf(written(form, prefix + rest))).toBe('MTN');
      }),
      { numRuns: 300 },
    );
  });

  it('knows the prefixes of the issue', () => {
    const networks = (prefixes: string[]) => prefixes.map((prefix) => momoNetworkOf(`${prefix}1234567`));
    expect(networks(['024', '025', '053', '054', '055', '059'])).toEqual(Array(6).fill('MTN'));
    expect(networks(['020', '050'])).toEqual(['Telecel', 'Telecel']);
    expect(networks(['026', '027', '056', '057'])).toEqual(Array(4).fill('AirtelTigo'));
    expect(networks(['023', '028', '058'])).toEqual(['MTN', 'MTN', 'MTN']);
  });
});

describe('names', () => {
  it('joins the names that are given, single-spaced, and finds them by the start of the full name', () => {
    expect(beneficiaryFullName({ firstName: ' Kofi ', middleName: '', lastName: 'Owusu Boateng' })).toBe(
      'Kofi Owusu Boateng',
    );
    expect(matchesNamePrefix('Ama Serwaa Mensah', ' ama s')).toBe(true);
    expect(matchesNamePrefix('Ama Serwaa Mensah', 'Mensah')).toBe(false);
  });
});
