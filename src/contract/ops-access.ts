/*
 * The back office's paths and who may call them (issue 25), without zod: the operations console's browser bundle
 * reads them (Parcel cannot bundle zod 4's namespace export), and src/contract/ops.ts re-exports them beside the
 * schemas for the server and the tests.
 */
import { STAFF_ROLES, type StaffRole } from '../domain/staff';

export const OPS_PREFIX = '/api/Ops/';

export const opsPaths = {
  logIn: '/api/Ops/LogIn',
  logOut: '/api/Ops/LogOut',
  /** The signed-in staff member and their role (the console's start). */
  session: '/api/Ops/Session',
  users: '/api/Ops/Users',
  user: '/api/Ops/User',
  freezeUser: '/api/Ops/FreezeUser',
  unfreezeUser: '/api/Ops/UnfreezeUser',
  reviews: '/api/Ops/Reviews',
  decideReview: '/api/Ops/DecideReview',
  reversals: '/api/Ops/Reversals',
  proposeReversal: '/api/Ops/ProposeReversal',
  approveReversal: '/api/Ops/ApproveReversal',
  auditLog: '/api/Ops/AuditLog',
  auditLogCsv: '/api/Ops/AuditLog.csv',
  monitoringRules: '/api/Ops/MonitoringRules',
  staff: '/api/Ops/Staff',
  disableStaff: '/api/Ops/DisableStaff',
  rates: '/api/Ops/Rates',
  setRate: '/api/Ops/SetRate',
  coupons: '/api/Ops/Coupons',
  createCoupon: '/api/Ops/CreateCoupon',
  setCouponEnabled: '/api/Ops/SetCouponEnabled',
  partnerKeys: '/api/Ops/PartnerKeys',
  createPartnerKey: '/api/Ops/CreatePartnerKey',
  revokePartnerKey: '/api/Ops/RevokePartnerKey',
  ledgerCheck: '/api/Ops/LedgerCheck',
} as const;
export type OpsPath = (typeof opsPaths)[keyof typeof opsPaths];

export const isOpsPath = (url: string): boolean => url.startsWith(OPS_PREFIX);

/* ---------------------------------------------------------------------------------------------------------------
 * Who may call what: one row per method and path. 'public': no staff token (log-in). Read by requireStaff on the
 * server, by tests/server/ops-access.test.ts (every registered /api/Ops route must have its row) and by the console
 * (what to show a role).
 * ------------------------------------------------------------------------------------------------------------- */

const ALL: readonly StaffRole[] = STAFF_ROLES;
const READ_USERS: readonly StaffRole[] = ['support', 'compliance', 'auditor'];
const ACT_ON_USERS: readonly StaffRole[] = ['support', 'compliance'];
const DECIDE: readonly StaffRole[] = ['compliance'];
const READ_COMPLIANCE: readonly StaffRole[] = ['compliance', 'auditor'];
const READ_ADMIN: readonly StaffRole[] = ['admin', 'auditor'];
const ADMIN: readonly StaffRole[] = ['admin'];

export const opsPermissions = {
  'POST /api/Ops/LogIn': 'public',
  'POST /api/Ops/LogOut': ALL,
  'GET /api/Ops/Session': ALL,
  'GET /api/Ops/Users': READ_USERS,
  'GET /api/Ops/User': READ_USERS,
  'POST /api/Ops/FreezeUser': ACT_ON_USERS,
  'POST /api/Ops/UnfreezeUser': ACT_ON_USERS,
  'GET /api/Ops/Reviews': READ_COMPLIANCE,
  'POST /api/Ops/DecideReview': DECIDE,
  'GET /api/Ops/Reversals': READ_USERS,
  'POST /api/Ops/ProposeReversal': ACT_ON_USERS,
  'POST /api/Ops/ApproveReversal': DECIDE,
  'GET /api/Ops/AuditLog': READ_COMPLIANCE,
  'GET /api/Ops/AuditLog.csv': READ_COMPLIANCE,
  'GET /api/Ops/MonitoringRules': READ_COMPLIANCE,
  'PUT /api/Ops/MonitoringRules': DECIDE,
  'GET /api/Ops/Staff': READ_ADMIN,
  'POST /api/Ops/DisableStaff': ADMIN,
  'GET /api/Ops/Rates': READ_ADMIN,
  'POST /api/Ops/SetRate': ADMIN,
  'GET /api/Ops/Coupons': READ_ADMIN,
  'POST /api/Ops/CreateCoupon': ADMIN,
  'POST /api/Ops/SetCouponEnabled': ADMIN,
  'GET /api/Ops/PartnerKeys': READ_ADMIN,
  'POST /api/Ops/CreatePartnerKey': ADMIN,
  'POST /api/Ops/RevokePartnerKey': ADMIN,
  'GET /api/Ops/LedgerCheck': ['admin', 'compliance', 'auditor'],
} as const satisfies Record<string, readonly StaffRole[] | 'public'>;

export type OpsRoute = keyof typeof opsPermissions;

/** The row of `method` `url` (a route's url, without its query), or undefined when the table has none. */
export const opsPermissionOf = (method: string, url: string): readonly StaffRole[] | 'public' | undefined =>
  (opsPermissions as Record<string, readonly StaffRole[] | 'public'>)[`${method.toUpperCase()} ${url}`];

/** Whether `role` may call `method` `url` (a route with no row: nobody may). */
export const mayCall = (role: StaffRole, method: string, url: string): boolean => {
  const allowed = opsPermissionOf(method, url);
  return allowed !== undefined && allowed !== 'public' && allowed.includes(role);
};
