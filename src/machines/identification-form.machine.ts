/**
 * The Add Identification form (spec sections 2 "Identifications", 4 "Identification form", 5 "Identification"):
 * the identification types load, the form keeps every identification rule (expiry forced after the issue date),
 * the ID image uploads with its real progress (over 5 MB refused without upload), then 'Add Now' -> added -> back
 * to the page that sent the user (input `returnTo`: the money screen that asked for an ID), else /Dashboard.
 *
 * States: loadingTypes (invoke `loadTypes`) -> editing | typesFailed (RETRY); editing.idle <-> editing.uploading
 * (the image upload runs while the rest of the form stays editable); SUBMIT ('Add Now') -> adding (invoke
 * `addIdentification`) -> added ('identification.added'; `identificationAdded`) -> after `addedRedirectDelay`
 * the final state `done` (`navigate` { to: returnTo }).
 *
 * The expiry is never pre-filled: it is forced after the issue date only once both are complete (issue 23).
 *
 * The upload: `uploadImage` is a promise actor (invoke id 'uploadImage') whose input carries the chosen file and an
 * `onProgress` callback. The app's implementation passes that callback to the XHR upload, whose own
 * `upload.onprogress` events call it; it sends UPLOAD_PROGRESS { loaded, total } to this machine. The promise
 * resolves with the server's UploadedImage ({ imageId, ... }, `xstate.done.actor.uploadImage`) or rejects
 * (`xstate.error.actor.uploadImage`). Leaving `editing.uploading` (IMAGE_REMOVED, another IMAGE_CHOSEN, ...)
 * stops the actor, which aborts the request through its signal. Tests drive it with synthetic UPLOAD_PROGRESS and
 * done/error events; no timer simulates progress.
 */
import { assign, fromPromise, setup } from 'xstate';
import { daysInMonth, isIsoDate, isoDate, type IsoDate } from '../domain/calendar';
import {
  expiryAfterIssue,
  IDENTIFICATION_IMAGE_MAX_BYTES,
  identificationNumberInput,
  identificationViolations,
  type IdentificationField,
  type IdentificationInput,
} from '../domain/identification';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import type { IdentificationType } from '../contract/reference';
import type { AddIdentificationRequest, Identification, UploadedImage } from '../contract/identification';
import { failureStatus, notProvided, serverMessageId, serverViolations } from './failure-messages';

/** A calendar date chosen with three selects; 0 means "not chosen yet". */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export interface IdentificationForm {
  identificationTypeId: number;
  identificationNumber: string;
  issued: DateParts;
  expiry: DateParts;
}

/** What IMAGE_CHOSEN carries: the file's facts and its bytes (the screen reads them from the file input). */
export interface ChosenImageFile {
  name: string;
  sizeBytes: number;
  /** The browser's MIME type guess (the server checks the bytes). */
  type: string;
  blob: Blob;
}

export interface IdentificationImage {
  name: string;
  sizeBytes: number;
  type: string;
  /** A blob: URL the screen made for the preview (the screen also revokes it). */
  previewUrl: string | null;
  /** The upload's id once the server has it, else null. */
  imageId: string | null;
  /** 0-100, from the upload's own progress events. */
  progress: number;
  file: Blob;
}

export type IdentificationFormField =
  | 'identificationTypeId'
  | 'identificationNumber'
  | 'issuedDay'
  | 'issuedMonth'
  | 'issuedYear'
  | 'expiryDay'
  | 'expiryMonth'
  | 'expiryYear';

export interface IdentificationFormInput {
  /** Today's date (UTC, Ghana's time): the date rules and the year options depend on it. */
  today: IsoDate;
  /** Where the user goes once the identification is added (a path of this site); '/Dashboard' when left out. */
  returnTo?: string;
}

export interface IdentificationFormContext {
  today: IsoDate;
  returnTo: string;
  form: IdentificationForm;
  types: IdentificationType[];
  image: IdentificationImage | null;
  violations: RuleViolation<IdentificationField>[];
  /** False until the first SUBMIT; from then on every rule's violation follows the form. */
  showViolations: boolean;
  error: DomainMessageId | null;
  /** 'identification.added' once the server has it. */
  notice: DomainMessageId | null;
}

