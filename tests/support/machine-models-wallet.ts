/**
 * Path-test models (see machine-paths.ts) of the issue-3 machines: identification form, identifications, top-up,
 * withdrawal, wallet history and wallet. Each offers sample events (valid and invalid payloads, synthetic
 * done/error events for every invoke) chosen so the reachable contexts stay few: forms are repaired one field at
 * a time in the rules' order, and a second submit or a restart is offered only a bounded number of times. States
 * are told apart by their whole context, so each generated path replays exactly. The expectations come from the
 * spec (sections 2, 4, 5, 8) and the interfaces note, with the domain rules as the oracle for violations.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { addDays, isIsoDate, isoDate } from '../../src/domain/calendar';
import { cardPaymentViolations, parseCardExpiry } from '../../src/domain/card';
import { identificationViolations } from '../../src/domain/identification';
import { parseDecimalAmount } from '../../src/domain/money';
import { HISTORY_PAGE_SIZE, pageOf, searchTerm } from '../../src/domain/paging';
import { bankTopUpViolations, momoTopUpViolations } from '../../src/domain/top-up';
import { bankWithdrawalViolations, momoWithdrawalViolations } from '../../src/domain/withdrawal';
import { failureStatus, isApiError } from '../../src/contract/failure';
import type { Identification } from '../../src/contract/identification';
import type { Bank, IdentificationType } from '../../src/contract/reference';
import type { WalletMovementPage, WalletMovement, WalletOperation } from '../../src/contract/wallet';
import { identificationFormMachine } from '../../src/machines/identification-form.machine';
import { identificationsMachine, matchesIdentification } from '../../src/machines/identifications.machine';
import { topUpMachine } from '../../src/machines/top-up.machine';
import { walletHistoryMachine } from '../../src/machines/wallet-history.machine';
import { walletBalanceMachine } from '../../src/machines/wallet-balance.machine';
import { walletMachine } from '../../src/machines/wallet.machine';
import { monthSummaryMachine, type MonthSummaryContext } from '../../src/machines/month-summary.machine';
import type { MonthSummary } from '../../src/contract/wallet';
import { withdrawalMachine } from '../../src/machines/withdrawal.machine';
import {
  doneEvent,
  errorEvent,
  httpError,
  invalidResponseError,
  limitRefusal,
  networkError,
  timeoutError,
} from './machine-fixtures';
import { pagedHistoryModels } from './machine-model-paged-history';
import type { MachineModel, ModelStep, NamedAction } from './machine-paths';

/* ----------------------------------------------------------------------------------------------- helpers */

const named = (actions: NamedAction[]) => actions.map((action) => [action.type, action.params]);

const expectUnchanged = (step: ModelStep) => {
  expect(step.snapshot.value).toEqual(step.previous?.value);
  expect(step.snapshot.context).toEqual(step.previous?.context);
  expect(step.actions).toEqual([]);
};

const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;
const outputOf = <T>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const payload = <T>(event: AnyEventObject): T => event as unknown as T;

/** The context as JSON (blobs left out): two snapshots with the same value and this key replay alike. */
const contextKey = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify(snapshot.context, (_key, value: unknown) =>
    value instanceof Blob ? `blob:${value.size}` : value,
  );

/**
 * The context as JSON without the count of keys taken (it grows with every attempt): whether a key is held is
 * kept, and the check asserts its exact value from the previous step.
 */
const moneyKey = (snapshot: AnyMachineSnapshot): string => {
  const {
    keyCount: _keyCount,
    idempotencyKey,
    ...rest
  } = snapshot.context as {
    keyCount: number;
    idempotencyKey: string | null;
  };
  return JSON.stringify({ ...rest, holdsKey: idempotencyKey !== null });
};

/** The violations a 400 answer listed, as the machines keep them (with the figures a tier limit's names). */
const violationsOf = (error: unknown) =>
  isApiError(error) && error.failure.kind === 'http'
    ? (error.failure.data?.violations ?? []).map(({ field, messageId, values }) => ({
        field,
        messageId,
        ...(values ? { values } : {}),
      }))
    : [];

const messageIdOf = (error: unknown): string | null =>
  isApiError(error) && error.failure.kind === 'http' ? (error.failure.data?.messageId ?? null) : null;

/* ----------------------------------------------------------------------------------------------- fixtures */

export const TODAY = '2026-11-21';

export const identificationTypes: IdentificationType[] = [
  { id: 1, identificationType: 'Ghana Card' },
  { id: 2, identificationType: 'Passport' },
];

export const banks: Bank[] = [
  { id: 2, name: 'GCB Bank' },
  { id: 3, name: 'Ecobank Ghana' },
];

export const identification = (id: number): Identification => ({
  id,
  identificationTypeId: 1,
  identificationType: 'Ghana Card',
  identificationNumber: String(1000000000 + id),
  identificationNo: String(1000000000 + id),
  issuedDate: '2020-02-29',
  expiryDate: '2030-03-01',
  fullName: 'Ama Mensah',
  imageId: `image-${id}`,
});

export const historyRow = (id: number): WalletMovement => ({
  id,
  amount: (10 + id) * 100,
  fee: 0,
  actionType: id % 2 === 0 ? 'Credit' : 'Debit',
  description: 'Wallet top-up',
  kind: id % 2 === 0 ? 'card_top_up' : 'momo_withdrawal',
  counterparty: 'Visa •••• 4242',
  status: 'Successful',
  failureMessageId: null,
  referenceNumber: `REF${id}`,
  date: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
});

export const historyRows = (count: number): WalletMovement[] =>
  Array.from({ length: count }, (_, index) => historyRow(count - index));

/** What GET api/User/GetWalletMovementPage answers for `page` of these rows (newest first), clamped like the server. */
export const historyPageOf = (
  rows: readonly WalletMovement[],
  page: number,
  pageSize = HISTORY_PAGE_SIZE,
): WalletMovementPage => {
  const shown = pageOf(rows, page, pageSize);
  return { rows: shown.rows, total: rows.length, page: shown.window.page, pageSize };
};

export const operation = (
  status: WalletOperation['status'],
  overrides: Partial<WalletOperation> = {},
): WalletOperation => ({
  referenceNumber: 'WOP-1',
  status,
  failureMessageId: null,
  amount: 5000,
  walletAmount: 15000,
  ...overrides,
});

/* ----------------------------------------------------------------------------------------------- paged lists */

interface PagedListOptions {
  name: string;
  machine: typeof identificationsMachine;
  loadId: string;
  listKey: 'identifications';
  pageSize: number;
  failedMessage: string;
  lists: unknown[][];
  /** The machine's matcher, and search box texts to sample (one that keeps some rows, one that clears). */
  matches: (row: never, term: string) => boolean;
  searches: string[];
}

/** The term a SEARCH event searches for (undefined: every row), as the paged lists read the box's text. */
const termOfSearch = (event: AnyEventObject): string | undefined =>
  searchTerm(payload<{ text: string }>(event).text) || undefined;

/**
 * Identifications (2 a page): loading -> ready | failed (message, RETRY); PREVIOUS
 * and NEXT move one page within the pages there are; REFRESH reloads and keeps the page while it exists.
 */
