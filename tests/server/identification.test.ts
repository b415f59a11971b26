import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identificationSchema, type Identification } from '../../src/contract/identification';
import { apiPaths } from '../../src/contract/paths';
import { addDays, todayIso } from '../../src/domain/calendar';
import { identificationViolations } from '../../src/domain/identification';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import { identificationImages } from '../../src/server/db/schema';
import {
  addedIdentification,
  addIdentification,
  freshIdNumber,
  getImage,
  uploadImage,
  validIdentification,
} from '../support/server-identification-helpers';
import { bearer, envelope, logIn, signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let ama: User;
let kofi: User;

beforeAll(async () => {
  t = await createTestApp();
  ama = await signedInUser(t.app, { firstName: 'Ama', middleName: 'Serwaa', lastName: 'Mensah' });
  kofi = await signedInUser(t.app, { firstName: 'Kofi', middleName: '', lastName: 'Owusu' });
});
afterAll(async () => t?.close());

const today = todayIso();
const day = (offset: number) => addDays(today, offset);

interface ErrorBody {
  messageId: string;
  violations?: { field: string; messageId: string; message: string }[];
}

const expectRefusal = (
  response: Awaited<ReturnType<typeof addIdentification>>,
  status: number,
  messageIds: DomainMessageId[],
) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = envelope<ErrorBody>(response);
  expect(body.message).toBe(domainMessages[messageIds[0] as DomainMessageId]);
  expect(body.data.messageId).toBe(messageIds[0]);
  if (status === 400) {
    expect(body.data.violations?.map((violation) => violation.messageId)).toEqual(messageIds);
    for (const violation of body.data.violations ?? []) {
      expect(violation.message).toBe(domainMessages[violation.messageId as DomainMessageId]);
    }
  }
};

const list = (user: User, path: string, userId: unknown = user.userId) =>
  t.app.inject({ method: 'GET', url: path, query: { userId: String(userId) }, headers: bearer(user.token) });