export type IdentificationFormEvent =
  | { type: 'CHANGE'; field: IdentificationFormField; value: string }
  | { type: 'IMAGE_CHOSEN'; file: ChosenImageFile; previewUrl: string | null }
  | { type: 'IMAGE_REMOVED' }
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export interface UploadImageInput {
  file: Blob;
  name: string;
  /** Called with the upload's progress events; sends UPLOAD_PROGRESS to the machine. */
  onProgress: (progress: { loaded: number; total: number }) => void;
}

/** The add call's payload; the app adds the signed-in user's id. */
export type AddIdentificationPayload = Omit<AddIdentificationRequest, 'userId'>;

export const identificationFormDelays = {
  /** How long 'Identification added successfully!' shows before the dashboard opens. */
  addedRedirectDelay: 3000,
} as const;

const noDate = (): DateParts => ({ year: 0, month: 0, day: 0 });

export const emptyIdentificationForm = (): IdentificationForm => ({
  identificationTypeId: 0,
  identificationNumber: '',
  issued: noDate(),
  expiry: noDate(),
});

/** The ISO date the three selects make, or '' while one is missing (or the day does not exist). */
export const datePartsIso = (parts: DateParts): IsoDate | '' => {
  if (parts.year <= 0 || parts.month <= 0 || parts.day <= 0) return '';
  const iso = isoDate(parts.year, parts.month, parts.day);
  return isIsoDate(iso) ? iso : '';
};

const partsOf = (iso: IsoDate): DateParts => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The expiry selects stay disabled until the issue date is complete. */
export const expiryEnabled = (form: IdentificationForm): boolean => datePartsIso(form.issued) !== '';

const positiveInteger = (value: string): number => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

/** A day past the month's end (31 when February is chosen) becomes the month's last day. */
const clampDay = (parts: DateParts): DateParts =>
  parts.year > 0 && parts.month >= 1 && parts.month <= 12 && parts.day > daysInMonth(parts.year, parts.month)
    ? { ...parts, day: daysInMonth(parts.year, parts.month) }
    : parts;

/**
 * Once the issue date and the expiry are both complete, the expiry is kept after the issue date (moved to the day
 * after it). An expiry not chosen, or half chosen (a day before its year), is left as it is: no pre-filled date.
 */
const forceExpiry = (form: IdentificationForm): IdentificationForm => {
  const issued = datePartsIso(form.issued);
  const expiry = datePartsIso(form.expiry);
  if (issued === '' || expiry === '') return form;
  return { ...form, expiry: partsOf(expiryAfterIssue(issued, expiry)) };
};

const datePart = (
  field: IdentificationFormField,
): { date: 'issued' | 'expiry'; part: keyof DateParts } | null => {
  const match = /^(issued|expiry)(Day|Month|Year)$/.exec(field);
  if (!match) return null;
  return { date: match[1] as 'issued' | 'expiry', part: match[2]!.toLowerCase() as keyof DateParts };
};

/** The form after one select or input changed (the expiry is ignored while it is disabled). */
export const changeIdentificationForm = (
  form: IdentificationForm,
  field: IdentificationFormField,
  value: string,
): IdentificationForm => {
  if (field === 'identificationTypeId') return { ...form, identificationTypeId: positiveInteger(value) };
  if (field === 'identificationNumber')
    return { ...form, identificationNumber: identificationNumberInput(value) };
  const target = datePart(field);
  if (!target) return form;
  if (target.date === 'expiry' && !expiryEnabled(form)) return form;
  const parts = clampDay({ ...form[target.date], [target.part]: positiveInteger(value) });
  return forceExpiry({ ...form, [target.date]: parts });
};

/** The domain rules' view of the form. */
export const identificationInputOf = (
  form: IdentificationForm,
  image: IdentificationImage | null,
): IdentificationInput => ({
  identificationTypeId: form.identificationTypeId,
  identificationNumber: form.identificationNumber,
  issuedDate: datePartsIso(form.issued),
  expiryDate: datePartsIso(form.expiry),
  image: image && { sizeBytes: image.sizeBytes },
});