const pagedListModel = (options: PagedListOptions): MachineModel => {
  type Context = { page: number; error: string | null; search?: string } & Record<string, unknown[]>;
  const lastPage = (count: number) => Math.max(Math.ceil(count / options.pageSize), 1) - 1;
  /** The rows a search keeps (all of them without one). */
  const kept = (list: unknown[], search: string | undefined) =>
    search === undefined ? list : list.filter((row) => options.matches(row as never, search));
  const check = (step: ModelStep): void => {
    const { previous, event, snapshot, actions } = step;
    const context = snapshot.context as Context;
    const list = context[options.listKey]!;
    expect(context.page).toBeGreaterThanOrEqual(0);
    expect(context.page).toBeLessThanOrEqual(lastPage(list.length));
    expect(actions).toEqual([]);
    if (snapshot.matches('failed')) expect(context.error).toBe(options.failedMessage);
    else expect(context.error).toBeNull();
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ [options.listKey]: [], page: 0, error: null });
      return;
    }
    const before = previous.context as Context;
    const beforeList = before[options.listKey]!;
    switch (event.type) {
      case `xstate.done.actor.${options.loadId}`: {
        if (!previous.matches('loading')) return expectUnchanged(step);
        const loaded = outputOf<unknown[]>(event);
        expect(snapshot.value).toBe('ready');
        expect(list).toEqual(loaded);
        expect(context.page).toBe(Math.min(before.page, lastPage(kept(loaded, context.search).length)));
        return;
      }
      case `xstate.error.actor.${options.loadId}`:
        if (!previous.matches('loading')) return expectUnchanged(step);
        expect(snapshot.value).toBe('failed');
        expect(list).toEqual(beforeList);
        return;
      case 'NEXT':
      case 'PREVIOUS': {
        if (!previous.matches('ready')) return expectUnchanged(step);
        const wanted = before.page + (event.type === 'NEXT' ? 1 : -1);
        const shownCount = kept(beforeList, before.search).length;
        const page = wanted >= 0 && wanted * options.pageSize < shownCount ? wanted : before.page;
        expect(snapshot.value).toBe('ready');
        expect(context.page).toBe(page);
        expect(list).toEqual(beforeList);
        return;
      }
      case 'REFRESH':
        if (!previous.matches('ready')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context.page).toBe(before.page);
        return;
      case 'RETRY':
        if (!previous.matches('failed')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        return;
      case 'SEARCH': {
        // A new term, in any state: the first page of what it keeps, the whole list still loaded.
        const term = termOfSearch(event);
        if (term === before.search) return expectUnchanged(step);
        expect(snapshot.value).toEqual(previous.value);
        expect(context).toEqual({ ...before, search: term, page: 0 });
        return;
      }
      default:
        throw new Error(`${options.name} model: unexpected event ${event.type}`);
    }
  };
  return {
    name: options.name,
    machine: options.machine,
    inputs: [{ label: 'start', input: undefined as never }],
    events: (snapshot) => [
      { type: 'PREVIOUS' },
      { type: 'NEXT' },
      { type: 'REFRESH' },
      { type: 'RETRY' },
      ...options.searches.map((text) => ({ type: 'SEARCH', text })),
      ...(snapshot.matches('loading')
        ? [
            ...options.lists.map((list) => doneEvent(options.loadId, list)),
            errorEvent(options.loadId, networkError()),
            errorEvent(options.loadId, httpError(500, 'server.error')),
          ]
        : []),
    ],
    key: contextKey,
    check,
  };
};

export const identificationsModel = pagedListModel({
  name: 'identifications',
  machine: identificationsMachine,
  loadId: 'loadIdentifications',
  listKey: 'identifications',
  pageSize: 2,
  failedMessage: 'identification.loadFailed',
  lists: [[1, 2, 3, 4, 5].map(identification), [identification(1)], []],
  matches: matchesIdentification,
  searches: [' 100000000 ', ''],
});

/* ----------------------------------------------------------------------------------------------- wallet history */

/** Wallet history, five a page from the server (its models are the histories' shared ones). */
export const [walletHistoryModel, walletHistorySearchModel] = pagedHistoryModels({
  name: 'wallet-history',
  machine: walletHistoryMachine,
  machineId: 'walletHistory',
  failedMessage: 'wallet.historyFailed',
  histories: [historyRows(12), historyRows(3), []],
  searchText: ' ref1 ',
});

/* ----------------------------------------------------------------------------------------------- wallet */

type WalletContext = { walletAmount: number | null; recent: WalletMovement[]; error: string | null };

const walletCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as WalletContext;
  expect(context.recent.length).toBeLessThanOrEqual(5);
  if (snapshot.matches('failed')) expect(context.error).toBe('wallet.historyFailed');
  else expect(context.error).toBeNull();
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({ walletAmount: null, recent: [], error: null });
    return;
  }
  const before = previous.context as WalletContext;
  switch (event.type) {
    case 'xstate.done.actor.loadWallet': {
      if (!previous.matches('loading')) return expectUnchanged(step);
      const summary = outputOf<{ walletAmount: number; recent: WalletMovement[] }>(event);
      expect(snapshot.value).toBe('ready');
      expect(context.walletAmount).toBe(summary.walletAmount);
      // Recent Activity: the latest five movements, newest first.
      expect(context.recent).toEqual(summary.recent.slice(0, 5));
      // The balance card follows every read of the balance.
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: summary.walletAmount }]]);
      return;
    }
    case 'xstate.error.actor.loadWallet':
      if (!previous.matches('loading')) return expectUnchanged(step);
      expect(snapshot.value).toBe('failed');
      expect(context.walletAmount).toBe(before.walletAmount);
      expect(actions).toEqual([]);
      return;
    case 'REFRESH':
    case 'RETRY':
      if (previous.matches('loading') || (event.type === 'RETRY' && !previous.matches('failed')))
        return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      // The last figures stay shown while they reload.
      expect(context.walletAmount).toBe(before.walletAmount);
      expect(context.recent).toEqual(before.recent);
      expect(actions).toEqual([]);
      return;
    default:
      throw new Error(`wallet model: unexpected event ${event.type}`);
  }
};

export const walletModel: MachineModel<typeof walletMachine> = {
  name: 'wallet',
  machine: walletMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: (snapshot) => [
    { type: 'REFRESH' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadWallet', { walletAmount: 123450, recent: historyRows(7) }),
          doneEvent('loadWallet', { walletAmount: 0, recent: [] }),
          errorEvent('loadWallet', networkError()),
          errorEvent('loadWallet', httpError(500, 'server.error')),
        ]
      : []),
  ],
  key: contextKey,
  check: walletCheck,
};

/* ----------------------------------------------------------------------------------------------- month summary */

/** November 2026 as the server answers it: money in and out by week, in pesewas. */
export const novemberSummary = (inMinor = 1250): MonthSummary => ({
  month: '2026-11',
  inMinor,
  outMinor: 300,
  weeks: [
    { week: 1, from: '2026-11-01', to: '2026-11-07', inMinor, outMinor: 0 },
    { week: 2, from: '2026-11-08', to: '2026-11-14', inMinor: 0, outMinor: 300 },
    { week: 3, from: '2026-11-15', to: '2026-11-21', inMinor: 0, outMinor: 0 },
    { week: 4, from: '2026-11-22', to: '2026-11-28', inMinor: 0, outMinor: 0 },
    { week: 5, from: '2026-11-29', to: '2026-11-30', inMinor: 0, outMinor: 0 },
  ],
});

/** The dashboard's picture of the month: the server's figures for the input month, a failure offers RETRY. */
export const monthSummaryModel: MachineModel<typeof monthSummaryMachine> = {
  name: 'month-summary',
  machine: monthSummaryMachine,
  inputs: [{ label: 'November 2026', input: { month: '2026-11' } }],
  events: (snapshot) => [
    { type: 'REFRESH' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadMonthSummary', novemberSummary()),
          doneEvent('loadMonthSummary', novemberSummary(0)),
          errorEvent('loadMonthSummary', networkError()),
          errorEvent('loadMonthSummary', httpError(500, 'server.error')),
        ]
      : []),
  ],
  key: contextKey,
  check: (step) => {
    const { previous, event, snapshot, actions } = step;
    const context = snapshot.context as MonthSummaryContext;
    expect(context.month).toBe('2026-11');
    expect(actions).toEqual([]);
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context.summary).toBeNull();
      return;
    }
    const before = previous.context as MonthSummaryContext;
    switch (event.type) {
      case 'xstate.done.actor.loadMonthSummary':
        if (!previous.matches('loading')) return expectUnchanged(step);
        expect(snapshot.value).toBe('ready');
        expect(context.summary).toEqual(outputOf<MonthSummary>(event));
        return;
      case 'xstate.error.actor.loadMonthSummary':
        if (!previous.matches('loading')) return expectUnchanged(step);
        expect(snapshot.value).toBe('failed');
        // The last figures are kept (the screen shows the retry in their place).
        expect(context.summary).toEqual(before.summary);
        return;
      case 'REFRESH':
      case 'RETRY': {
        const from = event.type === 'REFRESH' ? 'ready' : 'failed';
        if (!previous.matches(from)) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context.summary).toEqual(before.summary);
        return;
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },
};