describe('adding an identification', () => {
  let added: Identification;

  it('answers 201 with the identification; both lists, the session and the next login show it', async () => {
    const { imageId } = await uploadImage(t.app, ama.token);
    const payload = validIdentification(ama.userId, imageId);
    const response = await addIdentification(t.app, ama.token, payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope<Identification>(response);
    expect(body.message).toBe('Identification added successfully!');
    added = identificationSchema.parse(body.data);
    expect(added).toEqual({
      id: expect.any(Number),
      identificationTypeId: 1,
      identificationType: 'Ghana Card',
      identificationNumber: payload.identificationNumber,
      identificationNo: payload.identificationNumber,
      issuedDate: day(-365),
      expiryDate: day(9 * 365),
      fullName: 'Ama Serwaa Mensah',
      imageId,
    });

    for (const path of [apiPaths.identificationsByUser, apiPaths.userIdentification]) {
      const listed = await list(ama, path);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(envelope<Identification[]>(listed).data).toEqual([added]);
    }
    const again = await logIn(t.app, ama.input.email, ama.input.createPassword);
    expect(again.userDetails.hasIdentification).toBe(true);
    // Its image stays readable by its owner.
    expect((await getImage(t.app, ama.token, imageId)).statusCode).toBe(200);
  });

  it('lists several oldest first, with plain YYYY-MM-DD dates; another user sees none of them', async () => {
    const { imageId } = await uploadImage(t.app, ama.token);
    const second = await addedIdentification(
      t.app,
      ama.token,
      validIdentification(ama.userId, imageId, {
        identificationId: 2,
        issuedDate: day(-10),
        expiryDate: day(10),
      }),
    );
    expect(second).toMatchObject({
      identificationType: 'Passport',
      issuedDate: day(-10),
      expiryDate: day(10),
    });
    const listed = envelope<Identification[]>(await list(ama, apiPaths.identificationsByUser)).data;
    expect(listed.map((identification) => identification.id)).toEqual([added.id, second.id]);

    const kofiList = await list(kofi, apiPaths.userIdentification);
    expect(envelope<Identification[]>(kofiList).data).toEqual([]);
    expect(
      (await logIn(t.app, kofi.input.email, kofi.input.createPassword)).userDetails.hasIdentification,
    ).toBe(false);
  });

  it("409 'User with this ID already exists' when the number is on file, the user's own or anyone's", async () => {
    const { imageId } = await uploadImage(t.app, kofi.token);
    const mine = await uploadImage(t.app, ama.token);
    const theirs = await addIdentification(
      t.app,
      kofi.token,
      validIdentification(kofi.userId, imageId, { identificationNumber: added.identificationNumber }),
    );
    expectRefusal(theirs, 409, ['identification.exists']);
    expect(theirs.json().message).toBe('User with this ID already exists');
    const own = await addIdentification(
      t.app,
      ama.token,
      validIdentification(ama.userId, mine.imageId, { identificationNumber: added.identificationNumber }),
    );
    expectRefusal(own, 409, ['identification.exists']);
    // The refused images are still free to use.
    await addedIdentification(t.app, kofi.token, validIdentification(kofi.userId, imageId));
  });

  it('two adds of one number at once: exactly one 201, the other 409', async () => {
    const [first, second] = await Promise.all([
      uploadImage(t.app, ama.token),
      uploadImage(t.app, kofi.token),
    ]);
    const number = freshIdNumber();
    const answers = await Promise.all([
      addIdentification(
        t.app,
        ama.token,
        validIdentification(ama.userId, first.imageId, { identificationNumber: number }),
      ),
      addIdentification(
        t.app,
        kofi.token,
        validIdentification(kofi.userId, second.imageId, { identificationNumber: number }),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('two adds with one image at once: exactly one 201, the other 400 imageRequired', async () => {
    const { imageId } = await uploadImage(t.app, ama.token);
    const answers = await Promise.all([
      addIdentification(t.app, ama.token, validIdentification(ama.userId, imageId)),
      addIdentification(t.app, ama.token, validIdentification(ama.userId, imageId)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    if (!refused) throw new Error('no refusal');
    expectRefusal(refused, 400, ['identification.imageRequired']);
  });
});

describe('the identification rules of spec section 5, with their messages in order', () => {
  let freeImage: string;
  beforeAll(async () => {
    freeImage = (await uploadImage(t.app, kofi.token)).imageId;
  });

  const refusedWith = async (overrides: Record<string, unknown>, messageIds: DomainMessageId[]) =>
    expectRefusal(
      await addIdentification(t.app, kofi.token, {
        ...validIdentification(kofi.userId, freeImage),
        ...overrides,
      }),
      400,
      messageIds,
    );

  it.each<[string, Record<string, unknown>, DomainMessageId[]]>([
    ['no number', { identificationNumber: '' }, ['identification.allFields']],
    ['no type', { identificationId: 0 }, ['identification.allFields']],
    ['no issue date', { issuedDate: '' }, ['identification.allFields']],
    ['no expiry date', { expiryDate: '' }, ['identification.allFields']],
    ['an unreadable date', { issuedDate: '2024-02-30' }, ['identification.allFields']],
    ['a year PostgreSQL cannot store', { issuedDate: '0000-06-01' }, ['identification.allFields']],
    ['9 digits', { identificationNumber: '123456789' }, ['identification.number']],
    ['11 digits', { identificationNumber: '12345678901' }, ['identification.number']],
    ['letters', { identificationNumber: '12345abcde' }, ['identification.number']],
    ['spaces', { identificationNumber: ' 1234567890' }, ['identification.number']],
    ['no image', { imgUrl: '' }, ['identification.imageRequired']],
    ['an image id that is no uuid', { imgUrl: 'placeholder' }, ['identification.imageRequired']],
    ['an unknown image', { imgUrl: crypto.randomUUID() }, ['identification.imageRequired']],
    [
      'an issue date after today',
      { issuedDate: day(1), expiryDate: day(400) },
      ['identification.issuedFuture'],
    ],
    [
      'an expiry before the issue date',
      { issuedDate: day(-10), expiryDate: day(-20) },
      ['identification.expiryBeforeIssue', 'identification.expiryPast'],
    ],
    [
      'an expiry on the issue date',
      { issuedDate: day(-10), expiryDate: day(-10) },
      ['identification.expiryBeforeIssue', 'identification.expiryPast'],
    ],
    ['an expiry today', { expiryDate: today }, ['identification.expiryPast']],
    ['an expired card', { issuedDate: day(-3000), expiryDate: day(-1) }, ['identification.expiryPast']],
    [
      'everything',
      {
        identificationId: 0,
        identificationNumber: '12a',
        imgUrl: '',
        issuedDate: day(5),
        expiryDate: day(-5),
      },
      [
        'identification.allFields',
        'identification.number',
        'identification.imageRequired',
        'identification.issuedFuture',
        'identification.expiryBeforeIssue',
        'identification.expiryPast',
      ],
    ],
  ])('%s', async (_case, overrides, messageIds) => refusedWith(overrides, messageIds));

  it("'Please upload ID image to proceed' for another user's image and for an image already used", async () => {
    const amasImage = await uploadImage(t.app, ama.token);
    await refusedWith({ imgUrl: amasImage.imageId }, ['identification.imageRequired']);
    const { imageId } = await uploadImage(t.app, kofi.token);
    await addedIdentification(t.app, kofi.token, validIdentification(kofi.userId, imageId));
    await refusedWith({ imgUrl: imageId }, ['identification.imageRequired']);
  });

  it('an unknown identification type: 400 typeUnknown', async () =>
    refusedWith({ identificationId: 99 }, ['identification.typeUnknown']));

  it('a type id past the column (integer) is refused by the contract: 400 request.invalid', async () => {
    const response = await addIdentification(t.app, kofi.token, {
      ...validIdentification(kofi.userId, freeImage),
      identificationId: 2 ** 40,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(envelope<ErrorBody>(response).data.messageId).toBe('request.invalid');
  });

  it('takes ISO datetimes and plain dates alike', async () => {
    const { imageId } = await uploadImage(t.app, kofi.token);
    const identification = await addedIdentification(
      t.app,
      kofi.token,
      validIdentification(kofi.userId, imageId, {
        issuedDate: day(-1),
        expiryDate: `${day(1)}T23:59:59+00:00`,
      }),
    );
    expect(identification).toMatchObject({ issuedDate: day(-1), expiryDate: day(1) });
  });

  it('answers exactly what identificationViolations says, for any mix of inputs (property)', async () => {
    // Images inserted directly: the property is about the rules, not the upload (whose rate limit it would hit).
    const images = await t.database.db
      .insert(identificationImages)
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          userId: kofi.userId,
          contentType: 'image/png',
          sizeBytes: 100 + index,
          storagePath: `${kofi.userId}/property-${index}.png`,
        })),
      )
      .returning({ id: identificationImages.id, sizeBytes: identificationImages.sizeBytes });
    let nextImage = 0;
    const dateArbitrary = fc.oneof(
      fc.integer({ min: -4000, max: 4000 }).map(day),
      fc.constantFrom('', '2024-13-01', 'not a date'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          identificationId: fc.constantFrom(0, 1, 3),
          identificationNumber: fc.oneof(
            fc.constant('').map(() => freshIdNumber()),
            fc.constantFrom('', '123', '12345678901', '12345abcde'),
          ),
          issuedDate: dateArbitrary,
          expiryDate: dateArbitrary,
          withImage: fc.boolean(),
        }),
        async ({ withImage, ...fields }) => {
          const image = withImage ? images[nextImage++ % images.length] : undefined;
          const expected = identificationViolations(
            {
              identificationTypeId: fields.identificationId,
              identificationNumber: fields.identificationNumber,
              issuedDate: fields.issuedDate,
              expiryDate: fields.expiryDate,
              image: image ? { sizeBytes: image.sizeBytes } : null,
            },
            today,
          ).map((violation) => violation.messageId);
          const response = await addIdentification(t.app, kofi.token, {
            ...validIdentification(kofi.userId, image?.id ?? ''),
            ...fields,
          });
          if (expected.length === 0) expect(response.statusCode, response.body).toBe(201);
          else expectRefusal(response, 400, expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('bad input is a 400, never a 500', () => {
  const send = (payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.addIdentification,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { ...bearer(kofi.token), 'content-type': contentType },
    });

  it.each<[string, unknown]>([
    ['a missing image field', { imgUrl: undefined }],
    ['a type id as text', { identificationId: '1' }],
    ['a number as a number', { identificationNumber: 1234567890 }],
    ['a date as a number', { issuedDate: 20240101 }],
    ['an image id as an object', { imgUrl: { id: 'x' } }],
    ['a fractional type id', { identificationId: 1.5 }],
    ['a very long number', { identificationNumber: '1'.repeat(500) }],
  ])('%s', async (_case, overrides) => {
    const response = await send({
      ...validIdentification(kofi.userId, crypto.randomUUID()),
      ...(overrides as object),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(envelope<ErrorBody>(response).data.messageId).toBe('request.invalid');
  });

  it('an empty object, malformed JSON, an array and no body', async () => {
    for (const response of [await send({}), await send('{"userId":'), await send([]), await send('')]) {
      expect(response.statusCode, response.body).toBe(400);
      envelope(response);
    }
  });

  it('the lists without a userId: 400', async () => {
    for (const path of [apiPaths.identificationsByUser, apiPaths.userIdentification]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: bearer(kofi.token) });
      expect(response.statusCode, response.body).toBe(400);
      envelope(response);
    }
  });
});

describe('only the token user (OWASP API1, BOLA)', () => {
  it.each([apiPaths.identificationsByUser, apiPaths.userIdentification])(
    "%s with another user's id: 403, and 401 without a token",
    async (path) => {
      const response = await list(kofi, path, ama.userId);
      expect(response.statusCode, response.body).toBe(403);
      expect(envelope<ErrorBody>(response).data.messageId).toBe('auth.forbidden');
      expect(response.body).not.toContain('Ama');
      const anonymous = await t.app.inject({
        method: 'GET',
        url: path,
        query: { userId: String(ama.userId) },
      });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('adding for another user: 403 and nothing added; without a token: 401', async () => {
    const { imageId } = await uploadImage(t.app, kofi.token);
    const forged = await addIdentification(t.app, kofi.token, validIdentification(ama.userId, imageId));
    expect(forged.statusCode, forged.body).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPaths.addIdentification,
      payload: validIdentification(kofi.userId, imageId),
    });
    expect(anonymous.statusCode).toBe(401);
    // The image is still unused: it can be added by its owner.
    await addedIdentification(t.app, kofi.token, validIdentification(kofi.userId, imageId));
  });
});
