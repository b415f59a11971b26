import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOpsPath, opsPermissionOf, opsPermissions, opsPaths, type OpsRoute } from '../../src/contract/ops';
import { STAFF_ROLES, type StaffRole } from '../../src/domain/staff';
import { bearer, expectRefusal, signedInUser } from '../support/server-helpers';
import { signedInStaff } from '../support/server-ops-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Who may call each /api/Ops route (issue 25), table-driven from the permissions table of src/contract/ops.ts:
 * every registered route under /api/Ops is tried with no token, a user's token and a staff member of each role.
 * A route registered without its row in the table fails here (adding the row is the one-line edit).
 */

let t: TestApp;
let userToken: string;
const staffTokens = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signedInUser(t.app)).token;
  for (const role of STAFF_ROLES) staffTokens.set(role, (await signedInStaff(t, role)).token);
});
afterAll(async () => {
  await t?.close();
});

/** Every /api/Ops route as registered (HEAD is its GET's). */
const opsRoutes = () =>
  t.routes
    .filter((route) => isOpsPath(route.url) && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`)
    // LogOut last: it ends the token it is called with.
    .sort((a, b) => Number(a === 'POST /api/Ops/LogOut') - Number(b === 'POST /api/Ops/LogOut'));

const call = (route: string, token?: string) => {
  const [method = 'GET', url = '/'] = route.split(' ');
  return t.app.inject({
    method: method as 'GET' | 'POST' | 'PUT',
    url,
    headers: token ? bearer(token) : {},
    ...(method === 'GET' ? {} : { payload: {} }),
  });
};

/** The routes (as 'METHOD /path') the permissions table has no row for. */
const withoutRow = (routes: readonly string[]) =>
  routes.filter((route) => {
    const [method = '', url = ''] = route.split(' ');
    return opsPermissionOf(method, url) === undefined;
  });

describe('the /api/Ops routes and the permissions table', () => {
  it('every registered /api/Ops route has its row', () => {
    const routes = opsRoutes();
    expect(routes).toContain(`POST ${opsPaths.logIn}`);
    expect(withoutRow(routes), 'routes without a row in opsPermissions (src/contract/ops.ts)').toEqual([]);
    // The check itself: a route the table does not know is found (and is 403 for every role, see below).
    expect(withoutRow([...routes, 'POST /api/Ops/SomethingNew', 'PUT /api/Ops/Users'])).toEqual([
      'POST /api/Ops/SomethingNew',
      'PUT /api/Ops/Users',
    ]);
  });

  it('the auditor may read, never change: no row gives it a write but LogOut', () => {
    const writes = Object.entries(opsPermissions)
      .filter(([route, roles]) => !route.startsWith('GET ') && roles !== 'public')
      .filter(([, roles]) => (roles as readonly StaffRole[]).includes('auditor'))
      .map(([route]) => route);
    expect(writes).toEqual([`POST ${opsPaths.logOut}`]);
  });

  it('no token and a user token are 401 on every route but LogIn', async () => {
    for (const route of opsRoutes()) {
      if (opsPermissions[route as OpsRoute] === 'public') continue;
      expectRefusal(await call(route), 401, 'auth.required');
      expectRefusal(await call(route, userToken), 401, 'auth.required');
    }
  });

  it.each(STAFF_ROLES)('%s: 403 where its role has no right, through the door where it has', async (role) => {
    const token = staffTokens.get(role) ?? '';
    for (const route of opsRoutes()) {
      const allowed = opsPermissions[route as OpsRoute];
      const response = await call(route, token);
      if (allowed !== 'public' && !(allowed as readonly StaffRole[]).includes(role)) {
        expectRefusal(response, 403, 'auth.forbidden');
      } else {
        expect([401, 403], `${role} ${route}: ${response.body}`).not.toContain(response.statusCode);
      }
    }
  });
});