/* ----------------------------------------------------------------------------------------------- wallet balance */

/**
 * The available balance read before a withdrawal: the server's figure (handed to the session), or the session's
 * copy (the input) when it cannot be read.
 */
export const walletBalanceModel: MachineModel<typeof walletBalanceMachine> = {
  name: 'wallet-balance',
  machine: walletBalanceMachine,
  inputs: [{ label: "the session's GH₵ 12.50", input: { walletAmount: 1250 } }],
  events: (snapshot) =>
    snapshot.matches('loading')
      ? [
          doneEvent('loadBalance', { walletAmount: 4000 }),
          errorEvent('loadBalance', networkError()),
          errorEvent('loadBalance', httpError(500, 'server.error')),
        ]
      : [],
  key: contextKey,
  check: ({ previous, event, snapshot, actions }) => {
    const context = snapshot.context as { walletAmount: number; fresh: boolean };
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ walletAmount: 1250, fresh: false });
      return;
    }
    expect(snapshot.value).toBe('ready');
    expect(snapshot.status).toBe('done');
    if (event.type === 'xstate.done.actor.loadBalance') {
      expect(context).toEqual({ walletAmount: 4000, fresh: true });
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: 4000 }]]);
    } else {
      expect(context).toEqual({ walletAmount: 1250, fresh: false });
      expect(actions).toEqual([]);
    }
  },
};

/* ----------------------------------------------------------------------------------------------- identification form */

type DateParts = { year: number; month: number; day: number };
type IdImage = {
  name: string;
  sizeBytes: number;
  type: string;
  previewUrl: string | null;
  imageId: string | null;
  progress: number;
};
type IdFormContext = {
  today: string;
  returnTo: string;
  form: { identificationTypeId: number; identificationNumber: string; issued: DateParts; expiry: DateParts };
  types: IdentificationType[];
  image: IdImage | null;
  violations: { field: string; messageId: string }[];
  showViolations: boolean;
  error: string | null;
  notice: string | null;
};

const MB = 1024 * 1024;
const smallImage = { name: 'card.jpg', sizeBytes: 200_000, type: 'image/jpeg', blob: new Blob(['jpeg']) };
const bigImage = { name: 'huge.png', sizeBytes: 5 * MB + 1, type: 'image/png', blob: new Blob(['png']) };
const uploaded = {
  imageId: '9f1c3c1e-0000-4000-8000-000000000001',
  contentType: 'image/jpeg',
  sizeBytes: 200_000,
};

const isoOf = (parts: DateParts): string => {
  if (!parts.year || !parts.month || !parts.day) return '';
  const iso = isoDate(parts.year, parts.month, parts.day);
  return isIsoDate(iso) ? iso : '';
};

const dateOf = (iso: string): DateParts => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The next repair of the form, in the rules' order (type, number, issue date part by part, expiry, image). */
const idFormRepair = (context: IdFormContext): AnyEventObject | null => {
  const { form } = context;
  if (form.identificationTypeId === 0) return { type: 'CHANGE', field: 'identificationTypeId', value: '1' };
  if (form.identificationNumber !== '0123456789')
    return { type: 'CHANGE', field: 'identificationNumber', value: '0123-456-789' };
  if (!form.issued.year) return { type: 'CHANGE', field: 'issuedYear', value: '2020' };
  if (!form.issued.month) return { type: 'CHANGE', field: 'issuedMonth', value: '2' };
  if (!form.issued.day) return { type: 'CHANGE', field: 'issuedDay', value: '31' };
  // The expiry is not pre-filled; its day is chosen before its year and kept (issue 23).
  if (!form.expiry.day) return { type: 'CHANGE', field: 'expiryDay', value: '15' };
  if (!form.expiry.month) return { type: 'CHANGE', field: 'expiryMonth', value: '3' };
  if (isoOf(form.expiry) <= context.today) return { type: 'CHANGE', field: 'expiryYear', value: '2030' };
  if (context.image === null) return { type: 'IMAGE_CHOSEN', file: smallImage, previewUrl: 'blob:card' };
  return null;
};

const idFormEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as IdFormContext;
  const repair = idFormRepair(context);
  const complete = repair === null && context.image?.imageId != null;
  const events: AnyEventObject[] = [
    ...(repair ? [repair] : []),
    { type: 'SUBMIT' },
    { type: 'RETRY' },
    { type: 'IMAGE_REMOVED' },
    { type: 'UPLOAD_PROGRESS', loaded: 50_000, total: 200_000 },
    // Invalid payloads: a disabled expiry select (ignored until the issue date is complete), a 6 MB image (refused
    // without an upload), and once the form is complete letters in the number and an issue date after the expiry.
    { type: 'CHANGE', field: 'expiryDay', value: '5' },
    ...(context.image === null ? [{ type: 'IMAGE_CHOSEN', file: bigImage, previewUrl: 'blob:huge' }] : []),
    ...(complete
      ? [
          { type: 'CHANGE', field: 'identificationNumber', value: '12ab' },
          { type: 'CHANGE', field: 'issuedYear', value: '2031' },
        ]
      : []),
  ];
  // Another image in place of the one there: the 6 MB one while nothing is uploaded yet, else the small one.
  if (context.image !== null)
    events.push({
      type: 'IMAGE_CHOSEN',
      ...(context.image.imageId === null
        ? { file: bigImage, previewUrl: 'blob:huge' }
        : { file: smallImage, previewUrl: 'blob:card' }),
    });
  events.push(
    doneEvent('loadTypes', identificationTypes),
    errorEvent('loadTypes', networkError()),
    doneEvent('uploadImage', uploaded),
    errorEvent('uploadImage', networkError()),
    errorEvent('uploadImage', httpError(400, 'identification.imageType')),
    doneEvent('addIdentification', identification(1)),
    errorEvent('addIdentification', httpError(409, 'identification.exists')),
    errorEvent(
      'addIdentification',
      httpError(400, 'request.invalid', [
        { field: 'identificationNumber', messageId: 'identification.number' },
      ]),
    ),
    errorEvent('addIdentification', httpError(400, 'identification.typeUnknown')),
    errorEvent('addIdentification', httpError(500, 'server.error')),
    errorEvent('addIdentification', networkError()),
  );
  return events;
};

/** Spec section 4: a complete expiry follows the issue date (the day after when it is not after it). */
const expectedIdForm = (form: IdFormContext['form'], field: string, value: string): IdFormContext['form'] => {
  const next = structuredClone(form);
  const number = Number(value);
  const part = Number.isInteger(number) && number > 0 ? number : 0;
  if (field === 'identificationTypeId') next.identificationTypeId = part;
  else if (field === 'identificationNumber')
    next.identificationNumber = value.replace(/\D/g, '').slice(0, 10);
  else {
    const which = field.startsWith('issued') ? 'issued' : 'expiry';
    // The expiry selects are disabled until the issue date is complete.
    if (which === 'expiry' && isoOf(form.issued) === '') return form;
    const name = field.replace(/^(issued|expiry)/, '').toLowerCase() as keyof DateParts;
    next[which][name] = part;
    const { year, month } = next[which];
    if (year && month >= 1 && month <= 12) {
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      if (next[which].day > lastDay) next[which].day = lastDay;
    }
    const issued = isoOf(next.issued);
    const expiry = isoOf(next.expiry);
    if (issued !== '' && expiry !== '' && !(expiry > issued)) next.expiry = dateOf(addDays(issued, 1));
  }
  return next;
};