const imageTooLarge = (sizeBytes: number): boolean => sizeBytes > IDENTIFICATION_IMAGE_MAX_BYTES;

/** Before the first SUBMIT only the image's size is shown (at once, when it is chosen); after it, every rule. */
const shownViolations = (
  context: Pick<IdentificationFormContext, 'form' | 'image' | 'today'>,
  showAll: boolean,
): RuleViolation<IdentificationField>[] => {
  const all = identificationViolations(identificationInputOf(context.form, context.image), context.today);
  return showAll ? all : all.filter((violation) => violation.messageId === 'identification.imageTooLarge');
};

const isIdentificationField = (field: string): field is IdentificationField =>
  ['form', 'identificationNumber', 'image', 'issuedDate', 'expiryDate'].includes(field);

/** 409 'User with this ID already exists'; a 400 with a known message says it; anything else the generic failure. */
export const addIdentificationFailureMessage = (error: unknown): DomainMessageId => {
  switch (failureStatus(error)) {
    case 409:
      return 'identification.exists';
    case 400:
      return serverMessageId(error) ?? 'identification.failed';
    default:
      return 'identification.failed';
  }
};

/** 400/413 name the image's problem (type, size); anything else 'The image could not be uploaded...'. */
export const uploadFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  return (status === 400 || status === 413) && serverMessageId(error)
    ? serverMessageId(error)!
    : 'identification.uploadFailed';
};

const progressPercent = (loaded: number, total: number): number =>
  total > 0 && Number.isFinite(loaded) ? Math.min(Math.max(Math.floor((loaded / total) * 100), 0), 100) : 0;

