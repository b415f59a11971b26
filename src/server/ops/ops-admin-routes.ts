import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses } from '../../contract/envelope';
import {
  couponViewSchema,
  createCouponRequestSchema,
  disableStaffRequestSchema,
  ledgerCheckSchema,
  newPartnerKeySchema,
  opsPaths,
  partnerKeyRequestSchema,
  partnerKeyRowSchema,
  rateRecordSchema,
  setCouponEnabledRequestSchema,
  setRateRequestSchema,
  staffListRowSchema,
  type CouponView,
  type RateRecordView,
  type TrialBalanceLine,
} from '../../contract/ops';
import { normaliseCouponCode } from '../../domain/coupon';
import { minorToApiAmount } from '../../domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, toMinor } from '../db/sql';
import { ok } from '../envelope';
import { HttpError, toViolations } from '../http-error';
import { runLedgerCheck } from '../ledger/invariants';
import type { RouteDeps } from '../routes/deps';
import { partnerKeyListing } from '../routes/betting/payment-links-repository';
import { listCoupons, setCouponEnabled } from '../routes/transfer/coupons-repository';
import { currentRates, type RateRecord } from '../routes/transfer/rates-repository';
import {
  createCouponFrom,
  issuePartnerKey,
  revokePartnerKeyOf,
  setExchangeRate,
  type CouponRow,
  type Refused,
} from './admin-actions';
import { auditedStaffAction, currentStaff } from './staff-auth';
import { disableStaffMember, listStaff } from './staff-repository';

/*
 * The administrators' work in the back office (issue 25): staff, exchange rates, coupons, partner keys (the shell
 * commands' changes, decided by the same code: admin-actions.ts) and the ledger check as JSON. Every change is one
 * transaction with its audit row, actor the staff member; auditors read all of it.
 */

/** A refused change: 400 with the problem in the commands' words as the violation's value. */
const refusedError = (field: string, { problem }: Refused) =>
  new HttpError(
    400,
    'request.invalid',
    toViolations([{ field, messageId: 'request.invalid', values: { problem } }]),
  );

const rateView = (record: RateRecord): RateRecordView => ({ ...record, asOf: record.asOf.toISOString() });

const couponView = (row: CouponRow): CouponView => ({
  code: row.code,
  discountKind: row.discountKind === 'percent' ? 'percent' : 'amount',
  percent: row.percentBasisPoints === null ? null : row.percentBasisPoints / 100,
  amount: row.amountMinor === null ? null : minorToApiAmount(Number(row.amountMinor)),
  uses: Number(row.uses),
  maxUses: row.maxUses,
  maxUsesPerUser: row.maxUsesPerUser,
  validFrom: row.validFrom.toISOString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  enabled: row.enabled,
});

/** A staff member's change and its audit row in one transaction; a refusal leaves neither. */
const change = <R>(
  db: Db,
  member: { staffId: number },
  field: string,
  work: (tx: Db) => Promise<R | Refused>,
  entryOf: (result: R) => { action: string; subject: string; before?: unknown; after?: unknown },
): Promise<R> =>
  auditedStaffAction(
    db,
    member,
    async (tx) => {
      const result = await work(tx);
      // Thrown inside the transaction: nothing of a refused change stays.
      if (typeof result === 'object' && result !== null && 'ok' in result && result.ok === false)
        throw refusedError(field, result);
      return result as R;
    },
    entryOf,
  );

/** The ledger's totals by account kind and asset (GHS in cedis, gems whole). */
const trialBalanceOf = async (db: Db): Promise<TrialBalanceLine[]> => {
  const rows = await queryRows<{
    kind: string;
    asset: string;
    accounts: unknown;
    debits: unknown;
    credits: unknown;
  }>(
    db,
    sql`select a.kind, a.asset, count(distinct a.id) as accounts,
          coalesce(sum(e.amount_minor) filter (where e.amount_minor < 0), 0) as debits,
          coalesce(sum(e.amount_minor) filter (where e.amount_minor > 0), 0) as credits
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        group by a.kind, a.asset order by a.asset, a.kind`,
  );
  const inUnits = (asset: string, value: unknown) =>
    asset === 'GHS' ? minorToApiAmount(toMinor(value)) : toMinor(value);
  return rows.map((row) => ({
    kind: row.kind,
    asset: row.asset,
    accounts: Number(row.accounts),
    debits: inUnits(row.asset, row.debits),
    credits: inUnits(row.asset, row.credits),
    balance: inUnits(row.asset, toMinor(row.debits) + toMinor(row.credits)),
  }));
};