const idRules = (context: Pick<IdFormContext, 'form' | 'image' | 'today'>) =>
  identificationViolations(
    {
      identificationTypeId: context.form.identificationTypeId,
      identificationNumber: context.form.identificationNumber,
      issuedDate: isoOf(context.form.issued),
      expiryDate: isoOf(context.form.expiry),
      image: context.image && { sizeBytes: context.image.sizeBytes },
    },
    context.today,
  );

/** Before the first SUBMIT only the image size shows (at once); after it every rule, in the spec's order. */
const idShown = (context: Pick<IdFormContext, 'form' | 'image' | 'today'>, showAll: boolean) =>
  idRules(context).filter((v) => showAll || v.messageId === 'identification.imageTooLarge');

const idFormCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as IdFormContext;
  expect(context.today).toBe(TODAY);
  if (context.image) {
    expect(context.image.progress).toBeGreaterThanOrEqual(0);
    expect(context.image.progress).toBeLessThanOrEqual(100);
    // An image over 5 MB is never sent.
    if (context.image.sizeBytes > 5 * MB) {
      expect(context.image.imageId).toBeNull();
      expect(snapshot.matches({ editing: 'uploading' })).toBe(false);
    }
  }
  if (snapshot.matches({ editing: 'uploading' })) expect(context.image?.imageId).toBeNull();
  if (snapshot.matches('typesFailed')) expect(context.error).toBe('identification.loadFailed');
  if (snapshot.matches('added') || snapshot.matches('done'))
    expect(context.notice).toBe('identification.added');
  else expect(context.notice).toBeNull();
  // The page that sent the user (the input's), else the dashboard; it never changes.
  expect(context.returnTo).toBe(previous ? (previous.context as IdFormContext).returnTo : context.returnTo);
  if (previous === null) {
    expect(['/Dashboard', '/SendMoney']).toContain(context.returnTo);
    expect(snapshot.value).toBe('loadingTypes');
    expect(context.form).toEqual({
      identificationTypeId: 0,
      identificationNumber: '',
      issued: { year: 0, month: 0, day: 0 },
      expiry: { year: 0, month: 0, day: 0 },
    });
    expect(context.image).toBeNull();
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as IdFormContext;
  const inEditing = previous.matches('editing');
  switch (event.type) {
    case 'xstate.done.actor.loadTypes':
      if (!previous.matches('loadingTypes')) return expectUnchanged(step);
      expect(snapshot.value).toEqual({ editing: 'idle' });
      expect(context.types).toEqual(identificationTypes);
      return;
    case 'xstate.error.actor.loadTypes':
      if (!previous.matches('loadingTypes')) return expectUnchanged(step);
      expect(snapshot.value).toBe('typesFailed');
      return;
    case 'RETRY':
      if (!previous.matches('typesFailed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loadingTypes');
      expect(context.error).toBeNull();
      return;
    case 'CHANGE': {
      if (!inEditing) return expectUnchanged(step);
      const { field, value } = payload<{ field: string; value: string }>(event);
      const form = expectedIdForm(before.form, field, value);
      expect(context.form).toEqual(form);
      expect(context.violations).toEqual(idShown({ ...before, form }, before.showViolations));
      expect(context.error).toBeNull();
      expect(snapshot.value).toEqual(previous.value);
      return;
    }
    case 'IMAGE_CHOSEN': {
      if (!inEditing) return expectUnchanged(step);
      const { file, previewUrl } = payload<{ file: typeof smallImage; previewUrl: string }>(event);
      expect(context.image).toMatchObject({
        name: file.name,
        sizeBytes: file.sizeBytes,
        previewUrl,
        imageId: null,
        progress: 0,
      });
      if (file.sizeBytes > 5 * MB) {
        // 'Image size too large' at once, and no upload.
        expect(snapshot.value).toEqual({ editing: 'idle' });
        expect(context.violations).toContainEqual({
          field: 'image',
          messageId: 'identification.imageTooLarge',
        });
      } else {
        expect(snapshot.value).toEqual({ editing: 'uploading' });
      }
      return;
    }
    case 'IMAGE_REMOVED':
      if (!inEditing) return expectUnchanged(step);
      expect(context.image).toBeNull();
      expect(snapshot.value).toEqual({ editing: 'idle' });
      expect(context.violations).toEqual(idShown({ ...before, image: null }, before.showViolations));
      return;
    case 'UPLOAD_PROGRESS': {
      if (!previous.matches({ editing: 'uploading' })) return expectUnchanged(step);
      const { loaded, total } = payload<{ loaded: number; total: number }>(event);
      expect(context.image?.progress).toBe(Math.floor((loaded / total) * 100));
      expect(snapshot.value).toEqual({ editing: 'uploading' });
      return;
    }
    case 'xstate.done.actor.uploadImage':
      if (!previous.matches({ editing: 'uploading' })) return expectUnchanged(step);
      expect(snapshot.value).toEqual({ editing: 'idle' });
      expect(context.image).toMatchObject({
        imageId: outputOf<typeof uploaded>(event).imageId,
        progress: 100,
      });
      return;
    case 'xstate.error.actor.uploadImage': {
      if (!previous.matches({ editing: 'uploading' })) return expectUnchanged(step);
      const error = errorOf(event);
      expect(snapshot.value).toEqual({ editing: 'idle' });
      expect(context.image).toBeNull();
      // The server's reason for a refused image (type, size), else the upload failed.
      expect(context.error).toBe(
        failureStatus(error) === 400 ? messageIdOf(error) : 'identification.uploadFailed',
      );
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches({ editing: 'idle' })) return expectUnchanged(step);
      const violations = idRules(before);
      expect(context.showViolations).toBe(true);
      expect(context.violations).toEqual(violations);
      expect(snapshot.value).toEqual(violations.length === 0 ? 'adding' : { editing: 'idle' });
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.done.actor.addIdentification':
      if (!previous.matches('adding')) return expectUnchanged(step);
      expect(snapshot.value).toBe('added');
      // The session learns it (hasIdentification true).
      expect(named(actions)).toEqual([['identificationAdded', undefined]]);
      return;
    case 'xstate.error.actor.addIdentification': {
      if (!previous.matches('adding')) return expectUnchanged(step);
      const error = errorOf(event);
      expect(snapshot.value).toEqual({ editing: 'idle' });
      expect(context.form).toEqual(before.form);
      const violations = violationsOf(error);
      if (failureStatus(error) === 400 && violations.length) {
        expect(context.violations).toEqual(violations);
        expect(context.error).toBeNull();
      } else if (failureStatus(error) === 409) {
        expect(context.error).toBe('identification.exists');
      } else if (failureStatus(error) === 400) {
        expect(context.error).toBe(messageIdOf(error));
      } else {
        expect(context.error).toBe('identification.failed');
      }
      return;
    }
    case 'xstate.after.addedRedirectDelay.identificationForm.added':
      expect(snapshot.value).toBe('done');
      expect(snapshot.status).toBe('done');
      // Back to the page that sent the user, else the dashboard.
      expect(named(actions)).toEqual([['navigate', { to: context.returnTo }]]);
      return;
    default:
      throw new Error(`identification-form model: unexpected event ${event.type}`);
  }
};

export const identificationFormModel: MachineModel<typeof identificationFormMachine> = {
  name: 'identification-form',
  machine: identificationFormMachine,
  inputs: [
    { label: `today ${TODAY}`, input: { today: TODAY } },
    { label: 'sent by /SendMoney', input: { today: TODAY, returnTo: '/SendMoney' } },
  ],
  events: idFormEvents,
  key: contextKey,
  check: idFormCheck,
  maxSimplePaths: 60,
};

/* ----------------------------------------------------------------------------------------------- top-up */

type Gateway = 'card' | 'bank' | 'momo';
type TopUpContext = {
  today: string;
  walletAmount: number;
  gateway: Gateway | null;
  card: Record<string, string>;
  bank: { amount: string; bankAccountNumber: string; bankId: number; accountTypeId: number };
  momo: { amount: string; phone: string; provider: string };
  banks: Bank[];
  violations: { field: string; messageId: string }[];
  showViolations: boolean;
  error: string | null;
  keySeed: string;
  keyCount: number;
  idempotencyKey: string | null;
  operation: WalletOperation | null;
};

/** A valid form per gateway, field by field in the rules' order, with what is typed and what the form keeps. */
const validTopUp: Record<Gateway, [field: string, typed: string, kept: string | number][]> = {
  card: [
    ['firstName', 'Ama', 'Ama'],
    ['lastName', 'Mensah', 'Mensah'],
    ['number', '4242424242424242', '4242 4242 4242 4242'],
    ['expiry', '1230', '12/30'],
    ['cvc', '123', '123'],
    ['amount', '50', '50'],
  ],
  bank: [
    ['amount', '100.50', '100.50'],
    ['bankId', '2', 2],
    ['bankAccountNumber', '0123456789', '0123456789'],
  ],
  momo: [
    ['amount', '20', '20'],
    ['phone', '024 123 4567', '0241234567'],
  ],
};

const invalidTopUp: Record<Gateway, AnyEventObject[]> = {
  // A 2-digit CVC; a letter in the account number; a 5-digit phone.
  card: [{ type: 'CHANGE', field: 'cvc', value: '12' }],
  bank: [{ type: 'CHANGE', field: 'bankAccountNumber', value: '12ab' }],
  momo: [{ type: 'CHANGE', field: 'phone', value: '12345' }],
};

/** Another gateway's field: ignored. */
const foreignTopUp: Record<Gateway, AnyEventObject> = {
  card: { type: 'CHANGE', field: 'phone', value: '0241234567' },
  bank: { type: 'CHANGE', field: 'cvc', value: '123' },
  momo: { type: 'CHANGE', field: 'bankId', value: '2' },
};

const topUpFormOf = (context: TopUpContext, gateway: Gateway): Record<string, string | number> =>
  context[gateway] as unknown as Record<string, string | number>;

const topUpRepair = (context: TopUpContext, gateway: Gateway): AnyEventObject | null => {
  const form = topUpFormOf(context, gateway);
  const next = validTopUp[gateway].find(([field, , kept]) => form[field] !== kept);
  return next ? { type: 'CHANGE', field: next[0], value: next[1] } : null;
};

/** Spec section 5 through the domain rules, with the card's fields under the form's names. */
const expectedTopUpViolations = (context: TopUpContext) => {
  switch (context.gateway) {
    case 'card': {
      const card = context.card as Record<string, string>;
      return cardPaymentViolations(
        {
          firstName: card.firstName!,
          lastName: card.lastName!,
          cardNumber: card.number!.replace(/\D/g, ''),
          expiry: parseCardExpiry(card.expiry!),
          cvv: card.cvc!,
          amountMinor: card.amount === '' ? null : parseDecimalAmount(card.amount!),
        },
        new Date(`${context.today}T00:00:00Z`),
      ).map((v) => ({
        field: v.field === 'cardNumber' ? 'number' : v.field === 'cvv' ? 'cvc' : v.field,
        messageId: v.messageId,
      }));
    }
    case 'bank':
      return bankTopUpViolations({
        amountMinor: context.bank.amount === '' ? null : parseDecimalAmount(context.bank.amount),
        bankAccountNumber: context.bank.bankAccountNumber,
        bankId: context.bank.bankId,
        accountTypeId: context.bank.accountTypeId,
      });
    case 'momo':
      return momoTopUpViolations({
        amountMinor: context.momo.amount === '' ? null : parseDecimalAmount(context.momo.amount),
        phone: context.momo.phone,
        provider: context.momo.provider,
      });
    default:
      return [];
  }
};

const topUpAnswers: Record<Gateway, AnyEventObject[]> = {
  card: [
    doneEvent('topUp', operation('Successful')),
    doneEvent('topUp', operation('Failed', { failureMessageId: 'card.declined' })),
    errorEvent('topUp', httpError(402, 'card.declined')),
    errorEvent('topUp', httpError(402)),
    errorEvent(
      'topUp',
      httpError(400, 'request.invalid', [{ field: 'cardNumber', messageId: 'card.number' }]),
    ),
    errorEvent('topUp', httpError(403, 'identity.required')),
    errorEvent('topUp', networkError()),
    errorEvent('topUp', httpError(500)),
  ],
  bank: [
    doneEvent('topUp', operation('Successful', { amount: 10050, walletAmount: 20050 })),
    errorEvent('topUp', httpError(402, 'topUp.bankFailed')),
    errorEvent('topUp', httpError(402)),
    errorEvent('topUp', httpError(409, 'idempotency.conflict')),
    errorEvent('topUp', timeoutError()),
    // Over the tier's maximum balance (C.limit.8): a form the browser accepts, refused by the server.
    errorEvent('topUp', limitRefusal('limit.balance')),
  ],
  momo: [
    doneEvent('topUp', operation('pending', { amount: 2000, walletAmount: 10000 })),
    errorEvent('topUp', invalidResponseError()),
    errorEvent(
      'topUp',
      httpError(400, 'request.invalid', [{ field: 'phone', messageId: 'momoTopUp.phone' }]),
    ),
  ],
};

const momoStatusAnswers: AnyEventObject[] = [
  doneEvent('getOperation', operation('Successful', { amount: 2000, walletAmount: 12000 })),
  doneEvent('getOperation', operation('pending', { amount: 2000, walletAmount: 10000 })),
  doneEvent(
    'getOperation',
    operation('Failed', { amount: 2000, walletAmount: 10000, failureMessageId: 'topUp.momoRejected' }),
  ),
  doneEvent(
    'getOperation',
    operation('Failed', { amount: 2000, walletAmount: 10000, failureMessageId: 'topUp.momoExpired' }),
  ),
  doneEvent(
    'getOperation',
    operation('Failed', { amount: 2000, walletAmount: 10000, failureMessageId: 'not.an.id' }),
  ),
  errorEvent('getOperation', networkError()),
  errorEvent('getOperation', httpError(404, 'operation.notFound')),
];

const topUpEvents =
  (gateway: Gateway) =>
  (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const context = snapshot.context as TopUpContext;
    const events: AnyEventObject[] = [
      { type: 'RETRY' },
      { type: 'AGAIN' },
      { type: 'DONE' },
      // One pass through the wizard (a restart is offered, not a second journey).
      { type: 'GATEWAY_CHOSEN', gateway },
      { type: 'BACK' },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
      foreignTopUp[gateway],
    ];
    const repair = topUpRepair(context, gateway);
    if (repair) events.push(repair);
    else events.push(...invalidTopUp[gateway]);
    if (snapshot.matches('loadingBanks'))
      events.push(doneEvent('loadBanks', banks), errorEvent('loadBanks', httpError(500, 'server.error')));
    if (snapshot.matches('processing')) events.push(...topUpAnswers[gateway]);
    if (snapshot.matches({ awaitingApproval: 'checking' })) events.push(...momoStatusAnswers);
    return events;
  };

/** The gateway's own failure when the server names none: the operation answered 'Failed', or a 402. */
const gatewayFailureOf = (gateway: Gateway): string =>
  gateway === 'card' ? 'card.failed' : gateway === 'bank' ? 'topUp.bankFailed' : 'topUp.error';

/**
 * Spec 8 and the interfaces note: the message of a failed top-up call (400 violations apart): no answer 'Failed
 * to add funds', an answer without a message of its own 'Error adding funds' (the card: its own).
 */
const expectedTopUpFailure = (gateway: Gateway, error: unknown): string => {
  const status = failureStatus(error);
  if (status === null) return 'topUp.failed';
  if (status === 403) return 'identity.required';
  const id = messageIdOf(error);
  if (id) return id;
  if (status === 402) return gatewayFailureOf(gateway);
  return gateway === 'card' ? 'card.failed' : 'topUp.error';
};

const knownFailure = (result: WalletOperation, fallback: string): string =>
  result.failureMessageId && result.failureMessageId.includes('.') && result.failureMessageId !== 'not.an.id'
    ? result.failureMessageId
    : fallback;

const expectTopUpRestart = (context: TopUpContext) => {
  expect(context.gateway).toBeNull();
  expect(context.card).toEqual({ firstName: '', lastName: '', number: '', expiry: '', cvc: '', amount: '' });
  expect(context.bank).toEqual({ amount: '', bankAccountNumber: '', bankId: 0, accountTypeId: 1 });
  expect(context.momo).toEqual({ amount: '', phone: '', provider: 'MTN' });
  expect(context.violations).toEqual([]);
  expect(context.error).toBeNull();
  expect(context.operation).toBeNull();
  expect(context.idempotencyKey).toBeNull();
};

const topUpCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as TopUpContext;
  // Invariants: a key is the seed and the attempt's number; processing always has one.
  if (context.idempotencyKey !== null) expect(context.idempotencyKey).toBe(`seed-${context.keyCount}`);
  if (snapshot.matches('processing')) expect(context.idempotencyKey).not.toBeNull();
  if (snapshot.matches('reviewing')) expect(context.idempotencyKey).not.toBeNull();
  // The review shows from Confirm's page to the answer; a top-up is never 'debited'.
  expect(snapshot.hasTag('reviewPage')).toBe(snapshot.matches('reviewing') || snapshot.matches('processing'));
  expect(snapshot.hasTag('debited')).toBe(false);
  // The balance is the session's, then every answer's.
  if (context.operation) expect(context.walletAmount).toBe(context.operation.walletAmount);
  if (!context.showViolations) expect(context.violations).toEqual([]);
  if (snapshot.matches('choosingGateway')) expect(context.gateway).toBeNull();
  else expect(context.gateway).not.toBeNull();
  if (snapshot.matches('awaitingApproval')) expect(context.operation?.status).toBe('pending');
  if (snapshot.matches('recharged')) expect(context.operation?.status).toBe('Successful');
  if (previous === null) {
    expect(snapshot.value).toBe('choosingGateway');
    expectTopUpRestart(context);
    expect(context.keyCount).toBe(0);
    expect(context.today).toBe(TODAY);
    expect(context.walletAmount).toBe(5000);
    return;
  }
  const before = previous.context as TopUpContext;
  if (actions.length) expect(actions.every((action) => action.type === 'walletChanged')).toBe(true);
  switch (event.type) {
    case 'GATEWAY_CHOSEN': {
      if (!previous.matches('choosingGateway')) return expectUnchanged(step);
      const { gateway } = payload<{ gateway: Gateway }>(event);
      expect(context.gateway).toBe(gateway);
      // The bank form needs the bank list first (once).
      expect(snapshot.value).toBe(
        gateway === 'bank' && before.banks.length === 0 ? 'loadingBanks' : 'editing',
      );
      expect(context.violations).toEqual([]);
      expect(context.idempotencyKey).toBeNull();
      return;
    }
    case 'xstate.done.actor.loadBanks':
      if (!previous.matches('loadingBanks')) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.banks).toEqual(outputOf(event));
      return;
    case 'xstate.error.actor.loadBanks':
      if (!previous.matches('loadingBanks')) return expectUnchanged(step);
      expect(snapshot.value).toBe('banksFailed');
      expect(context.error).toBe('banks.loadFailed');
      return;
    case 'CHANGE': {
      const { field } = payload<{ field: string; value: string }>(event);
      const gateway = before.gateway;
      const ownField = gateway !== null && validTopUp[gateway].some(([name]) => name === field);
      if (!previous.matches('editing') || !ownField) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.error).toBeNull();
      // A changed form is another request: its next attempt takes a new key.
      expect(context.idempotencyKey).toBeNull();
      expect(context.keyCount).toBe(before.keyCount);
      expect(context.violations).toEqual(before.showViolations ? expectedTopUpViolations(context) : []);
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const violations = expectedTopUpViolations(before);
      expect(context.violations).toEqual(violations);
      expect(context.showViolations).toBe(true);
      if (violations.length) {
        expect(snapshot.value).toBe('editing');
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
      } else {
        // The review first: nothing is sent before Confirm.
        expect(snapshot.value).toBe('reviewing');
        expect(context.error).toBeNull();
        // The kept key of an unanswered attempt, else a new one.
        expect(context.idempotencyKey).toBe(before.idempotencyKey ?? `seed-${before.keyCount + 1}`);
      }
      return;
    }
    case 'RETRY':
      if (previous.matches('banksFailed')) {
        expect(snapshot.value).toBe('loadingBanks');
        expect(context.error).toBeNull();
        return;
      }
      return expectUnchanged(step);
    case 'CONFIRM':
      if (!previous.matches('reviewing')) return expectUnchanged(step);
      // The review's key is the request's, also when Confirm resends an unanswered one.
      expect(snapshot.value).toBe('processing');
      expect(context.idempotencyKey).toBe(before.idempotencyKey);
      expect(context.keyCount).toBe(before.keyCount);
      expect(context.error).toBeNull();
      return;
    case 'BACK':
      if (previous.matches('reviewing')) {
        // Back to the form as it was, the key kept: the same form resubmitted is the same request.
        expect(snapshot.value).toBe('editing');
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
        expect(context[before.gateway!]).toEqual(before[before.gateway!]);
        expect(context.error).toBeNull();
        return;
      }
      if (
        !previous.matches('editing') &&
        !previous.matches('loadingBanks') &&
        !previous.matches('banksFailed')
      )
        return expectUnchanged(step);
      expect(snapshot.value).toBe('choosingGateway');
      expect(context.error).toBeNull();
      return;
    case 'AGAIN':
    case 'DONE':
      if (!previous.matches('recharged') && !previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('choosingGateway');
      expectTopUpRestart(context);
      expect(context.banks).toEqual(before.banks);
      return;
    case 'xstate.done.actor.topUp': {
      if (!previous.matches('processing')) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      if (result.status === 'Successful') {
        // 'Wallet Recharged' and the new balance for the session.
        expect(snapshot.value).toBe('recharged');
        expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      } else if (result.status === 'pending') {
        expect(snapshot.value).toEqual({ awaitingApproval: 'waiting' });
        expect(actions).toEqual([]);
      } else {
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe(knownFailure(result, gatewayFailureOf(before.gateway!)));
        expect(actions).toEqual([]);
      }
      return;
    }
    case 'xstate.error.actor.topUp': {
      if (!previous.matches('processing')) return expectUnchanged(step);
      const error = errorOf(event);
      // No answer: back on the review (its Confirm is the retry); any answer: the form.
      expect(snapshot.value).toBe(failureStatus(error) === null ? 'reviewing' : 'editing');
      expect(actions).toEqual([]);
      const violations = violationsOf(error).map((v) => ({
        ...v,
        field: v.field === 'cardNumber' ? 'number' : v.field,
      }));
      if (failureStatus(error) === null) {
        // No answer: 'Failed to add funds', and Confirm sends the same key again.
        expect(context.error).toBe('topUp.failed');
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
      } else {
        expect(context.idempotencyKey).toBeNull();
        if (failureStatus(error) === 400 && violations.length) {
          expect(context.violations).toEqual(violations);
          expect(context.error).toBeNull();
        } else {
          expect(context.error).toBe(expectedTopUpFailure(before.gateway!, error));
        }
      }
      return;
    }
    case 'xstate.after.statusPollInterval.topUp.awaitingApproval.waiting':
      expect(snapshot.value).toEqual({ awaitingApproval: 'checking' });
      return;
    case 'xstate.done.actor.getOperation': {
      if (!previous.matches({ awaitingApproval: 'checking' })) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      if (result.status === 'Successful') {
        expect(snapshot.value).toBe('recharged');
        expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      } else if (result.status === 'Failed') {
        // Rejected on the phone or expired: its own message; nothing moved.
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe(knownFailure(result, 'topUp.error'));
        expect(actions).toEqual([]);
      } else {
        expect(snapshot.value).toEqual({ awaitingApproval: 'waiting' });
      }
      return;
    }
    case 'xstate.error.actor.getOperation':
      if (!previous.matches({ awaitingApproval: 'checking' })) return expectUnchanged(step);
      if (failureStatus(errorOf(event)) === 404) {
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe('operation.notFound');
      } else {
        // A lost connection: ask again on the next tick.
        expect(snapshot.value).toEqual({ awaitingApproval: 'waiting' });
        expect(context).toEqual(before);
      }
      return;
    default:
      throw new Error(`top-up model: unexpected event ${event.type}`);
  }
};