export const identificationFormMachine = setup({
  types: {
    context: {} as IdentificationFormContext,
    events: {} as IdentificationFormEvent,
    input: {} as IdentificationFormInput,
  },
  actors: {
    /** GET api/Transaction/GetIdentitficationTypes (the reference list). */
    loadTypes: fromPromise<IdentificationType[], void>(async () => notProvided('loadTypes')),
    /** POST api/Transaction/UploadIdentificationImage (XHR, reporting progress through input.onProgress). */
    uploadImage: fromPromise<UploadedImage, UploadImageInput>(async () => notProvided('uploadImage')),
    /** POST api/Transaction/AddUserIdentification. */
    addIdentification: fromPromise<Identification, AddIdentificationPayload>(async () =>
      notProvided('addIdentification'),
    ),
  },
  delays: identificationFormDelays,
  guards: {
    imageTooLarge: (_, params: { sizeBytes: number }) => imageTooLarge(params.sizeBytes),
    formValid: ({ context }) =>
      context.image?.imageId != null &&
      identificationViolations(identificationInputOf(context.form, context.image), context.today).length ===
        0,
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && serverViolations(params.error, isIdentificationField).length > 0,
  },
  actions: {
    /** The app sends IDENTIFICATION_ADDED to the session (hasIdentification becomes true). */
    identificationAdded: () => notProvided('identificationAdded'),
    navigate: (_, _params: { to: string }) => notProvided('navigate'),
    setTypes: assign((_, params: { types: IdentificationType[] }) => ({ types: params.types, error: null })),
    setTypesFailed: assign({ error: 'identification.loadFailed' }),
    clearError: assign({ error: null }),
    change: assign(({ context }, params: { field: IdentificationFormField; value: string }) => {
      const form = changeIdentificationForm(context.form, params.field, params.value);
      return { form, violations: shownViolations({ ...context, form }, context.showViolations), error: null };
    }),
    chooseImage: assign(({ context }, params: { file: ChosenImageFile; previewUrl: string | null }) => {
      const image: IdentificationImage = {
        name: params.file.name,
        sizeBytes: params.file.sizeBytes,
        type: params.file.type,
        previewUrl: params.previewUrl,
        imageId: null,
        progress: 0,
        file: params.file.blob,
      };
      return {
        image,
        violations: shownViolations({ ...context, image }, context.showViolations),
        error: null,
      };
    }),
    removeImage: assign(({ context }) => ({
      image: null,
      violations: shownViolations({ ...context, image: null }, context.showViolations),
      error: null,
    })),
    setProgress: assign(({ context }, params: { loaded: number; total: number }) => ({
      image: context.image && { ...context.image, progress: progressPercent(params.loaded, params.total) },
    })),
    setUploaded: assign(({ context }, params: { imageId: string }) => ({
      image: context.image && { ...context.image, imageId: params.imageId, progress: 100 },
    })),
    setUploadFailed: assign(({ context }, params: { error: unknown }) => ({
      image: null,
      violations: shownViolations({ ...context, image: null }, context.showViolations),
      error: uploadFailureMessage(params.error),
    })),
    showViolations: assign(({ context }) => ({
      showViolations: true,
      violations: shownViolations(context, true),
      error: null,
    })),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      showViolations: true,
      violations: serverViolations(params.error, isIdentificationField),
      error: null,
    })),
    setAddFailed: assign((_, params: { error: unknown }) => ({
      error: addIdentificationFailureMessage(params.error),
    })),
    setAdded: assign({ notice: 'identification.added', error: null }),
  },
}).createMachine({
  id: 'identificationForm',
  context: ({ input }) => ({
    today: input.today,
    returnTo: input.returnTo ?? '/Dashboard',
    form: emptyIdentificationForm(),
    types: [],
    image: null,
    violations: [],
    showViolations: false,
    error: null,
    notice: null,
  }),
  initial: 'loadingTypes',
  states: {
    loadingTypes: {
      invoke: {
        id: 'loadTypes',
        src: 'loadTypes',
        onDone: {
          target: 'editing',
          actions: { type: 'setTypes', params: ({ event }) => ({ types: event.output }) },
        },
        onError: { target: 'typesFailed', actions: 'setTypesFailed' },
      },
    },
    typesFailed: {
      on: { RETRY: { target: 'loadingTypes', actions: 'clearError' } },
    },
    editing: {
      initial: 'idle',
      on: {
        CHANGE: {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        IMAGE_CHOSEN: [
          {
            // Refused at once: no byte is sent.
            guard: { type: 'imageTooLarge', params: ({ event }) => ({ sizeBytes: event.file.sizeBytes }) },
            target: '.idle',
            actions: {
              type: 'chooseImage',
              params: ({ event }) => ({ file: event.file, previewUrl: event.previewUrl }),
            },
          },
          {
            target: '.uploading',
            reenter: true,
            actions: {
              type: 'chooseImage',
              params: ({ event }) => ({ file: event.file, previewUrl: event.previewUrl }),
            },
          },
        ],
        IMAGE_REMOVED: { target: '.idle', actions: 'removeImage' },
      },
      states: {
        idle: {
          on: {
            SUBMIT: [
              { guard: 'formValid', target: '#identificationForm.adding', actions: 'showViolations' },
              { actions: 'showViolations' },
            ],
          },
        },
        uploading: {
          on: {
            UPLOAD_PROGRESS: {
              actions: {
                type: 'setProgress',
                params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
              },
            },
          },
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context, self }) => ({
              file: context.image!.file,
              name: context.image!.name,
              onProgress: (progress: { loaded: number; total: number }) =>
                self.send({ type: 'UPLOAD_PROGRESS', loaded: progress.loaded, total: progress.total }),
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'setUploaded', params: ({ event }) => ({ imageId: event.output.imageId }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'setUploadFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    adding: {
      invoke: {
        id: 'addIdentification',
        src: 'addIdentification',
        input: ({ context }) => {
          const input = identificationInputOf(context.form, context.image);
          return {
            identificationId: context.form.identificationTypeId,
            identificationNumber: context.form.identificationNumber,
            issuedDate: input.issuedDate,
            expiryDate: input.expiryDate,
            imgUrl: context.image?.imageId ?? '',
          };
        },
        onDone: { target: 'added' },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setAddFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    added: {
      entry: ['setAdded', 'identificationAdded'],
      after: {
        addedRedirectDelay: {
          target: 'done',
          actions: { type: 'navigate', params: ({ context }) => ({ to: context.returnTo }) },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type IdentificationFormMachine = typeof identificationFormMachine;
