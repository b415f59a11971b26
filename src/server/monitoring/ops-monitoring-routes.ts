import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses } from '../../contract/envelope';
import {
  approveReversalRequestSchema,
  decideReviewRequestSchema,
  monitoringRulesSchema,
  opsPaths,
  proposeReversalRequestSchema,
  reversalSchema,
  reviewItemSchema,
  updateMonitoringRulesRequestSchema,
  type Reversal,
  type ReviewItem,
} from '../../contract/ops';
import { minorToApiAmount } from '../../domain/money';
import { ok } from '../envelope';
import { HttpError, toViolations, violationsError } from '../http-error';
import { approveReversal, proposeReversal, reversalsList, type ReversalRecord } from '../ledger/reversal';
import { currentStaff } from '../ops/staff-auth';
import type { RouteDeps } from '../routes/deps';
import {
  decideProofOfAddress,
  notifyDecision,
  type ReviewDecision as ProofDecision,
} from '../routes/upgrade/review-decision';
import { pendingReviews } from '../routes/upgrade/proof-of-address-repository';
import type { WalletModule } from '../routes/wallet/wallet-module';
import { holdExists, openHolds } from './holds-repository';
import { changeRules, ruleChangeProblems, rulesInForce } from './rules-repository';

/*
 * The review queue, reversals and monitoring thresholds of the back office (issue 25), behind requireStaff and the
 * permissions table of src/contract/ops.ts. Every staff action is audited with the staff member as actor in the
 * transaction that makes it: a hold's decision and a reversal's approval in the ledger's (ledger/review.ts,
 * ledger/reversal.ts), a proof of address's in review-decision.ts, a threshold's change in rules-repository.ts.
 */

/** DecideReview's answer: what the item became. */
const decisionResultSchema = z.object({
  id: z.string(),
  /** 'released' | 'rejected' (a hold), 'approved' | 'rejected' (a proof of address). */
  status: z.string(),
  /** A released hold's operation as it stands now (pending on its rail, Successful, Failed). */
  operationStatus: z.string().nullable(),
});

const ITEM_ID = /^(hold|proofOfAddress):([1-9]\d{0,9})$/;

const reversalView = (record: ReversalRecord): Reversal => ({
  id: record.id,
  referenceNumber: record.referenceNumber,
  reason: record.reason,
  status: record.approvedBy === null ? 'proposed' : 'approved',
  proposedBy: record.proposedBy,
  approvedBy: record.approvedBy,
  reversalReference: record.transactionId === null ? null : `ledger_transaction:${record.transactionId}`,
  createdAt: record.createdAt.toISOString(),
});

