import { z } from 'zod';
import { STAFF_REASON_MAX, STAFF_REASON_MIN, STAFF_ROLES } from '../domain/staff';
import { bettingHistoryPageSchema } from './betting';
import { billingHistoryPageSchema } from './billing';
import { dbText, int4Id, queryInt4Id, storableText } from './db-input';
import { apiAmountSchema } from './envelope';
import { identificationListSchema } from './identification';
import { accountTierViewSchema } from './tiers';
import { transactionHistoryPageSchema } from './transfer';
import { walletHistoryPageSchema } from './wallet';

/*
 * The back office's API (issue 25): every path under /api/Ops, its request and answer schemas (the JSON envelope
 * of envelope.ts, like every other answer) and who may call it (`opsPermissions`). A staff bearer token (POST
 * /api/Ops/LogIn), never a user's: a user's token there is 401, a role without the right 403.
 */

export {
  OPS_PREFIX,
  isOpsPath,
  mayCall,
  opsPaths,
  opsPermissionOf,
  opsPermissions,
  type OpsPath,
  type OpsRoute,
} from './ops-access';

export const staffRoleSchema = z.enum(STAFF_ROLES);

/* ---------------------------------------------------------------------------------------------------------------
 * Sign-in and the session.
 * ------------------------------------------------------------------------------------------------------------- */

export const opsLogInRequestSchema = z.object({
  email: dbText(320),
  password: dbText(1024),
  /** The second factor: the authenticator app's current 6-digit code (RFC 6238). */
  code: dbText(16),
});
export type OpsLogInRequest = z.infer<typeof opsLogInRequestSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const opsSessionSchema = z.object({
  staff: staffMemberSchema,
  /** The session ends after this many minutes without a request. */
  idleMinutes: z.number().int(),
});
export type OpsSession = z.infer<typeof opsSessionSchema>;

export const opsLogInResponseSchema = opsSessionSchema.extend({ token: z.string() });
export type OpsLogInResponse = z.infer<typeof opsLogInResponseSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * Users: search, the user view, freeze.
 * ------------------------------------------------------------------------------------------------------------- */

/** A staff member's reason for a decision (a freeze, a reversal, a review): kept in the audit trail. */
export const staffReasonSchema = storableText(z.string().trim().min(STAFF_REASON_MIN).max(STAFF_REASON_MAX));

export const opsUsersQuerySchema = z.object({
  /** An e-mail (or part of one), a phone number (any format with its digits), or an operation's reference. */
  query: storableText(z.string().trim().min(1).max(320)),
});

export const opsUserSummarySchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  /** '+233 241234567': the registered code and number. */
  phone: z.string(),
  accountTier: accountTierViewSchema.shape.tier,
  /** ISO datetime of the freeze, or null: not frozen. */
  frozenAt: z.string().nullable(),
  /** ISO datetime. */
  createdAt: z.string(),
});
export type OpsUserSummary = z.infer<typeof opsUserSummarySchema>;

export const opsUserQuerySchema = z.object({ userId: queryInt4Id });

