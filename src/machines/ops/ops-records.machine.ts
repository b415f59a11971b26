/**
 * The console's list screens, one machine each from one shape: loading (invoke `load`) -> ready | failed (RETRY);
 * in ready, RELOAD, and ACT {action} (checked here first: a reason of 3 to 500 characters, a figure that is a
 * number) -> acting (invoke `act`) -> loading again with the action's notice and answer, or ready with the refusal
 * (403 said plainly). The review queue (decide with a reason), reversals (propose, approve), monitoring thresholds
 * (edit), the ledger check (check again), rates, coupons and partner keys. Diagram: docs/machines/ops-records.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type {
  CouponView,
  CreateCouponRequest,
  DecideReviewRequest,
  LedgerCheck,
  MonitoringRule,
  ProposeReversalRequest,
  RateRecordView,
  Reversal,
  ReviewItem,
  SetRateRequest,
} from '../../contract/ops';
import { notProvided } from '../failure-messages';
import { isStaffReason, opsFailure, type OpsMessageId } from './ops-failure';

export type OpsRecordsMessageId =
  | OpsMessageId
  | 'ops.reviews.approved'
  | 'ops.reviews.rejected'
  | 'ops.reversals.proposed'
  | 'ops.reversals.approved'
  | 'ops.reversals.referenceRequired'
  | 'ops.saved'
  | 'ops.figure.invalid'
  | 'ops.partnerKeys.created'
  | 'ops.partnerKeys.revoked';

export interface OpsRecordsContext<Records, Action> {
  records: Records | null;
  error: OpsRecordsMessageId | null;
  notice: OpsRecordsMessageId | null;
  /** The action being sent. */
  action: Action | null;
  /** The last action's answer (a new partner key, shown once). */
  result: unknown;
}

export type OpsRecordsEvent<Action> =
  { type: 'ACT'; action: Action } | { type: 'RELOAD' } | { type: 'RETRY' };

interface RecordsRules<Action> {
  /** Why the action cannot be sent as it is, or null. */
  refusal: (action: Action) => OpsRecordsMessageId | null;
  /** What the screen says once it went through. */
  notice: (action: Action) => OpsRecordsMessageId;
}

const recordsMachine = <Records, Action>(id: string, rules: RecordsRules<Action>) =>
  setup({
    types: {
      context: {} as OpsRecordsContext<Records, Action>,
      events: {} as OpsRecordsEvent<Action>,
    },
    actors: {
      // Typed per screen where they are provided (src/ops/ops-actors.ts); the machine only passes them on.
      load: fromPromise<unknown, void>(async () => notProvided('load')),
      act: fromPromise<unknown, unknown>(async () => notProvided('act')),
    },
    guards: {
      acceptable: ({ event }) => event.type === 'ACT' && rules.refusal(event.action) === null,
    },
    actions: {
      setAction: assign(({ event }) => (event.type === 'ACT' ? { action: event.action } : {})),
      refuse: assign(({ event }) =>
        event.type === 'ACT' ? { error: rules.refusal(event.action), notice: null } : {},
      ),
      setRecords: assign((_, params: { records: unknown }) => ({
        records: params.records as Records,
        error: null,
      })),
      setError: assign((_, params: { error: OpsRecordsMessageId }) => ({
        error: params.error,
        notice: null,
      })),
      setDone: assign(({ context }, params: { result: unknown }) => ({
        notice: context.action === null ? null : rules.notice(context.action),
        result: params.result,
        error: null,
      })),
      clearNotice: assign({ notice: null, result: undefined }),
    },
  }).createMachine({
    id,
    context: { records: null, error: null, notice: null, action: null, result: undefined },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'ready',
            actions: { type: 'setRecords', params: ({ event }) => ({ records: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: opsFailure(event.error, 'ops.error.loadFailed') }),
            },
          },
        },
      },
      ready: {
        on: {
          RELOAD: { target: 'loading', actions: 'clearNotice' },
          ACT: [{ guard: 'acceptable', target: 'acting', actions: 'setAction' }, { actions: 'refuse' }],
        },
      },
      acting: {
        invoke: {
          id: 'act',
          src: 'act',
          input: ({ context }: { context: OpsRecordsContext<Records, Action> }): unknown => context.action,
          onDone: {
            target: 'loading',
            actions: { type: 'setDone', params: ({ event }) => ({ result: event.output }) },
          },
          onError: {
            target: 'ready',
            actions: { type: 'setError', params: ({ event }) => ({ error: opsFailure(event.error) }) },
          },
        },
      },
      failed: { on: { RETRY: 'loading' } },
    },
  });