export const opsMonitoringRoutes: FastifyPluginAsyncZod<RouteDeps & { wallet: WalletModule }> = async (
  app,
  { db, mailer, wallet },
) => {
  app.get(
    opsPaths.reviews,
    { schema: { response: envelopeResponses(200, z.array(reviewItemSchema)) } },
    async () => {
      const holds: ReviewItem[] = (await openHolds(db)).map((hold) => ({
        id: `hold:${hold.id}`,
        kind: 'hold',
        userId: hold.userId,
        reference: hold.referenceNumber,
        amount: minorToApiAmount(hold.amountMinor),
        reason: hold.hits.map((hit) => hit.rule).join(', '),
        createdAt: hold.createdAt.toISOString(),
      }));
      const proofs: ReviewItem[] = (await pendingReviews(db)).map((review) => ({
        id: `proofOfAddress:${review.id}`,
        kind: 'proofOfAddress',
        userId: review.userId,
        reference: null,
        amount: null,
        reason: 'proofOfAddress',
        createdAt: review.submittedAt.toISOString(),
      }));
      return ok([...holds, ...proofs].sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
    },
  );

  app.post(
    opsPaths.decideReview,
    { schema: { body: decideReviewRequestSchema, response: envelopeResponses(200, decisionResultSchema) } },
    async (request) => {
      const staff = currentStaff(request);
      const { id, decision, reason } = request.body;
      const [, kind, number] = ITEM_ID.exec(id) ?? [];
      if (!kind || !number) throw new HttpError(404, 'ops.review.notFound');
      if (kind === 'hold') {
        const outcome = await wallet.service.decideReview(
          { holdId: Number(number), staffId: staff.staffId, reason },
          decision === 'approve' ? 'release' : 'reject',
        );
        if (outcome.outcome === 'decidedAlready')
          throw (await holdExists(db, Number(number)))
            ? new HttpError(409, 'ops.review.decided')
            : new HttpError(404, 'ops.review.notFound');
        return ok({ id, status: outcome.outcome, operationStatus: outcome.operation.status });
      }
      const proof: ProofDecision =
        decision === 'approve' ? { status: 'approved' } : { status: 'rejected', reason };
      const outcome = await decideProofOfAddress(
        db,
        Number(number),
        proof,
        { kind: 'staff', id: staff.staffId },
        `staff:${staff.staffId}`,
      );
      if (outcome.outcome === 'notFound') throw new HttpError(404, 'ops.review.notFound');
      if (outcome.outcome === 'alreadyDecided') throw new HttpError(409, 'ops.review.decided');
      // The decision stands whether or not the mail goes (the user's Upgrade page shows it).
      await notifyDecision(mailer, outcome.notice, proof);
      return ok({ id, status: proof.status, operationStatus: null });
    },
  );

  app.get(
    opsPaths.reversals,
    { schema: { response: envelopeResponses(200, z.array(reversalSchema)) } },
    async () => ok((await reversalsList(db)).map(reversalView)),
  );

  app.post(
    opsPaths.proposeReversal,
    { schema: { body: proposeReversalRequestSchema, response: envelopeResponses(200, reversalSchema) } },
    async (request) => {
      const staff = currentStaff(request);
      const outcome = await proposeReversal(
        db,
        staff.staffId,
        request.body.referenceNumber,
        request.body.reason,
      );
      if (outcome.outcome === 'notFound') throw new HttpError(404, 'ops.reversal.notFound');
      if (outcome.outcome === 'notReversible') throw new HttpError(409, 'ops.reversal.notReversible');
      return ok(reversalView(outcome.reversal));
    },
  );

  app.post(
    opsPaths.approveReversal,
    { schema: { body: approveReversalRequestSchema, response: envelopeResponses(200, reversalSchema) } },
    async (request) => {
      const staff = currentStaff(request);
      const outcome = await approveReversal(db, staff.staffId, request.body.id);
      if (outcome.outcome === 'notFound') throw new HttpError(404, 'ops.reversal.notFound');
      if (outcome.outcome === 'sameStaff') throw new HttpError(403, 'ops.reversal.sameStaff');
      if (outcome.outcome === 'approvedAlready') throw new HttpError(409, 'ops.reversal.approvedAlready');
      if (outcome.outcome === 'notCovered') throw new HttpError(409, 'ops.reversal.notCovered');
      return ok(reversalView(outcome.reversal));
    },
  );

  app.get(
    opsPaths.monitoringRules,
    { schema: { response: envelopeResponses(200, monitoringRulesSchema) } },
    async () => ok(await rulesInForce(db)),
  );

  app.put(
    opsPaths.monitoringRules,
    {
      schema: {
        body: updateMonitoringRulesRequestSchema,
        response: envelopeResponses(200, monitoringRulesSchema),
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const problems = ruleChangeProblems(request.body.rules);
      if (problems.length > 0)
        throw violationsError(
          toViolations(
            problems.map(({ name, wrong }) => ({
              field: `rules.${name}`,
              messageId: 'ops.monitoring.invalid' as const,
              values: { wrong: wrong.join(', ') },
            })),
          ),
        );
      return ok(await changeRules(db, staff.staffId, request.body.rules, request.body.reason));
    },
  );
};