const topUpModel = (gateway: Gateway): MachineModel<typeof topUpMachine> => ({
  name: `top-up (${gateway})`,
  machine: topUpMachine,
  inputs: [{ label: gateway, input: { keySeed: 'seed', today: TODAY, walletAmount: 5000 } }],
  events: topUpEvents(gateway),
  key: moneyKey,
  simpleKey: (snapshot) => (snapshot.context as TopUpContext).showViolations,
  check: topUpCheck,
  maxSimplePaths: 40,
});

export const topUpModels = (['card', 'bank', 'momo'] as const).map(topUpModel);

/* ----------------------------------------------------------------------------------------------- withdrawal */

type WGateway = 'bank' | 'momo';
type WithdrawalContext = {
  gateway: WGateway | null;
  bank: { amount: string; bankAccountNumber: string; bankId: number };
  momo: { amount: string; momoMobileNumber: string };
  banks: Bank[];
  availableMinor: number;
  violations: { field: string; messageId: string }[];
  showViolations: boolean;
  error: string | null;
  successDialog: boolean;
  onItsWay: boolean;
  operation: WalletOperation | null;
  keySeed: string;
  keyCount: number;
  idempotencyKey: string | null;
};

const validWithdrawal: Record<WGateway, [field: string, typed: string, kept: string | number][]> = {
  bank: [
    ['amount', '40', '40'],
    ['bankId', '3', 3],
    ['bankAccountNumber', '0123456789', '0123456789'],
  ],
  momo: [
    ['amount', '25.50', '25.50'],
    ['momoMobileNumber', '024-123-4567', '0241234567'],
  ],
};

