import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { UploadedImage } from '../../src/contract/identification';
import {
  datePartsIso,
  identificationFormMachine,
  type AddIdentificationPayload,
  type UploadImageInput,
} from '../../src/machines/identification-form.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import {
  identification,
  identificationFormModel,
  identificationTypes,
  TODAY,
} from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';
import { proves } from '../support/requirements';

describeMachinePaths(identificationFormModel);

const MB = 1024 * 1024;
const smallFile = { name: 'card.jpg', sizeBytes: 200_000, type: 'image/jpeg', blob: new Blob(['jpeg']) };

interface Fakes {
  upload?: (input: UploadImageInput, signal: AbortSignal) => Promise<UploadedImage>;
  add?: (input: AddIdentificationPayload) => Promise<unknown>;
}

const start = (fakes: Fakes = {}) => {
  const identificationAdded = vi.fn();
  const navigate = vi.fn();
  const uploads: UploadImageInput[] = [];
  const adds: AddIdentificationPayload[] = [];
  const machine = identificationFormMachine.provide({
    actors: {
      loadTypes: fromPromise(async () => identificationTypes),
      uploadImage: fromPromise<UploadedImage, UploadImageInput>(async ({ input, signal }) => {
        uploads.push(input);
        return fakes.upload
          ? fakes.upload(input, signal)
          : { imageId: 'image-1', contentType: 'image/jpeg', sizeBytes: 200_000 };
      }),
      addIdentification: fromPromise(async ({ input }) => {
        adds.push(input);
        return (fakes.add ? fakes.add(input) : identification(1)) as never;
      }),
    },
    actions: { identificationAdded, navigate: (_, params) => navigate(params) },
    delays: { addedRedirectDelay: 10 },
  });
  const actor = createActor(machine, { input: { today: TODAY } });
  actor.start();
  return { actor, identificationAdded, navigate, uploads, adds };
};

type Actor = ReturnType<typeof start>['actor'];

const fillValidForm = (actor: Actor) => {
  actor.send({ type: 'CHANGE', field: 'identificationTypeId', value: '1' });
  actor.send({ type: 'CHANGE', field: 'identificationNumber', value: '0123456789' });
  actor.send({ type: 'CHANGE', field: 'issuedYear', value: '2020' });
  actor.send({ type: 'CHANGE', field: 'issuedMonth', value: '6' });
  actor.send({ type: 'CHANGE', field: 'issuedDay', value: '15' });
  actor.send({ type: 'CHANGE', field: 'expiryDay', value: '15' });
  actor.send({ type: 'CHANGE', field: 'expiryMonth', value: '6' });
  actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2030' });
};

