import { auditedCommand, commandOperator, type AdminCommandResult } from './admin-command';
import { REJECTION_REASON_MAX_LENGTH } from '../src/domain/account-upgrade';
import type { Db } from '../src/server/db/client';
import type { Mailer } from '../src/server/mail';
import { pendingReviews } from '../src/server/routes/upgrade/proof-of-address-repository';
import {
  decideProofOfAddress,
  notifyDecision,
  type DecisionNotice,
  type ReviewDecision,
} from '../src/server/routes/upgrade/review-decision';

/*
 * The compliance officers' command (`npm run compliance -- ...`) on the proof-of-address review queue, until the
 * back-office console: as a function of a database, a mailer and its arguments, so the tests run it without a
 * subprocess. scripts/compliance.ts opens the database (PGlite under DATA_DIR, or DATABASE_URL). Each run is one
 * transaction with its 'command.compliance' row (auditedCommand); the user is mailed after it commits.
 */

export const COMPLIANCE_USAGE = [
  'usage: npm run compliance -- list',
  '       npm run compliance -- approve <ID>',
  '       npm run compliance -- reject <ID> "<reason>"',
  '  list shows the pending proofs of address (ID, user, document, file under DATA_DIR/uploads).',
  '  approve moves the user to the Enhanced tier; reject tells the user the reason. Both mail the user.',
];

export const COMPLIANCE_ACTOR = { kind: 'command', name: 'compliance' } as const;

/** What the command printed, and whom to mail once it is committed. */
type ComplianceResult = AdminCommandResult & { notice?: { to: DecisionNotice; decision: ReviewDecision } };

const usage = (problem: string): ComplianceResult => ({ exitCode: 2, lines: [problem, ...COMPLIANCE_USAGE] });
const refused = (problem: string): ComplianceResult => ({ exitCode: 1, lines: [problem] });

const reviewIdOf = (value: string | undefined): number | null =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

const decide = async (
  db: Db,
  operator: string,
  rawId: string | undefined,
  decision: ReviewDecision,
): Promise<ComplianceResult> => {
  const id = reviewIdOf(rawId);
  if (id === null)
    return usage(`${rawId ?? '(none)'} is not a review ID (a positive whole number, see list).`);
  const result = await decideProofOfAddress(db, id, decision, COMPLIANCE_ACTOR, operator);
  if (result.outcome === 'notFound') return refused(`There is no proof of address ${id}.`);
  if (result.outcome === 'alreadyDecided')
    return refused(`Proof of address ${id} is already ${result.status}.`);
  const done =
    decision.status === 'approved'
      ? `Proof of address ${id} approved: user ${result.userId} is now at the Enhanced tier.`
      : `Proof of address ${id} rejected: user ${result.userId} was told the reason.`;
  return { exitCode: 0, lines: [done], notice: { to: result.notice, decision } };
};

const complianceDecisions = async (
  db: Db,
  args: readonly string[],
  operator: string,
): Promise<ComplianceResult> => {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) {
    const pending = await pendingReviews(db);
    if (pending.length === 0) return { exitCode: 0, lines: ['No proof of address is waiting for review.'] };
    return {
      exitCode: 0,
      lines: pending.map(
        (review) =>
          `${String(review.id).padEnd(6)}  user ${review.userId} ${review.fullName} <${review.email}>  ${review.documentKind.padEnd(16)}  uploads/${review.storagePath}  sent ${review.submittedAt.toISOString()}`,
      ),
    };
  }
  if (command === 'approve' && rest.length === 1) {
    return decide(db, operator, rest[0], { status: 'approved' });
  }
  if (command === 'reject' && rest.length === 2) {
    const reason = (rest[1] ?? '').trim();
    if (reason === '' || reason.length > REJECTION_REASON_MAX_LENGTH)
      return usage(`reject needs a reason of 1 to ${REJECTION_REASON_MAX_LENGTH} characters, in quotes.`);
    return decide(db, operator, rest[0], { status: 'rejected', reason });
  }
  return usage(command ? `Unknown or incomplete command: ${args.join(' ')}` : 'No command given.');
};

export const runComplianceCommand = async (
  db: Db,
  mailer: Mailer,
  args: readonly string[],
  operator: string = commandOperator(),
): Promise<AdminCommandResult> => {
  const audited = auditedCommand('compliance', (tx, commandArgs) =>
    complianceDecisions(tx, commandArgs, operator),
  );
  const { exitCode, lines, notice } = await audited(db, args);
  if (!notice) return { exitCode, lines };
  const mailed = await notifyDecision(mailer, notice.to, notice.decision);
  return {
    exitCode,
    lines: [
      ...lines,
      mailed ? 'The user was mailed.' : 'The mail could not be sent (the page shows the decision).',
    ],
  };
};