const reasonRefusal = (reason: string): OpsRecordsMessageId | null =>
  isStaffReason(reason) ? null : 'ops.reason.invalid';

/** The review queue (/ops/reviews): held payments and proofs of address, each decided with a reason. */
export const reviewQueueMachine = recordsMachine<ReviewItem[], DecideReviewRequest>('opsReviewQueue', {
  refusal: (action) => reasonRefusal(action.reason),
  notice: (action) => (action.decision === 'approve' ? 'ops.reviews.approved' : 'ops.reviews.rejected'),
});

export type ReversalAction = ({ kind: 'propose' } & ProposeReversalRequest) | { kind: 'approve'; id: number };

/** Reversals (/ops/reversals): one staff member proposes with a reason, another approves. */
export const reversalsMachine = recordsMachine<Reversal[], ReversalAction>('opsReversals', {
  refusal: (action) =>
    action.kind === 'approve'
      ? null
      : action.referenceNumber.trim() === ''
        ? 'ops.reversals.referenceRequired'
        : reasonRefusal(action.reason),
  notice: (action) => (action.kind === 'propose' ? 'ops.reversals.proposed' : 'ops.reversals.approved'),
});

export interface MonitoringRulesAction {
  rules: Pick<MonitoringRule, 'name' | 'enabled' | 'parameters'>[];
  reason: string;
}

/** Monitoring thresholds (/ops/monitoring): compliance edits them with a reason. */
export const monitoringRulesMachine = recordsMachine<MonitoringRule[], MonitoringRulesAction>(
  'opsMonitoringRules',
  {
    refusal: (action) =>
      action.rules.some((rule) =>
        Object.values(rule.parameters).some((value) => !Number.isFinite(value) || value < 0),
      )
        ? 'ops.figure.invalid'
        : reasonRefusal(action.reason),
    notice: () => 'ops.saved',
  },
);

/** The ledger check (/ops/ledger): `npm run ledger:check`'s findings on screen, checked again on demand (RELOAD). */
export const ledgerCheckMachine = recordsMachine<LedgerCheck, 'check'>('opsLedgerCheck', {
  // Its screen only reloads; an ACT other than 'check' is refused like any malformed action.
  refusal: (action) => (action === 'check' ? null : 'ops.error.failed'),
  notice: () => 'ops.saved',
});

/** A rate as the command takes it: a positive decimal of up to 8 places. */
export const isRate = (rate: string): boolean =>
  /^\d{1,12}(\.\d{1,8})?$/.test(rate.trim()) && Number(rate) > 0;

/** Exchange rates (/ops/rates): an admin sets one. */
export const ratesMachine = recordsMachine<RateRecordView[], SetRateRequest>('opsRates', {
  refusal: (action) =>
    /^[A-Za-z]{3}$/.test(action.code.trim()) && isRate(action.rate) ? null : 'ops.figure.invalid',
  notice: () => 'ops.saved',
});

export type CouponAction =
  ({ kind: 'create' } & CreateCouponRequest) | { kind: 'enable'; code: string; enabled: boolean };

/** Coupons (/ops/coupons): an admin creates one, or turns one off and on. */
export const couponsMachine = recordsMachine<CouponView[], CouponAction>('opsCoupons', {
  refusal: (action) =>
    action.kind === 'create' &&
    (action.code.trim() === '' || !/^(\d+(\.\d+)?%|\d+(\.\d{1,2})?)$/.test(action.discount.trim()))
      ? 'ops.figure.invalid'
      : null,
  notice: () => 'ops.saved',
});

export interface PartnerKeyRow {
  operatorCode: string;
  name: string;
  activeSince: string | null;
}

export type PartnerKeyAction = { kind: 'create' | 'revoke'; operatorCode: string };

/** Partner keys (/ops/partner-keys): an admin makes an operator's key (shown once) or revokes it. */
export const partnerKeysMachine = recordsMachine<PartnerKeyRow[], PartnerKeyAction>('opsPartnerKeys', {
  refusal: (action) => (action.operatorCode.trim() === '' ? 'ops.figure.invalid' : null),
  notice: (action) => (action.kind === 'create' ? 'ops.partnerKeys.created' : 'ops.partnerKeys.revoked'),
});