describe('identification form', () => {
  test(
    proves(
      ['S4.identification.2', 'S4.identification.3'],
      'the expiry stays disabled until the issue date is complete, then is forced after it',
    ),
    async () => {
      const { actor } = start();
      await waitFor(actor, (s) => s.matches('editing'));
      actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2030' });
      expect(actor.getSnapshot().context.form.expiry).toEqual({ year: 0, month: 0, day: 0 });
      actor.send({ type: 'CHANGE', field: 'issuedYear', value: '2024' });
      actor.send({ type: 'CHANGE', field: 'issuedMonth', value: '2' });
      actor.send({ type: 'CHANGE', field: 'issuedDay', value: '31' });
      // 31 February 2024 does not exist: the 29th. The expiry is not pre-filled (a past date, 'Invalid Date Range').
      expect(datePartsIso(actor.getSnapshot().context.form.issued)).toBe('2024-02-29');
      expect(actor.getSnapshot().context.form.expiry).toEqual({ year: 0, month: 0, day: 0 });
      // A day chosen before the year is kept (issue 23).
      actor.send({ type: 'CHANGE', field: 'expiryDay', value: '1' });
      actor.send({ type: 'CHANGE', field: 'expiryMonth', value: '3' });
      expect(actor.getSnapshot().context.form.expiry).toEqual({ year: 0, month: 3, day: 1 });
      actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2034' });
      expect(datePartsIso(actor.getSnapshot().context.form.expiry)).toBe('2034-03-01');
      // An expiry chosen before the issue date is moved to the day after it.
      actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2023' });
      expect(datePartsIso(actor.getSnapshot().context.form.expiry)).toBe('2024-03-01');
      // Moving the issue date past the expiry moves the expiry too.
      actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2026' });
      actor.send({ type: 'CHANGE', field: 'issuedYear', value: '2026' });
      // 2026 is no leap year: the 29th becomes the 28th; the expiry is still after it.
      expect(datePartsIso(actor.getSnapshot().context.form.issued)).toBe('2026-02-28');
      expect(datePartsIso(actor.getSnapshot().context.form.expiry)).toBe('2026-03-01');
      actor.send({ type: 'CHANGE', field: 'issuedMonth', value: '3' });
      expect(datePartsIso(actor.getSnapshot().context.form.expiry)).toBe('2026-03-29');
    },
  );

  test('SUBMIT shows every rule in the spec order and sends nothing', async () => {
    const { actor, adds } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'identificationNumber', value: '12a3' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations.map((v) => v.messageId)).toEqual([
      'identification.allFields',
      'identification.number',
      'identification.imageRequired',
    ]);
    expect(actor.getSnapshot().context.form.identificationNumber).toBe('123');
    // An expiry already past: 'Invalid Date Range...'.
    fillValidForm(actor);
    actor.send({ type: 'CHANGE', field: 'expiryYear', value: '2026' });
    actor.send({ type: 'CHANGE', field: 'expiryMonth', value: '1' });
    expect(actor.getSnapshot().context.violations.map((v) => v.messageId)).toEqual([
      'identification.imageRequired',
      'identification.expiryPast',
    ]);
    expect(adds).toEqual([]);
  });

  test('an image over 5 MB is refused at once and never uploaded', async () => {
    const { actor, uploads } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({
      type: 'IMAGE_CHOSEN',
      file: { name: 'big.png', sizeBytes: 5 * MB + 1, type: 'image/png', blob: new Blob(['x']) },
      previewUrl: 'blob:big',
    });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'image', messageId: 'identification.imageTooLarge' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(uploads).toEqual([]);
    // Exactly 5 MB is accepted.
    actor.send({
      type: 'IMAGE_CHOSEN',
      file: { name: 'ok.png', sizeBytes: 5 * MB, type: 'image/png', blob: new Blob(['y']) },
      previewUrl: 'blob:ok',
    });
    await waitFor(actor, (s) => s.context.image?.imageId === 'image-1');
    expect(uploads).toHaveLength(1);
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });

  test('the progress bar follows the upload’s own progress events', async () => {
    let finish: (image: UploadedImage) => void = () => {};
    let report: UploadImageInput['onProgress'] = () => {};
    const { actor, uploads } = start({
      upload: (input) => {
        report = input.onProgress;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'IMAGE_CHOSEN', file: smallFile, previewUrl: 'blob:card' });
    await waitFor(actor, () => uploads.length === 1);
    expect(uploads[0]!.file).toBe(smallFile.blob);
    expect(actor.getSnapshot().context.image?.progress).toBe(0);
    report({ loaded: 50_000, total: 200_000 });
    expect(actor.getSnapshot().context.image?.progress).toBe(25);
    report({ loaded: 199_999, total: 200_000 });
    expect(actor.getSnapshot().context.image?.progress).toBe(99);
    finish({ imageId: 'image-7', contentType: 'image/jpeg', sizeBytes: 200_000 });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(actor.getSnapshot().context.image).toMatchObject({
      imageId: 'image-7',
      progress: 100,
      previewUrl: 'blob:card',
    });
  });

  test('removing the image while it uploads aborts the upload', async () => {
    let aborted = false;
    const { actor, uploads } = start({
      upload: (_input, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'IMAGE_CHOSEN', file: smallFile, previewUrl: 'blob:card' });
    await waitFor(actor, () => uploads.length === 1);
    actor.send({ type: 'IMAGE_REMOVED' });
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().context.image).toBeNull();
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('a failed upload says so and leaves no image', async () => {
    const { actor } = start({ upload: () => Promise.reject(networkError()) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'IMAGE_CHOSEN', file: smallFile, previewUrl: 'blob:card' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('identification.uploadFailed');
    expect(actor.getSnapshot().context.image).toBeNull();
  });

  test('Add Now sends the form with the upload’s id, then the session learns it and the dashboard opens', async () => {
    const { actor, adds, identificationAdded, navigate } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    fillValidForm(actor);
    actor.send({ type: 'IMAGE_CHOSEN', file: smallFile, previewUrl: 'blob:card' });
    await waitFor(actor, (s) => s.context.image?.imageId === 'image-1');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('added'));
    expect(adds).toEqual([
      {
        identificationId: 1,
        identificationNumber: '0123456789',
        issuedDate: '2020-06-15',
        expiryDate: '2030-06-15',
        imgUrl: 'image-1',
      },
    ]);
    expect(actor.getSnapshot().context.notice).toBe('identification.added');
    expect(identificationAdded).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith({ to: '/Dashboard' });
  });

  test.each([
    [httpError(409, 'identification.exists'), 'identification.exists'],
    [httpError(500, 'server.error'), 'identification.failed'],
    [networkError(), 'identification.failed'],
  ])('a failed add shows its message (%s)', async (error, message) => {
    const { actor, identificationAdded } = start({ add: () => Promise.reject(error) });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValidForm(actor);
    actor.send({ type: 'IMAGE_CHOSEN', file: smallFile, previewUrl: 'blob:card' });
    await waitFor(actor, (s) => s.context.image?.imageId === 'image-1');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(identificationAdded).not.toHaveBeenCalled();
  });

  fcTest.prop(
    [
      fc.array(
        fc.record({
          field: fc.constantFrom(
            'issuedDay',
            'issuedMonth',
            'issuedYear',
            'expiryDay',
            'expiryMonth',
            'expiryYear',
          ) as fc.Arbitrary<'issuedDay'>,
          value: fc
            .oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1977, max: 2076 }), fc.constant(''))
            .map(String),
        }),
        { maxLength: 20 },
      ),
    ],
    { numRuns: 150 },
  )('whatever is chosen, a complete expiry is after a complete issue date, and dates are real', (changes) => {
    // The pure transition function: no actor runs.
    let [snapshot] = initialTransition(identificationFormMachine, { today: TODAY });
    [snapshot] = transition(identificationFormMachine, snapshot, {
      type: 'xstate.done.actor.loadTypes',
      output: identificationTypes,
    } as never);
    for (const change of changes) {
      [snapshot] = transition(identificationFormMachine, snapshot, { type: 'CHANGE', ...change });
      const { issued, expiry } = snapshot.context.form;
      const issuedIso = datePartsIso(issued);
      const expiryIso = datePartsIso(expiry);
      if (issuedIso === '' || expiryIso === '') continue;
      expect(expiryIso > issuedIso).toBe(true);
    }
    expect(snapshot.matches('editing')).toBe(true);
  });
});
