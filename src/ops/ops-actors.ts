/** The console's machines with their services (src/services/ops.ts): the one place they meet. */
import { fromPromise } from 'xstate';
import type { CreateCouponRequest, DecideReviewRequest, SetRateRequest } from '../contract/ops';
import { opsAuditTrailMachine, type AuditFilters } from '../machines/ops/ops-audit-trail.machine';
import {
  couponsMachine,
  ledgerCheckMachine,
  monitoringRulesMachine,
  partnerKeysMachine,
  ratesMachine,
  reversalsMachine,
  reviewQueueMachine,
  type CouponAction,
  type MonitoringRulesAction,
  type PartnerKeyAction,
  type ReversalAction,
} from '../machines/ops/ops-records.machine';
import { opsSessionMachine } from '../machines/ops/ops-session.machine';
import { opsUserSearchMachine } from '../machines/ops/ops-user-search.machine';
import { opsUserMachine, type FreezeChange } from '../machines/ops/ops-user.machine';
import * as ops from '../services/ops';

export const liveOpsSession = opsSessionMachine.provide({
  actors: {
    resume: fromPromise(({ signal }) => ops.opsResume(signal)),
    logIn: fromPromise(({ input, signal }) => ops.opsLogIn(input, signal)),
    logOut: fromPromise(() => ops.opsLogOut()),
  },
});

export const liveUserSearch = opsUserSearchMachine.provide({
  actors: { searchUsers: fromPromise(({ input, signal }) => ops.searchUsers(input, signal)) },
});

export const liveUser = opsUserMachine.provide({
  actors: {
    loadUser: fromPromise(({ input, signal }) => ops.loadUser(input, signal)),
    setFrozen: fromPromise<unknown, FreezeChange>(({ input }) =>
      (input.freeze ? ops.freezeUser : ops.unfreezeUser)({ userId: input.userId, reason: input.reason }),
    ),
  },
});

export const liveAuditTrail = opsAuditTrailMachine.provide({
  actors: {
    loadAuditLog: fromPromise(({ input, signal }: { input: AuditFilters; signal: AbortSignal }) =>
      ops.loadAuditLog({ ...input }, signal),
    ),
    exportAuditLog: fromPromise(({ input, signal }: { input: AuditFilters; signal: AbortSignal }) =>
      ops.exportAuditLog({ ...input }, signal),
    ),
  },
});

export const liveReviewQueue = reviewQueueMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadReviews(signal)),
    act: fromPromise(({ input }) => ops.decideReview(input as DecideReviewRequest)),
  },
});

export const liveReversals = reversalsMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadReversals(signal)),
    act: fromPromise(({ input }) => {
      const action = input as ReversalAction;
      return action.kind === 'approve'
        ? ops.approveReversal(action.id)
        : ops.proposeReversal({
            referenceNumber: action.referenceNumber.trim(),
            reason: action.reason.trim(),
          });
    }),
  },
});

export const liveMonitoringRules = monitoringRulesMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadMonitoringRules(signal)),
    act: fromPromise(({ input }) => {
      const action = input as MonitoringRulesAction;
      return ops.saveMonitoringRules({ rules: action.rules, reason: action.reason.trim() });
    }),
  },
});

export const liveLedgerCheck = ledgerCheckMachine.provide({
  actors: { load: fromPromise(({ signal }) => ops.loadLedgerCheck(signal)) },
});

export const liveRates = ratesMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadRates(signal)),
    act: fromPromise(({ input }) => ops.setRate(input as SetRateRequest)),
  },
});

export const liveCoupons = couponsMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadCoupons(signal)),
    act: fromPromise(({ input }) => {
      const action = input as CouponAction;
      if (action.kind === 'enable') return ops.setCouponEnabled(action.code, action.enabled);
      const { kind: _kind, ...coupon } = action;
      return ops.createCoupon(coupon satisfies CreateCouponRequest);
    }),
  },
});

export const livePartnerKeys = partnerKeysMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => ops.loadPartnerKeys(signal)),
    act: fromPromise(({ input }) => {
      const action = input as PartnerKeyAction;
      return action.kind === 'create'
        ? ops.createPartnerKey(action.operatorCode)
        : ops.revokePartnerKey(action.operatorCode);
    }),
  },
});