/** More than the GH₵ 100 available: 'Insufficient funds'; a 5-digit MoMo number. */
const invalidWithdrawal: Record<WGateway, AnyEventObject[]> = {
  bank: [{ type: 'CHANGE', field: 'amount', value: '100.01' }],
  momo: [{ type: 'CHANGE', field: 'momoMobileNumber', value: '12345' }],
};

const withdrawalFormOf = (context: WithdrawalContext, gateway: WGateway) =>
  context[gateway] as unknown as Record<string, string | number>;

const expectedWithdrawalViolations = (context: WithdrawalContext) => {
  const amountMinor = (typed: string) => (typed === '' ? null : parseDecimalAmount(typed));
  if (context.gateway === 'bank')
    return bankWithdrawalViolations(
      { ...context.bank, amountMinor: amountMinor(context.bank.amount) },
      context.availableMinor,
    );
  if (context.gateway === 'momo')
    return momoWithdrawalViolations(
      { momoMobileNumber: context.momo.momoMobileNumber, amountMinor: amountMinor(context.momo.amount) },
      context.availableMinor,
    );
  return [];
};

const withdrawalAnswers: Record<WGateway, AnyEventObject[]> = {
  bank: [
    doneEvent('withdraw', operation('pending', { amount: 4000, walletAmount: 6000 })),
    doneEvent('withdraw', operation('Successful', { amount: 4000, walletAmount: 6000 })),
    errorEvent(
      'withdraw',
      httpError(400, 'request.invalid', [{ field: 'amount', messageId: 'withdrawal.insufficientFunds' }]),
    ),
    errorEvent('withdraw', httpError(400, 'withdrawal.insufficientFunds')),
    errorEvent('withdraw', httpError(403, 'identity.required')),
    errorEvent('withdraw', networkError()),
  ],
  momo: [
    doneEvent('withdraw', operation('pending', { amount: 2550, walletAmount: 7450 })),
    doneEvent(
      'withdraw',
      operation('Failed', { amount: 2550, walletAmount: 10000, failureMessageId: 'withdrawal.payoutFailed' }),
    ),
    errorEvent('withdraw', httpError(500)),
    errorEvent('withdraw', timeoutError()),
  ],
};

