/**
 * Path-test models (see machine-paths.ts) of the operations console's machines (issue 25, src/machines/ops): the
 * staff session and sign-in, the user search, the user view with freeze/unfreeze, the audit trail and the list
 * screens. The oracles: a 403 reads 'ops.error.forbidden', a 401 'ops.session.ended', no connection
 * 'ops.error.unreachable'; a reason is 3 to 500 characters; a sign-in needs a six-digit code.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { OpsSession, OpsUserSummary, OpsUserView } from '../../src/contract/ops';
import { isTotpCode } from '../../src/domain/staff';
import { noAuditFilters, opsAuditTrailMachine } from '../../src/machines/ops/ops-audit-trail.machine';
import { isStaffReason, opsFailure } from '../../src/machines/ops/ops-failure';
import {
  couponsMachine,
  ledgerCheckMachine,
  monitoringRulesMachine,
  partnerKeysMachine,
  ratesMachine,
  reversalsMachine,
  reviewQueueMachine,
} from '../../src/machines/ops/ops-records.machine';
import { opsSessionMachine, signInFailure } from '../../src/machines/ops/ops-session.machine';
import { opsUserSearchMachine } from '../../src/machines/ops/ops-user-search.machine';
import { opsUserMachine } from '../../src/machines/ops/ops-user.machine';
import {
  doneEvent,
  errorEvent,
  errorOf,
  expectUnchanged,
  httpError,
  networkError,
  outputOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const failures = () => [httpError(403, 'auth.forbidden'), httpError(401, 'auth.required'), networkError()];
const valueKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.context.error ?? null);

/* ------------------------------------------------------------------------------------------ the session */

export const staffSession: OpsSession = {
  staff: { id: 3, email: 'ama@ops.example', role: 'support' },
  idleMinutes: 15,
};
const goodSignIn = { type: 'SUBMIT', email: ' ama@ops.example ', password: 'pw', code: '123456' };