export const opsAdminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    opsPaths.staff,
    { schema: { response: envelopeResponses(200, z.array(staffListRowSchema)) } },
    async () =>
      ok((await listStaff(db)).map((member) => ({ ...member, createdAt: member.createdAt.toISOString() }))),
  );

  app.post(
    opsPaths.disableStaff,
    { schema: { body: disableStaffRequestSchema, response: envelopeResponses(200, staffListRowSchema) } },
    async (request) => {
      const member = currentStaff(request);
      const { staffId, reason } = request.body;
      const disabled = await auditedStaffAction(
        db,
        member,
        (tx) => disableStaffMember(tx, { id: staffId }),
        (result) =>
          result?.changed
            ? {
                action: 'staff.disabled',
                subject: `staff:${staffId}`,
                after: { reason, email: result.member.email },
              }
            : null,
      );
      if (!disabled) throw new HttpError(404, 'notFound');
      return ok({ ...disabled.member, disabled: true, createdAt: disabled.member.createdAt.toISOString() });
    },
  );

  app.get(
    opsPaths.rates,
    { schema: { response: envelopeResponses(200, z.array(rateRecordSchema)) } },
    async () => ok((await currentRates(db)).map(rateView)),
  );

  app.post(
    opsPaths.setRate,
    { schema: { body: setRateRequestSchema, response: envelopeResponses(200, rateRecordSchema) } },
    async (request) => {
      const member = currentStaff(request);
      const set = await change(
        db,
        member,
        'rate',
        (tx) => setExchangeRate(tx, { ...request.body, setBy: `staff:${member.staffId} ${member.email}` }),
        ({ before, after }) => ({
          action: 'rate.set',
          subject: `rate:${after.code}`,
          before: before ? { rate: before.rate } : null,
          after: { rate: after.rate, note: after.note },
        }),
      );
      return ok(rateView(set.after));
    },
  );

  app.get(
    opsPaths.coupons,
    { schema: { response: envelopeResponses(200, z.array(couponViewSchema)) } },
    async () => ok((await listCoupons(db)).map(couponView)),
  );

  app.post(
    opsPaths.createCoupon,
    { schema: { body: createCouponRequestSchema, response: envelopeResponses(200, couponViewSchema) } },
    async (request) => {
      const { code, discount, validFrom, validUntil, maxUses, maxUsesPerUser } = request.body;
      const created = await change(
        db,
        currentStaff(request),
        'code',
        (tx) =>
          createCouponFrom(tx, {
            code,
            discount,
            from: validFrom,
            until: validUntil,
            maxUses: maxUses === undefined ? undefined : String(maxUses),
            perUser: maxUsesPerUser === undefined ? undefined : String(maxUsesPerUser),
          }),
        ({ row }) => ({ action: 'coupon.created', subject: `coupon:${row.code}`, after: couponView(row) }),
      );
      return ok(couponView(created.row));
    },
  );

  app.post(
    opsPaths.setCouponEnabled,
    { schema: { body: setCouponEnabledRequestSchema, response: envelopeResponses(200, couponViewSchema) } },
    async (request) => {
      const code = normaliseCouponCode(request.body.code);
      const { enabled } = request.body;
      const changed = await auditedStaffAction(
        db,
        currentStaff(request),
        (tx) => setCouponEnabled(tx, code, enabled),
        (found) =>
          found
            ? { action: enabled ? 'coupon.enabled' : 'coupon.disabled', subject: `coupon:${code}` }
            : null,
      );
      const row = changed ? (await listCoupons(db)).find((coupon) => coupon.code === code) : undefined;
      if (!row) throw new HttpError(404, 'notFound');
      return ok(couponView(row));
    },
  );

  app.get(
    opsPaths.partnerKeys,
    { schema: { response: envelopeResponses(200, z.array(partnerKeyRowSchema)) } },
    async () =>
      ok(
        (await partnerKeyListing(db)).map((row) => ({
          operatorCode: row.code,
          name: row.name,
          activeSince: row.activeSince?.toISOString() ?? null,
        })),
      ),
  );

  app.post(
    opsPaths.createPartnerKey,
    { schema: { body: partnerKeyRequestSchema, response: envelopeResponses(200, newPartnerKeySchema) } },
    async (request) => {
      const { operatorCode } = request.body;
      const issued = await change(
        db,
        currentStaff(request),
        'operatorCode',
        (tx) => issuePartnerKey(tx, operatorCode),
        // Never the key itself: only that one was made.
        () => ({ action: 'partnerKey.created', subject: `operator:${operatorCode}` }),
      );
      return ok({ operatorCode, key: issued.key });
    },
  );

  app.post(
    opsPaths.revokePartnerKey,
    { schema: { body: partnerKeyRequestSchema, response: envelopeResponses(200, partnerKeyRowSchema) } },
    async (request) => {
      const { operatorCode } = request.body;
      const revoked = await change(
        db,
        currentStaff(request),
        'operatorCode',
        (tx) => revokePartnerKeyOf(tx, operatorCode),
        () => ({ action: 'partnerKey.revoked', subject: `operator:${operatorCode}` }),
      );
      return ok({ operatorCode, name: revoked.operator.name, activeSince: null });
    },
  );

  app.get(
    opsPaths.ledgerCheck,
    { schema: { response: envelopeResponses(200, ledgerCheckSchema) } },
    async (request) => {
      const findings = await runLedgerCheck(db, request.log);
      return ok({
        ok: findings.length === 0,
        findings,
        trialBalance: await trialBalanceOf(db),
        checkedAt: new Date().toISOString(),
      });
    },
  );
};
