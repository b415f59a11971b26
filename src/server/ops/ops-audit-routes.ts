import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, failureEnvelopeSchema } from '../../contract/envelope';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  auditLogCsvSchema,
  auditLogQuerySchema,
  auditLogSchema,
  opsPaths,
  type AuditLogQuery,
} from '../../contract/ops';
import type { Db } from '../db/client';
import { ok } from '../envelope';
import type { RouteDeps } from '../routes/deps';
import { csvDocument } from './csv';
import { AUDIT_COLUMNS, auditRows } from './ops-user-queries';
import { appendStaffAudit, currentStaff } from './staff-auth';

/*
 * The audit trail as staff read it (issue 25): filtered by actor, action, subject and time, newest first, as JSON
 * (AuditLog) or CSV (AuditLog.csv, for the auditors' own tools). Reading and exporting it are staff actions too.
 */

/** 'staff:3' -> kind and id; 'command:rates' -> kind and name; 'user' -> the kind alone. */
const actorFilter = (actor: string): SQL => {
  const [kind = '', who] = actor.split(/:(.*)/s);
  if (who === undefined || who === '') return sql`actor_kind = ${kind}`;
  return /^\d+$/.test(who)
    ? sql`actor_kind = ${kind} and actor_id = ${Number(who)}::int`
    : sql`actor_kind = ${kind} and actor_name = ${who}`;
};

/** A value ending in '.', ':' or ' ' is a prefix ('money.' -> every money row); any other is matched exactly. */
const textFilter = (column: SQL, value: string): SQL =>
  /[.: ]$/.test(value) ? sql`starts_with(${column}, ${value})` : sql`${column} = ${value}`;

const whereOf = (query: Omit<AuditLogQuery, 'limit'>): SQL => {
  const conditions: SQL[] = [sql`true`];
  if (query.actor) conditions.push(actorFilter(query.actor));
  if (query.action) conditions.push(textFilter(sql.raw('action'), query.action));
  if (query.subject) conditions.push(textFilter(sql.raw('subject'), query.subject));
  if (query.from) conditions.push(sql`at >= ${new Date(query.from).toISOString()}::timestamptz`);
  if (query.to) conditions.push(sql`at < ${new Date(query.to).toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
};

export const auditLogOf = (db: Db, query: AuditLogQuery) =>
  auditRows(
    db,
    sql`select ${AUDIT_COLUMNS} from audit_log where ${whereOf(query)} order by at desc, id desc limit ${query.limit}::int`,
  );

export const opsAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    opsPaths.auditLog,
    { schema: { querystring: auditLogQuerySchema, response: envelopeResponses(200, auditLogSchema) } },
    async (request) => {
      const member = currentStaff(request);
      const rows = await auditLogOf(db, request.query);
      await appendStaffAudit(db, member, {
        action: 'staff.auditRead',
        subject: `staff:${member.staffId}`,
        after: { filters: request.query, rows: rows.length },
      });
      return ok(rows);
    },
  );

  app.get(
    opsPaths.auditLogCsv,
    {
      schema: {
        querystring: auditLogQuerySchema.omit({ limit: true }),
        response: { 200: auditLogCsvSchema, '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const member = currentStaff(request);
      const rows = await auditLogOf(db, { ...request.query, limit: AUDIT_EXPORT_MAX_ROWS });
      await appendStaffAudit(db, member, {
        action: 'staff.auditExported',
        subject: `staff:${member.staffId}`,
        after: { filters: request.query, rows: rows.length },
      });
      const csv = csvDocument(
        AUDIT_CSV_COLUMNS,
        rows.map((row) => AUDIT_CSV_COLUMNS.map((column) => row[column])),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