const sessionCheck = (step: ModelStep): void => {
  const { previous, event, snapshot } = step;
  const context = snapshot.context as { session: OpsSession | null; error: string | null };
  if (previous === null) {
    expect(snapshot.value).toBe('resuming');
    return;
  }
  switch (event.type) {
    case 'xstate.done.actor.resume': {
      const output = outputOf<OpsSession | null>(event);
      expect(snapshot.value).toBe(output ? 'signedIn' : 'signedOut');
      expect(context).toEqual({ session: output, error: null });
      return;
    }
    case 'xstate.error.actor.resume':
    case 'xstate.done.actor.logOut':
    case 'xstate.error.actor.logOut':
      expect(snapshot.value).toBe('signedOut');
      expect(context).toEqual({ session: null, error: null });
      return;
    case 'SUBMIT': {
      if (!previous.matches('signedOut')) return expectUnchanged(step);
      const form = event as unknown as { email: string; password: string; code: string };
      const complete = form.email.trim() !== '' && form.password !== '' && isTotpCode(form.code.trim());
      expect(snapshot.value).toBe(complete ? 'signingIn' : 'signedOut');
      if (!complete) expect(context.error).toBe('ops.signIn.incomplete');
      return;
    }
    case 'xstate.done.actor.logIn':
      expect(snapshot.value).toBe('signedIn');
      expect(context).toEqual({ session: outputOf(event), error: null });
      return;
    case 'xstate.error.actor.logIn':
      expect(snapshot.value).toBe('signedOut');
      expect(context.error).toBe(signInFailure(errorOf(event)));
      if ((errorOf(event) as { failure: { status?: number } }).failure.status === 401)
        expect(context.error).toBe('ops.signIn.refused');
      return;
    case 'LOG_OUT':
      if (!previous.matches('signedIn')) return expectUnchanged(step);
      expect(snapshot.value).toBe('signingOut');
      return;
    case 'SESSION_ENDED':
      if (!previous.matches('signedIn')) return expectUnchanged(step);
      expect(snapshot.value).toBe('signedOut');
      expect(context).toEqual({ session: null, error: 'ops.session.ended' });
      return;
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
};

export const opsSessionModel: MachineModel<typeof opsSessionMachine> = {
  name: 'ops-session',
  machine: opsSessionMachine,
  inputs: [{ label: 'the console opens', input: undefined as never }],
  events: (snapshot) => [
    goodSignIn,
    { type: 'SUBMIT', email: 'ama@ops.example', password: 'pw', code: '12345' },
    { type: 'SUBMIT', email: '', password: 'pw', code: '123456' },
    { type: 'LOG_OUT' },
    { type: 'SESSION_ENDED' },
    ...(snapshot.matches('resuming')
      ? [doneEvent('resume', staffSession), doneEvent('resume', null), errorEvent('resume', networkError())]
      : []),
    ...(snapshot.matches('signingIn')
      ? [doneEvent('logIn', staffSession), ...failures().map((error) => errorEvent('logIn', error))]
      : []),
    ...(snapshot.matches('signingOut')
      ? [doneEvent('logOut', undefined), errorEvent('logOut', networkError())]
      : []),
  ],
  key: valueKey,
  check: sessionCheck,
};

/* -------------------------------------------------------------------------------------------- user search */

const summary: OpsUserSummary = {
  userId: 42,
  email: 'kofi@example.com',
  fullName: 'Kofi Boateng',
  phone: '+233 241234567',
  accountTier: 'minimum',
  frozenAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const opsUserSearchModel: MachineModel<typeof opsUserSearchMachine> = {
  name: 'ops-user-search',
  machine: opsUserSearchMachine,
  inputs: [{ label: 'the search opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'SEARCH', query: ' kofi@example.com ' },
    { type: 'SEARCH', query: '   ' },
    ...(snapshot.matches('searching')
      ? [doneEvent('searchUsers', [summary]), ...failures().map((error) => errorEvent('searchUsers', error))]
      : []),
  ],
  key: valueKey,
  check: (step) => {
    const { previous, event, snapshot } = step;
    const context = snapshot.context as { query: string; results: unknown; error: string | null };
    if (previous === null) return expect(context).toEqual({ query: '', results: null, error: null });
    if (event.type === 'SEARCH') {
      if (!previous.matches('idle')) return expectUnchanged(step);
      const query = (event as unknown as { query: string }).query;
      expect(snapshot.value).toBe(query.trim() ? 'searching' : 'idle');
      if (query.trim()) expect(context.query).toBe(query.trim());
      else expect(context.error).toBe('ops.users.queryRequired');
      return;
    }
    expect(snapshot.value).toBe('idle');
    if (event.type === 'xstate.done.actor.searchUsers') expect(context.results).toEqual(outputOf(event));
    else expect(context.error).toBe(opsFailure(errorOf(event)));
  },
};

/* ---------------------------------------------------------------------------------------------- user view */

const userView = (frozen: boolean) =>
  ({ user: { ...summary, frozenAt: frozen ? '2026-11-27T10:00:00.000Z' : null } }) as unknown as OpsUserView;

export const opsUserModel: MachineModel<typeof opsUserMachine> = {
  name: 'ops-user',
  machine: opsUserMachine,
  inputs: [{ label: 'user 42', input: { userId: 42 } }],
  events: (snapshot) => [
    { type: 'FREEZE', reason: 'Account taken over' },
    { type: 'FREEZE', reason: 'no' },
    { type: 'UNFREEZE', reason: 'Owner confirmed by phone' },
    { type: 'UNFREEZE', reason: ' ' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadUser', userView(false)),
          doneEvent('loadUser', userView(true)),
          errorEvent('loadUser', httpError(403)),
          errorEvent('loadUser', networkError()),
        ]
      : []),
    ...(snapshot.matches('changing')
      ? [doneEvent('setFrozen', {}), ...failures().map((error) => errorEvent('setFrozen', error))]
      : []),
  ],
  key: (snapshot) => JSON.stringify([snapshot.context.error, snapshot.context.notice]),
  check: (step) => {
    const { previous, event, snapshot } = step;
    const context = snapshot.context as {
      userId: number;
      view: OpsUserView | null;
      error: string | null;
      notice: string | null;
      change: { freeze: boolean; reason: string; userId: number } | null;
    };
    if (previous === null) return expect(context.userId).toBe(42);
    switch (event.type) {
      case 'FREEZE':
      case 'UNFREEZE': {
        if (!previous.matches('ready')) return expectUnchanged(step);
        const reason = (event as unknown as { reason: string }).reason;
        if (!isStaffReason(reason)) {
          expect(snapshot.value).toBe('ready');
          return expect(context.error).toBe('ops.reason.invalid');
        }
        expect(snapshot.value).toBe('changing');
        return expect(context.change).toEqual({
          userId: 42,
          freeze: event.type === 'FREEZE',
          reason: reason.trim(),
        });
      }
      case 'RETRY':
        if (!previous.matches('failed')) return expectUnchanged(step);
        return expect(snapshot.value).toBe('loading');
      case 'xstate.done.actor.loadUser':
        expect(snapshot.value).toBe('ready');
        return expect(context.view).toEqual(outputOf(event));
      case 'xstate.error.actor.loadUser':
        expect(snapshot.value).toBe('failed');
        return expect(context.error).toBe(opsFailure(errorOf(event), 'ops.error.loadFailed'));
      case 'xstate.done.actor.setFrozen':
        expect(snapshot.value).toBe('loading');
        return expect(context.notice).toBe(context.change?.freeze ? 'ops.user.frozen' : 'ops.user.unfrozen');
      case 'xstate.error.actor.setFrozen':
        expect(snapshot.value).toBe('ready');
        return expect(context.error).toBe(opsFailure(errorOf(event)));
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },
};

/* ------------------------------------------------------------------------------------------- audit trail */

const someFilters = { ...noAuditFilters, actor: 'staff:3', from: '2026-11-01' };

export const opsAuditTrailModel: MachineModel<typeof opsAuditTrailMachine> = {
  name: 'ops-audit-trail',
  machine: opsAuditTrailMachine,
  inputs: [{ label: 'the trail opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'FILTER', filters: someFilters },
    { type: 'EXPORT' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [doneEvent('loadAuditLog', []), errorEvent('loadAuditLog', httpError(403))]
      : []),
    ...(snapshot.matches('exporting')
      ? [doneEvent('exportAuditLog', new Blob(['a,b\n'])), errorEvent('exportAuditLog', httpError(403))]
      : []),
  ],
  key: (snapshot) =>
    JSON.stringify([snapshot.context.error, snapshot.context.filters, snapshot.context.csv !== null]),
  check: (step) => {
    const { previous, event, snapshot } = step;
    const context = snapshot.context as { filters: unknown; csv: Blob | null; error: string | null };
    if (previous === null) return expect(context.filters).toEqual(noAuditFilters);
    switch (event.type) {
      case 'FILTER':
        if (!previous.matches('ready') && !previous.matches('failed')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        expect(context.filters).toEqual(someFilters);
        return expect(context.csv).toBeNull();
      case 'EXPORT':
        if (!previous.matches('ready')) return expectUnchanged(step);
        return expect(snapshot.value).toBe('exporting');
      case 'RETRY':
        if (!previous.matches('failed')) return expectUnchanged(step);
        return expect(snapshot.value).toBe('loading');
      case 'xstate.done.actor.loadAuditLog':
        return expect(snapshot.value).toBe('ready');
      case 'xstate.error.actor.loadAuditLog':
        expect(snapshot.value).toBe('failed');
        return expect(context.error).toBe('ops.error.forbidden');
      case 'xstate.done.actor.exportAuditLog':
        expect(snapshot.value).toBe('ready');
        return expect(context.csv).toBe(outputOf(event));
      case 'xstate.error.actor.exportAuditLog':
        expect(snapshot.value).toBe('ready');
        return expect(context.error).toBe('ops.error.forbidden');
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },
};

/* ------------------------------------------------------------------------------------------ list screens */

/** The same sample action (the graph may hand the event on as a copy). */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One list screen: its valid and refused actions (with the refusal's message) and a loaded answer. */
const recordsModel = (
  name: string,
  machine: AnyStateMachine,
  records: unknown,
  actions: { action: unknown; refusal: string | null; notice: string }[],
): MachineModel => ({
  name,
  machine,
  inputs: [{ label: 'the page opens', input: undefined as never }],
  events: (snapshot) => [
    ...actions.map(({ action }) => ({ type: 'ACT', action })),
    { type: 'RELOAD' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [doneEvent('load', records), errorEvent('load', httpError(403)), errorEvent('load', networkError())]
      : []),
    ...(snapshot.matches('acting')
      ? [doneEvent('act', { ok: true }), ...failures().map((error) => errorEvent('act', error))]
      : []),
  ],
  key: (snapshot) => JSON.stringify([snapshot.context.error, snapshot.context.notice]),
  check: (step) => {
    const { previous, event, snapshot } = step;
    const context = snapshot.context as {
      records: unknown;
      error: string | null;
      notice: string | null;
      action: unknown;
      result: unknown;
    };
    if (previous === null) return expect(context.records).toBeNull();
    switch (event.type) {
      case 'ACT': {
        if (!previous.matches('ready')) return expectUnchanged(step);
        const sample = actions.find((entry) =>
          same(entry.action, (event as unknown as { action: unknown }).action),
        );
        if (sample?.refusal) {
          expect(snapshot.value).toBe('ready');
          return expect(context.error).toBe(sample.refusal);
        }
        expect(snapshot.value).toBe('acting');
        return expect(context.action).toEqual(sample?.action);
      }
      case 'RELOAD':
        if (!previous.matches('ready')) return expectUnchanged(step);
        expect(snapshot.value).toBe('loading');
        return expect(context.notice).toBeNull();
      case 'RETRY':
        if (!previous.matches('failed')) return expectUnchanged(step);
        return expect(snapshot.value).toBe('loading');
      case 'xstate.done.actor.load':
        expect(snapshot.value).toBe('ready');
        return expect(context.records).toEqual(records);
      case 'xstate.error.actor.load':
        expect(snapshot.value).toBe('failed');
        return expect(context.error).toBe(opsFailure(errorOf(event), 'ops.error.loadFailed'));
      case 'xstate.done.actor.act': {
        expect(snapshot.value).toBe('loading');
        const sample = actions.find((entry) =>
          same(entry.action, (previous.context as { action: unknown }).action),
        );
        expect(context.notice).toBe(sample?.notice);
        return expect(context.result).toEqual({ ok: true });
      }
      case 'xstate.error.actor.act':
        expect(snapshot.value).toBe('ready');
        return expect(context.error).toBe(opsFailure(errorOf(event)));
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },
});

const reason = 'Customer called about it';

export const opsRecordsModels: MachineModel[] = [
  recordsModel(
    'review-queue',
    reviewQueueMachine,
    [],
    [
      {
        action: { id: 'hold:1', decision: 'approve', reason },
        refusal: null,
        notice: 'ops.reviews.approved',
      },
      { action: { id: 'hold:1', decision: 'reject', reason }, refusal: null, notice: 'ops.reviews.rejected' },
      {
        action: { id: 'hold:1', decision: 'reject', reason: 'no' },
        refusal: 'ops.reason.invalid',
        notice: '',
      },
    ],
  ),
  recordsModel(
    'reversals',
    reversalsMachine,
    [],
    [
      {
        action: { kind: 'propose', referenceNumber: 'TRX1', reason },
        refusal: null,
        notice: 'ops.reversals.proposed',
      },
      {
        action: { kind: 'propose', referenceNumber: ' ', reason },
        refusal: 'ops.reversals.referenceRequired',
        notice: '',
      },
      {
        action: { kind: 'propose', referenceNumber: 'TRX1', reason: '' },
        refusal: 'ops.reason.invalid',
        notice: '',
      },
      { action: { kind: 'approve', id: 5 }, refusal: null, notice: 'ops.reversals.approved' },
    ],
  ),
  recordsModel(
    'monitoring-rules',
    monitoringRulesMachine,
    [],
    [
      {
        action: { rules: [{ name: 'velocity', enabled: true, parameters: { count: 20 } }], reason },
        refusal: null,
        notice: 'ops.saved',
      },
      {
        action: { rules: [{ name: 'velocity', enabled: true, parameters: { count: -5 } }], reason },
        refusal: 'ops.figure.invalid',
        notice: '',
      },
      {
        action: { rules: [{ name: 'velocity', enabled: true, parameters: { count: 20 } }], reason: 'x' },
        refusal: 'ops.reason.invalid',
        notice: '',
      },
    ],
  ),
  recordsModel(
    'ledger-check',
    ledgerCheckMachine,
    { ok: true, findings: [], checkedAt: '2026-11-27T10:00:00Z' },
    [
      { action: 'check', refusal: null, notice: 'ops.saved' },
      { action: 'other', refusal: 'ops.error.failed', notice: '' },
    ],
  ),
  recordsModel(
    'rates',
    ratesMachine,
    [],
    [
      { action: { code: 'NGN', rate: '105.5' }, refusal: null, notice: 'ops.saved' },
      { action: { code: 'NG', rate: '105.5' }, refusal: 'ops.figure.invalid', notice: '' },
      { action: { code: 'NGN', rate: '-1' }, refusal: 'ops.figure.invalid', notice: '' },
    ],
  ),
  recordsModel(
    'coupons',
    couponsMachine,
    [],
    [
      { action: { kind: 'create', code: 'SAVE5', discount: '10%' }, refusal: null, notice: 'ops.saved' },
      {
        action: { kind: 'create', code: 'SAVE5', discount: 'ten' },
        refusal: 'ops.figure.invalid',
        notice: '',
      },
      { action: { kind: 'enable', code: 'SAVE5', enabled: false }, refusal: null, notice: 'ops.saved' },
    ],
  ),
  recordsModel(
    'partner-keys',
    partnerKeysMachine,
    [],
    [
      {
        action: { kind: 'create', operatorCode: 'sportybet' },
        refusal: null,
        notice: 'ops.partnerKeys.created',
      },
      { action: { kind: 'create', operatorCode: ' ' }, refusal: 'ops.figure.invalid', notice: '' },
      {
        action: { kind: 'revoke', operatorCode: 'sportybet' },
        refusal: null,
        notice: 'ops.partnerKeys.revoked',
      },
    ],
  ),
];

export const opsMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'ops/ops-audit-trail', models: [opsAuditTrailModel] },
  { file: 'ops/ops-records', models: opsRecordsModels },
  { file: 'ops/ops-session', models: [opsSessionModel] },
  { file: 'ops/ops-user', models: [opsUserModel] },
  { file: 'ops/ops-user-search', models: [opsUserSearchModel] },
];