const payoutAnswers = (gateway: WGateway): AnyEventObject[] => {
  const amount = gateway === 'bank' ? 4000 : 2550;
  const held = gateway === 'bank' ? 6000 : 7450;
  return [
    doneEvent('getOperation', operation('Successful', { amount, walletAmount: held })),
    doneEvent('getOperation', operation('pending', { amount, walletAmount: held })),
    doneEvent(
      'getOperation',
      operation('Failed', { amount, walletAmount: 10000, failureMessageId: 'withdrawal.payoutFailed' }),
    ),
    errorEvent('getOperation', networkError()),
  ];
};

const withdrawalEvents =
  (gateway: WGateway) =>
  (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const context = snapshot.context as WithdrawalContext;
    const events: AnyEventObject[] = [
      { type: 'RETRY' },
      { type: 'CLOSE' },
      { type: 'AGAIN' },
      { type: 'GATEWAY_CHOSEN', gateway },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
      { type: 'BACK' },
      // Another gateway's field: ignored.
      { type: 'CHANGE', field: gateway === 'bank' ? 'momoMobileNumber' : 'bankId', value: '2' },
    ];
    const form = withdrawalFormOf(context, gateway);
    const next = validWithdrawal[gateway].find(([field, , kept]) => form[field] !== kept);
    if (next) events.push({ type: 'CHANGE', field: next[0], value: next[1] });
    else events.push(...invalidWithdrawal[gateway]);
    if (snapshot.matches('loadingBanks'))
      events.push(doneEvent('loadBanks', banks), errorEvent('loadBanks', networkError()));
    if (snapshot.matches('submitting')) events.push(...withdrawalAnswers[gateway]);
    if (snapshot.matches({ following: 'checking' })) events.push(...payoutAnswers(gateway));
    return events;
  };

/** Spec 8: the Error dialog's message. */
const expectedWithdrawalFailure = (error: unknown): string => {
  const status = failureStatus(error);
  if (status === null) return 'withdrawal.requestFailed';
  if (status === 403) return 'identity.required';
  return messageIdOf(error) ?? 'withdrawal.failed';
};

const expectClearedForms = (context: WithdrawalContext) => {
  expect(context.bank).toEqual({ amount: '', bankAccountNumber: '', bankId: 0 });
  expect(context.momo).toEqual({ amount: '', momoMobileNumber: '' });
};

const withdrawalCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as WithdrawalContext;
  if (context.idempotencyKey !== null) expect(context.idempotencyKey).toBe(`seed-${context.keyCount}`);
  if (snapshot.matches('submitting')) expect(context.idempotencyKey).not.toBeNull();
  if (!context.showViolations) expect(context.violations).toEqual([]);
  if (snapshot.matches('selectingGateway')) expect(context.gateway).toBeNull();
  else expect(context.gateway).not.toBeNull();
  // The Error dialog always has its message; 'Withdrawal Successful' always has a cleared form.
  if (snapshot.matches('failed')) expect(context.error).not.toBeNull();
  if (snapshot.matches('succeeded')) {
    expectClearedForms(context);
    expect(context.error).toBeNull();
  } else expect(context.successDialog).toBe(false);
  // The review shows from Confirm's page to the answer; while the payout is followed the balance is the answer's
  // (the total held), so the screens derive the figures with debitedPaymentCheck.
  expect(snapshot.hasTag('reviewPage')).toBe(
    ['reviewing', 'submitting', 'following'].some((state) => snapshot.matches(state)),
  );
  expect(snapshot.hasTag('debited')).toBe(snapshot.matches('following'));
  if (snapshot.hasTag('debited')) expect(context.availableMinor).toBe(context.operation?.walletAmount);
  if (snapshot.matches('reviewing')) expect(context.idempotencyKey).not.toBeNull();
  if (actions.length) expect(actions.every((action) => action.type === 'walletChanged')).toBe(true);
  if (previous === null) {
    expect(snapshot.value).toBe('selectingGateway');
    // GH₵ 100 available, from the session's balance.
    expect(context.availableMinor).toBe(10_000);
    expectClearedForms(context);
    expect(context.keyCount).toBe(0);
    return;
  }
  const before = previous.context as WithdrawalContext;
  switch (event.type) {
    case 'GATEWAY_CHOSEN': {
      if (!previous.matches('selectingGateway')) return expectUnchanged(step);
      const { gateway } = payload<{ gateway: WGateway }>(event);
      expect(context.gateway).toBe(gateway);
      expect(snapshot.value).toBe(
        gateway === 'bank' && before.banks.length === 0 ? 'loadingBanks' : 'editing',
      );
      return;
    }
    case 'xstate.done.actor.loadBanks':
      if (!previous.matches('loadingBanks')) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.banks).toEqual(outputOf(event));
      return;
    case 'xstate.error.actor.loadBanks':
      if (!previous.matches('loadingBanks')) return expectUnchanged(step);
      expect(snapshot.value).toBe('banksFailed');
      expect(context.error).toBe('banks.loadFailed');
      return;
    case 'CHANGE': {
      const { field } = payload<{ field: string }>(event);
      const gateway = before.gateway;
      const own = gateway !== null && validWithdrawal[gateway].some(([name]) => name === field);
      if (!previous.matches('editing') || !own) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.idempotencyKey).toBeNull();
      expect(context.violations).toEqual(before.showViolations ? expectedWithdrawalViolations(context) : []);
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      // The rules against the available balance ('Insufficient funds' above it).
      const violations = expectedWithdrawalViolations(before);
      expect(context.violations).toEqual(violations);
      // A valid form goes to the review first: nothing is sent yet.
      expect(snapshot.value).toBe(violations.length ? 'editing' : 'reviewing');
      if (!violations.length)
        expect(context.idempotencyKey).toBe(before.idempotencyKey ?? `seed-${before.keyCount + 1}`);
      return;
    }
    case 'CONFIRM':
      if (!previous.matches('reviewing')) return expectUnchanged(step);
      // The review's key is the request's, also when Confirm resends an unanswered one.
      expect(snapshot.value).toBe('submitting');
      expect(context.idempotencyKey).toBe(before.idempotencyKey);
      expect(context.error).toBeNull();
      return;
    case 'RETRY':
      if (previous.matches('banksFailed')) return expect(snapshot.value).toBe('loadingBanks');
      return expectUnchanged(step);
    case 'CLOSE':
      if (previous.matches('failed')) {
        // Back to the form as it was.
        expect(snapshot.value).toBe('editing');
        expect(context.bank).toEqual(before.bank);
        expect(context.momo).toEqual(before.momo);
        expect(context.error).toBeNull();
        return;
      }
      if (!previous.matches('succeeded')) return expectUnchanged(step);
      expect(snapshot.value).toBe('succeeded');
      expect(context.successDialog).toBe(false);
      return;
    case 'BACK':
      if (previous.matches('reviewing')) {
        // Back to the form as it was, the key kept: the same form resubmitted is the same request.
        expect(snapshot.value).toBe('editing');
        expect(context.bank).toEqual(before.bank);
        expect(context.momo).toEqual(before.momo);
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
        return;
      }
      if (
        !previous.matches('editing') &&
        !previous.matches('loadingBanks') &&
        !previous.matches('banksFailed')
      )
        return expectUnchanged(step);
      expect(snapshot.value).toBe('selectingGateway');
      return;
    case 'AGAIN':
      if (!previous.matches('succeeded')) return expectUnchanged(step);
      expect(snapshot.value).toBe('selectingGateway');
      expect(context.operation).toBeNull();
      expect(context.onItsWay).toBe(false);
      return;
    case 'xstate.done.actor.withdraw': {
      if (!previous.matches('submitting')) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      // The available balance now (the money is held, or given back).
      expect(context.availableMinor).toBe(result.walletAmount);
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      if (result.status === 'pending') expect(snapshot.value).toEqual({ following: 'waiting' });
      else if (result.status === 'Successful') {
        expect(snapshot.value).toBe('succeeded');
        expect(context.successDialog).toBe(true);
        expect(context.onItsWay).toBe(false);
      } else {
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe(result.failureMessageId);
      }
      return;
    }
    case 'xstate.error.actor.withdraw': {
      if (!previous.matches('submitting')) return expectUnchanged(step);
      const error = errorOf(event);
      expect(actions).toEqual([]);
      const violations = violationsOf(error);
      if (failureStatus(error) === 400 && violations.length) {
        expect(snapshot.value).toBe('editing');
        expect(context.violations).toEqual(violations);
        expect(context.idempotencyKey).toBeNull();
        return;
      }
      // No answer: back to the review, the key kept (its Confirm resends the same request); else the Error
      // dialog. The form stays as it was.
      expect(snapshot.value).toBe(failureStatus(error) === null ? 'reviewing' : 'failed');
      expect(context.error).toBe(expectedWithdrawalFailure(error));
      expect(context.bank).toEqual(before.bank);
      expect(context.momo).toEqual(before.momo);
      expect(context.idempotencyKey).toBe(failureStatus(error) === null ? before.idempotencyKey : null);
      return;
    }
    case 'xstate.after.followPollInterval.withdrawal.following.waiting':
      expect(snapshot.value).toEqual({ following: 'checking' });
      return;
    case 'xstate.after.followTimeout.withdrawal.following':
      // Still pending after 30 s: reported as on its way.
      expect(snapshot.value).toBe('succeeded');
      expect(context.onItsWay).toBe(true);
      expect(context.successDialog).toBe(true);
      expect(actions).toEqual([]);
      return;
    case 'xstate.done.actor.getOperation': {
      if (!previous.matches({ following: 'checking' })) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      if (result.status === 'pending') {
        expect(snapshot.value).toEqual({ following: 'waiting' });
        expect(actions).toEqual([]);
        return;
      }
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      if (result.status === 'Successful') {
        expect(snapshot.value).toBe('succeeded');
        expect(context.onItsWay).toBe(false);
      } else {
        // The payout failed: its message, and the hold is back in the balance.
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe('withdrawal.payoutFailed');
        expect(context.availableMinor).toBe(10_000);
      }
      return;
    }
    case 'xstate.error.actor.getOperation':
      if (!previous.matches({ following: 'checking' })) return expectUnchanged(step);
      expect(snapshot.value).toEqual({ following: 'waiting' });
      expect(context).toEqual(before);
      return;
    default:
      throw new Error(`withdrawal model: unexpected event ${event.type}`);
  }
};

const withdrawalModel = (gateway: WGateway): MachineModel<typeof withdrawalMachine> => ({
  name: `withdrawal (${gateway})`,
  machine: withdrawalMachine,
  inputs: [{ label: `${gateway}, GH₵ 100 available`, input: { walletAmount: 10000, keySeed: 'seed' } }],
  events: withdrawalEvents(gateway),
  key: moneyKey,
  simpleKey: (snapshot) => (snapshot.context as WithdrawalContext).showViolations,
  check: withdrawalCheck,
  maxSimplePaths: 40,
});

export const withdrawalModels = (['bank', 'momo'] as const).map(withdrawalModel);

/** Every issue-3 machine's models, by machine file name (src/machines/<name>.machine.ts). */
export const walletMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'identification-form', models: [identificationFormModel as MachineModel] },
  { file: 'identifications', models: [identificationsModel] },
  { file: 'top-up', models: topUpModels as MachineModel[] },
  { file: 'withdrawal', models: withdrawalModels as MachineModel[] },
  { file: 'wallet-history', models: [walletHistoryModel, walletHistorySearchModel] },
  { file: 'wallet', models: [walletModel as MachineModel] },
  { file: 'wallet-balance', models: [walletBalanceModel as MachineModel] },
  { file: 'month-summary', models: [monthSummaryModel as MachineModel] },
];