export const ledgerEntryViewSchema = z.object({
  transactionId: z.number().int(),
  /** The ledger account's name ('wallet', 'wallet hold'...). */
  account: z.string(),
  /** Signed: a debit of the account is negative. */
  amount: apiAmountSchema,
  /** The operation the transaction posts, when it posts one. */
  referenceNumber: z.string().nullable(),
  /** ISO datetime. */
  at: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;

/** One of the user's sessions (their devices' log-ins), as the user view lists them. */
export const userSessionViewSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  chain: z.string(),
  seq: z.number().int(),
  /** ISO datetime. */
  at: z.string(),
  actorKind: z.enum(['user', 'staff', 'system', 'command']),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const opsUserViewSchema = z.object({
  user: opsUserSummarySchema.extend({
    frozenReason: z.string().nullable(),
    language: z.string(),
    /** E.164 once proved by an SMS code, else null. */
    verifiedPhone: z.string().nullable(),
  }),
  tier: accountTierViewSchema,
  wallet: z.object({
    /** What the wallet holds. */
    balance: apiAmountSchema,
    /** The balance less what is set aside (pending withdrawals, held payments). */
    available: apiAmountSchema,
  }),
  /** The newest ledger entries of the user's accounts, newest first. */
  ledgerEntries: z.array(ledgerEntryViewSchema),
  walletHistory: walletHistoryPageSchema,
  transactionHistory: transactionHistoryPageSchema,
  bettingHistory: bettingHistoryPageSchema,
  billingHistory: billingHistoryPageSchema,
  identifications: identificationListSchema,
  sessions: z.array(userSessionViewSchema),
  /** The newest rows of the user's audit chain, newest first. */
  auditEntries: z.array(auditEntrySchema),
});
export type OpsUserView = z.infer<typeof opsUserViewSchema>;

export const freezeRequestSchema = z.object({ userId: int4Id, reason: staffReasonSchema });
export type FreezeRequest = z.infer<typeof freezeRequestSchema>;

export const freezeResultSchema = z.object({
  userId: z.number().int(),
  frozenAt: z.string().nullable(),
});

/* ---------------------------------------------------------------------------------------------------------------
 * The review queue and reversals (real-time monitoring's holds and proofs of address).
 * ------------------------------------------------------------------------------------------------------------- */

export const REVIEW_KINDS = ['hold', 'proofOfAddress'] as const;
export const reviewKindSchema = z.enum(REVIEW_KINDS);

export const reviewItemSchema = z.object({
  /** '<kind>:<number>' ('hold:12', 'proofOfAddress:5'): DecideReview's id. */
  id: z.string(),
  kind: reviewKindSchema,
  userId: z.number().int(),
  /** The held operation's reference; null for a proof of address. */
  reference: z.string().nullable(),
  /** The held amount; null for a proof of address. */
  amount: apiAmountSchema.nullable(),
  /** Why it is in the queue (a monitoring rule's name, 'proofOfAddress'). */
  reason: z.string(),
  /** ISO datetime. */
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const decideReviewRequestSchema = z.object({
  id: dbText(64),
  decision: z.enum(['approve', 'reject']),
  reason: staffReasonSchema,
});
export type DecideReviewRequest = z.infer<typeof decideReviewRequestSchema>;

export const proposeReversalRequestSchema = z.object({
  referenceNumber: dbText(32),
  reason: staffReasonSchema,
});
export type ProposeReversalRequest = z.infer<typeof proposeReversalRequestSchema>;

export const approveReversalRequestSchema = z.object({ id: int4Id });

export const reversalSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  reason: z.string(),
  status: z.enum(['proposed', 'approved']),
  proposedBy: z.number().int(),
  approvedBy: z.number().int().nullable(),
  /** The reversing operation's reference once approved. */
  reversalReference: z.string().nullable(),
  /** ISO datetime. */
  createdAt: z.string(),
});
export type Reversal = z.infer<typeof reversalSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * The audit trail.
 * ------------------------------------------------------------------------------------------------------------- */

/** The most rows AuditLog answers (the CSV export: AUDIT_EXPORT_MAX_ROWS). */
export const AUDIT_LOG_MAX_ROWS = 500;
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const isoDateTime = storableText(z.string().trim().max(40)).refine(
  (value) => !Number.isNaN(Date.parse(value)),
  'an ISO date or datetime',
);

export const auditLogQuerySchema = z.object({
  /** 'staff:3', 'user:42', 'command:rates', 'system:ledger', or a kind alone ('staff'). */
  actor: storableText(z.string().trim().max(80)).optional(),
  /** An action, or its prefix ending in '.' ('money.' for every money row). */
  action: storableText(z.string().trim().max(64)).optional(),
  /** A subject, or its prefix ending in ':' or a space ('user:42'). */
  subject: storableText(z.string().trim().max(200)).optional(),
  /** ISO date or datetime, inclusive. */
  from: isoDateTime.optional(),
  /** ISO date or datetime, exclusive. */
  to: isoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_ROWS).default(100),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogSchema = z.array(auditEntrySchema);

/* ---------------------------------------------------------------------------------------------------------------
 * Monitoring thresholds (compliance edits them; each change audited).
 * ------------------------------------------------------------------------------------------------------------- */

export const monitoringRuleSchema = z.object({
  /** The rule's name ('velocity', 'newBeneficiary', 'structuring', 'largeAmount', 'partnerLinkPayer'). */
  name: z.string(),
  enabled: z.boolean(),
  /** Its thresholds as data ('count', 'minutes', 'amountMinor', 'percent'...). */
  parameters: z.record(z.string(), z.number()),
  /** ISO datetime of the last change, and who made it (a staff id; null: the defaults). */
  updatedAt: z.string(),
  updatedBy: z.number().int().nullable(),
});
export type MonitoringRule = z.infer<typeof monitoringRuleSchema>;

export const monitoringRulesSchema = z.array(monitoringRuleSchema);

export const updateMonitoringRulesRequestSchema = z.object({
  rules: z
    .array(
      z.object({
        name: dbText(64),
        enabled: z.boolean(),
        parameters: z.record(dbText(64), z.number().finite()),
      }),
    )
    .min(1)
    .max(20),
  reason: staffReasonSchema,
});

/* ---------------------------------------------------------------------------------------------------------------
 * Administration: staff, rates, coupons, partner keys, the ledger check (the shell commands' work).
 * ------------------------------------------------------------------------------------------------------------- */

export const staffListRowSchema = staffMemberSchema.extend({
  disabled: z.boolean(),
  /** ISO datetime. */
  createdAt: z.string(),
});
export type StaffListRow = z.infer<typeof staffListRowSchema>;

export const disableStaffRequestSchema = z.object({ staffId: int4Id, reason: staffReasonSchema });

export const rateRecordSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Units of the currency for one GHS, as the table keeps it (a decimal string, up to 8 decimals). */
  rate: z.string(),
  asOf: z.string(),
  setBy: z.string(),
  note: z.string(),
});
export type RateRecordView = z.infer<typeof rateRecordSchema>;

export const setRateRequestSchema = z.object({
  code: dbText(3),
  rate: dbText(32),
  /** Required for a currency not in the table yet. */
  name: dbText(64).optional(),
  note: dbText(200).optional(),
});
export type SetRateRequest = z.infer<typeof setRateRequestSchema>;

export const couponViewSchema = z.object({
  code: z.string(),
  /** 'percent': `percent` off the fee; 'amount': `amount` (GH₵) off the fee. */
  discountKind: z.enum(['percent', 'amount']),
  percent: z.number().nullable(),
  amount: apiAmountSchema.nullable(),
  uses: z.number().int(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  enabled: z.boolean(),
});
export type CouponView = z.infer<typeof couponViewSchema>;

export const createCouponRequestSchema = z.object({
  code: dbText(32),
  /** As the command takes it: '10%', '12.5%' or cedis ('5', '2.50'). */
  discount: dbText(16),
  validFrom: isoDateTime.optional(),
  validUntil: isoDateTime.optional(),
  maxUses: int4Id.optional(),
  maxUsesPerUser: int4Id.optional(),
});
export type CreateCouponRequest = z.infer<typeof createCouponRequestSchema>;

export const setCouponEnabledRequestSchema = z.object({ code: dbText(32), enabled: z.boolean() });

export const partnerKeyRowSchema = z.object({
  operatorCode: z.string(),
  name: z.string(),
  /** ISO datetime the active key was made, or null: no active key. */
  activeSince: z.string().nullable(),
});

export const partnerKeyRequestSchema = z.object({ operatorCode: dbText(32) });

/** A new key, shown once (only its hash is kept). */
export const newPartnerKeySchema = z.object({ operatorCode: z.string(), key: z.string() });

/**
 * One line of the trial balance: the entries of every account of a kind in one asset. Amounts in the asset's unit
 * (GH₵ with two decimals for GHS, whole gems for GEM); debits negative. Each asset's balances sum to zero.
 */
export const trialBalanceLineSchema = z.object({
  kind: z.string(),
  asset: z.string(),
  accounts: z.number().int(),
  debits: z.number(),
  credits: z.number(),
  balance: z.number(),
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;

export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  /** One line per broken invariant (none when ok). */
  findings: z.array(z.string()),
  /**
   * The ledger's totals by account kind and asset ('wallet', 'clearing', 'revenue', 'gems', 'issuance'). The server
   * always sends it; optional so that a reader made before it was added still reads the answer.
   */
  trialBalance: z.array(trialBalanceLineSchema).optional(),
  /** ISO datetime of the check. */
  checkedAt: z.string(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** AuditLog.csv's success: the CSV text (text/csv, an attachment), not an envelope. */
export const auditLogCsvSchema = z.custom<unknown>(
  (value) => typeof value === 'string' || value instanceof Uint8Array,
  'the CSV text',
);

/** The columns of AuditLog.csv, in order (RFC 4180; `before` and `after` as JSON text). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'chain',
  'seq',
  'at',
  'actorKind',
  'actorId',
  'actorName',
  'action',
  'subject',
  'before',
  'after',
] as const;
