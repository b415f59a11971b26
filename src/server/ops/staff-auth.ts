import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isOpsPath, opsPermissionOf } from '../../contract/ops';
import { appendAudit, type AuditActor, type AuditEntry } from '../audit/audit-log';
import type { Db, Queryable } from '../db/client';
import { HttpError } from '../http-error';
import { bearerToken } from '../plugins/auth';
import { findLiveStaffSession, touchStaffSession, type StaffSession } from './staff-repository';

/*
 * The back office's door (issue 25). Every route under /api/Ops takes a staff bearer token (POST /api/Ops/LogIn),
 * checked here once for every route, present and future, against the permissions table of src/contract/ops.ts:
 * no token, a user's token or an ended session is 401; a role without the right, or a route the table has no row
 * for, is 403 (closed by default). plugins/auth.ts leaves these routes to this hook.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of the token on /api/Ops routes; null elsewhere (and on LogIn). */
    staff: StaffSession | null;
  }
}

/** The onRequest hook of every /api/Ops route: the staff session and the role's right to call the route. */
export const requireStaff =
  (db: Db): onRequestHookHandler =>
  async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isOpsPath(url)) return;
    // HEAD is the GET route's (Fastify answers it from the GET handler).
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const allowed = opsPermissionOf(method, url);
    if (allowed === 'public') return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await findLiveStaffSession(db, token) : null;
    if (!session) throw new HttpError(401, 'auth.required');
    if (!allowed?.includes(session.role)) throw new HttpError(403, 'auth.forbidden');
    request.staff = session;
    await touchStaffSession(db, session);
  };

export const installStaffAuth = (app: FastifyInstance, db: Db): void => {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', requireStaff(db));
};

/** The signed-in staff member of an /api/Ops route (requireStaff has set it). */
export const currentStaff = (request: FastifyRequest): StaffSession => {
  if (!request.staff) throw new HttpError(401, 'auth.required');
  return request.staff;
};

export const staffActor = (member: Pick<StaffSession, 'staffId'>): AuditActor => ({
  kind: 'staff',
  id: member.staffId,
});

export type StaffAuditEntry = Omit<AuditEntry, 'actor'>;

/** A staff member's action in the audit trail, in the caller's transaction (`db` is the transaction). */
export const appendStaffAudit = (
  db: Queryable,
  member: Pick<StaffSession, 'staffId'>,
  entry: StaffAuditEntry,
): Promise<void> => appendAudit(db, { ...entry, actor: staffActor(member) });

/**
 * `work` and its audit row in one transaction: what it changed is never without its row, and a `work` that throws
 * leaves neither. `entryOf` makes the row from what `work` answered (null: nothing to record, e.g. nothing found).
 */
export const auditedStaffAction = <R>(
  db: Db,
  member: Pick<StaffSession, 'staffId'>,
  work: (tx: Db) => Promise<R>,
  entryOf: (result: R) => StaffAuditEntry | null,
): Promise<R> =>
  db.transaction(async (tx) => {
    const database = tx as unknown as Db;
    const result = await work(database);
    const entry = entryOf(result);
    if (entry) await appendStaffAudit(database, member, entry);
    return result;
  });
