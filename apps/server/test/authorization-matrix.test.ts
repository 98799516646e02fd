import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '@partner-portal/shared/api-key-rules';
import { hasPermission, type Permission } from '@partner-portal/shared/permissions';
import { eq } from 'drizzle-orm';
import { accountUsers, apiKeys, invites, sessions } from '../src/db/schema/index';
import { createInvite } from '../src/features/team/invite.service';
import { listRouteAccess, type RouteAccess } from '../src/lib/auth-guard';
import { newApiKey } from '../src/lib/api-key-secret';
import { createSessionToken } from '../src/lib/session-token';
import { createAccount, createUser, uniqueEmail } from './factories';
import { enableTwoFactor, randomIp, xsrfHeaders } from './identity-helpers';
import { createTestConfig } from './test-config';
import { useTestApp } from './use-test-app';

/**
 * docs/security.md#authorization-and-tenants: every registered API route × every role, with
 * the status each must get. The table below is written from docs/product.md#roles-and-permissions, docs/product.md#api-calls, not read from the
 * routes, and each row's access is compared with what the route declares, so a route added
 * without a row, or a route whose access drifts, fails here.
 *
 * Each probe is a request the guard must judge but the handler cannot act on (an empty or
 * malformed body, an unknown id), so a cell's status says who got through the guard and nothing
 * changes between cells; every cell gets a fresh session.
 */
const ROLES = [
  'anonymous',
  'advertiser',
  'user',
  'developer',
  'admin',
  'owner',
  'master',
  'other_account',
] as const;
type Role = (typeof ROLES)[number];

interface Row {
  access: RouteAccess;
  /** The API-key scope that opens the route; absent: keys are refused. */
  scope?: ApiKeyScope;
  /** The URL to call when it differs from the route's (path parameters filled in). */
  url?: string;
  payload?: unknown;
  /** What a caller who passes the guard gets for this probe. */
  passed: number;
  /** Where a role that passes the guard still gets something else (rules beyond docs/product.md#roles-and-permissions). */
  byRole?: Partial<Record<Role, number>>;
  /** For the member of another account: the same call aimed at the first account's own rows. */
  crossAccountUrl?: (target: CrossAccountTarget) => string;
}

interface CrossAccountTarget {
  userId: string;
  inviteId: string;
}

const UNKNOWN_ID = randomUUID();
const MASTER = { permission: 'master' } as const;

const TABLE: Record<string, Row> = {
  'GET /api/health': { access: 'public', passed: 200 },
  'GET /api/ready': { access: 'public', passed: 200 },
  'GET /api/auth/providers': { access: 'public', passed: 200 },
  'POST /api/auth': { access: 'public', payload: {}, passed: 400 },
  'GET /api/auth': { access: 'authenticated', passed: 200 },
  'DELETE /api/auth': { access: 'authenticated', passed: 200 },
  'POST /api/auth/switch': { access: 'authenticated', payload: {}, passed: 400 },
  'POST /api/auth/magic': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/magic/verify': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/password/reset/request': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/password/reset': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/otp': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/impersonate': { access: 'public', payload: {}, passed: 400 },

  'POST /api/account': { access: 'public', payload: {}, passed: 400 },
  'GET /api/account': { access: { permission: 'user' }, scope: 'account.read', passed: 200 },
  'GET /api/account/plan/preview': {
    access: { permission: 'owner' },
    url: '/api/account/plan/preview?plan=free_core',
    passed: 200,
  },
  'GET /api/account/plans': { access: { permission: 'user' }, scope: 'account.read', passed: 200 },
  // The Welcome checklist is a person's: a session's only, never a key's.
  'GET /api/account/checklist': { access: { permission: 'user' }, passed: 200 },
  'POST /api/account/checklist/dismiss': { access: { permission: 'user' }, passed: 200 },
  'POST /api/account/plan': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  'GET /api/account/users': { access: { permission: 'admin' }, scope: 'user.read', passed: 200 },
  'GET /api/account/users/advertisers': {
    access: { permission: 'admin' },
    scope: 'user.read',
    passed: 200,
  },
  'GET /api/account/security': { access: { permission: 'owner' }, passed: 200 },
  // An empty body is refused by the schema: nothing changes.
  'PATCH /api/account/security': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  // Single sign-on: the probed account is on Plus, so what needs Pro answers 402 past the guard.
  'GET /api/account/sso': { access: { permission: 'owner' }, passed: 402 },
  'PUT /api/account/sso': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  'DELETE /api/account/sso': { access: { permission: 'owner' }, passed: 404 },
  'POST /api/account/sso/domains': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  // The matrix's account is not on Pro.
  'POST /api/account/sso/scim-token': { access: { permission: 'owner' }, passed: 402 },
  'DELETE /api/account/sso/scim-token': { access: { permission: 'owner' }, passed: 404 },
  'PUT /api/account/sso/scim-groups': {
    access: { permission: 'owner' },
    payload: { mappings: [] },
    passed: 402,
  },
  'POST /api/account/sso/domains/:domain/verify': {
    access: { permission: 'owner' },
    url: '/api/account/sso/domains/unknown.example/verify',
    passed: 402,
  },
  'DELETE /api/account/sso/domains/:domain': {
    access: { permission: 'owner' },
    url: '/api/account/sso/domains/unknown.example',
    passed: 404,
  },
  'POST /api/auth/sso': { access: 'public', payload: {}, passed: 400 },
  'POST /api/auth/sso/token': { access: 'public', payload: {}, passed: 400 },
  // Without the browser's flow cookie the callback sends it to the failure page.
  'GET /api/sso/oidc/callback': { access: 'public', passed: 302 },
  'GET /api/sso/saml/:account_id/metadata': {
    access: 'public',
    url: `/api/sso/saml/${UNKNOWN_ID}/metadata`,
    passed: 404,
  },
  // The IdP's form post: without a SAMLResponse there is nothing to check.
  'POST /api/sso/saml/:account_id/acs': {
    access: 'public',
    url: `/api/sso/saml/${UNKNOWN_ID}/acs`,
    payload: {},
    passed: 400,
  },
  // Report files: a JSON body is not a CSV file, so nothing loads.
  'GET /api/account/data/imports': {
    access: { permission: 'admin' },
    scope: 'report.import',
    passed: 200,
  },
  'POST /api/account/data/imports': {
    access: { permission: 'admin' },
    scope: 'report.import',
    payload: {},
    passed: 400,
  },
  // An upload followed and cancelled: an unknown job is not found; a JSON body is no file.
  'POST /api/account/data/imports/jobs': {
    access: { permission: 'admin' },
    scope: 'report.import',
    payload: {},
    passed: 400,
  },
  'GET /api/account/data/imports/jobs/:id': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/account/data/imports/jobs/${UNKNOWN_ID}`,
    passed: 404,
  },
  'DELETE /api/account/data/imports/jobs/:id': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/account/data/imports/jobs/${UNKNOWN_ID}`,
    passed: 404,
  },
  'PUT /api/account/data/imports/jobs/:id/file': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/account/data/imports/jobs/${UNKNOWN_ID}/file`,
    payload: {},
    passed: 400,
  },
  // Paying: the upgrade screen needs admin, the billing screen the owner (docs/product.md#roles-and-permissions).
  'POST /api/account/upgrade': { access: { permission: 'admin' }, payload: {}, passed: 400 },
  'GET /api/account/billing': { access: { permission: 'owner' }, passed: 200 },
  'GET /api/account/billing/invoices': { access: { permission: 'owner' }, passed: 200 },
  'GET /api/account/billing/invoices/:id': {
    access: { permission: 'owner' },
    url: '/api/account/billing/invoices/in_local_unknown',
    passed: 404,
  },
  'GET /api/account/billing/invoices/:id/pdf': {
    access: { permission: 'owner' },
    url: '/api/account/billing/invoices/in_local_unknown/pdf',
    passed: 404,
  },
  'PUT /api/account/billing/card': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  // The built-in card processor's own API: whoever may pay.
  // Stripe's callback: no session, only its signature; without Stripe configured, 404.
  'POST /api/webhook/stripe': { access: 'public', payload: {}, passed: 404 },
  'POST /api/billing/local/cards': { access: { permission: 'admin' }, payload: {}, passed: 400 },
  'POST /api/billing/local/authenticate': {
    access: { permission: 'admin' },
    payload: {},
    passed: 400,
  },
  // The password is missing, so nothing closes.
  'DELETE /api/account': { access: { permission: 'owner' }, payload: {}, passed: 400 },

  'GET /api/user': { access: 'authenticated', passed: 200 },
  'PATCH /api/user': { access: 'authenticated', scope: 'user.update', payload: {}, passed: 400 },
  // The owner closes the account instead; the others are missing their password.
  'DELETE /api/user': {
    access: 'authenticated',
    payload: {},
    passed: 400,
    byRole: { owner: 409, master: 409, other_account: 409 },
  },
  'POST /api/user': { access: 'public', payload: {}, passed: 400 },
  'GET /api/user/permissions': { access: 'authenticated', passed: 200 },
  'DELETE /api/user/:id': {
    access: { permission: 'admin' },
    scope: 'user.delete',
    url: `/api/user/${UNKNOWN_ID}`,
    passed: 404,
    crossAccountUrl: (target) => `/api/user/${target.userId}`,
  },
  'PUT /api/user/password': { access: 'authenticated', payload: {}, passed: 400 },
  // Every probing member is verified already.
  'POST /api/user/verify/request': { access: 'authenticated', passed: 409 },
  'POST /api/user/email/revert': { access: 'public', payload: {}, passed: 400 },
  'POST /api/user/verify': { access: 'public', payload: {}, passed: 400 },
  'PUT /api/user/2fa': { access: 'authenticated', payload: {}, passed: 400 },
  'POST /api/user/2fa/verify': { access: 'authenticated', payload: {}, passed: 400 },

  'POST /api/invite': {
    access: { permission: 'admin' },
    scope: 'invite.create',
    payload: {},
    passed: 400,
  },
  'DELETE /api/invite/:id': {
    access: { permission: 'admin' },
    scope: 'invite.delete',
    url: `/api/invite/${UNKNOWN_ID}`,
    passed: 404,
    crossAccountUrl: (target) => `/api/invite/${target.inviteId}`,
  },

  // API keys: made and managed by the developer permission (the owner holds it), never by a key.
  'GET /api/key/scopes': { access: { permission: 'developer' }, passed: 200 },
  'GET /api/key': { access: { permission: 'developer' }, passed: 200 },
  'POST /api/key': { access: { permission: 'developer' }, payload: {}, passed: 400 },
  'PATCH /api/key/:id': {
    access: { permission: 'developer' },
    url: `/api/key/${UNKNOWN_ID}`,
    payload: { name: 'x' },
    passed: 404,
  },
  'POST /api/key/:id/roll': {
    access: { permission: 'developer' },
    url: `/api/key/${UNKNOWN_ID}/roll`,
    payload: { overlap: '0' },
    passed: 404,
  },
  'DELETE /api/key/:id': {
    access: { permission: 'developer' },
    url: `/api/key/${UNKNOWN_ID}`,
    passed: 404,
  },

  // Outbound webhooks: the developer permission (the owner holds it) and keys with
  // webhook.manage, on Plus and above (the matrix's account is; the other account, on Core, gets 402).
  'GET /api/webhooks': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    passed: 200,
    byRole: { other_account: 402 },
  },
  'POST /api/webhooks': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    payload: {},
    passed: 400,
  },
  'PATCH /api/webhooks/:id': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}`,
    payload: {},
    passed: 400,
  },
  'DELETE /api/webhooks/:id': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}`,
    passed: 404,
    byRole: { other_account: 402 },
  },
  'POST /api/webhooks/:id/rotate-secret': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}/rotate-secret`,
    passed: 404,
    byRole: { other_account: 402 },
  },
  'POST /api/webhooks/:id/test': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}/test`,
    passed: 404,
    byRole: { other_account: 402 },
  },
  'GET /api/webhooks/:id/deliveries': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}/deliveries`,
    passed: 404,
    byRole: { other_account: 402 },
  },
  'POST /api/webhooks/:id/deliveries/:delivery_id/retry': {
    access: { permission: 'developer' },
    scope: 'webhook.manage',
    url: `/api/webhooks/${UNKNOWN_ID}/deliveries/${UNKNOWN_ID}/retry`,
    passed: 404,
    byRole: { other_account: 402 },
  },

  // Metric alerts: every member's own, on Plus and above; no key scope (an alert is a person's).
  // The matrix's advertiser has no Plus turned on, and the operator's membership is not one
  // that sees Plus data: both are told 402, as the other account on Core is.
  'GET /api/alerts': {
    access: { permission: 'user' },
    passed: 200,
    byRole: { other_account: 402, advertiser: 402, master: 402 },
  },
  'POST /api/alerts': { access: { permission: 'user' }, payload: {}, passed: 400 },
  'PATCH /api/alerts/:id': {
    access: { permission: 'user' },
    url: `/api/alerts/${UNKNOWN_ID}`,
    payload: {},
    passed: 400,
  },
  'DELETE /api/alerts/:id': {
    access: { permission: 'user' },
    url: `/api/alerts/${UNKNOWN_ID}`,
    passed: 404,
    byRole: { other_account: 402, advertiser: 402, master: 402 },
  },
  'GET /api/alerts/:id/history': {
    access: { permission: 'user' },
    url: `/api/alerts/${UNKNOWN_ID}/history`,
    passed: 404,
    byRole: { other_account: 402, advertiser: 402, master: 402 },
  },

  // The audit log: owners and admins, and keys with audit.read.
  'GET /api/audit': { access: { permission: 'admin' }, scope: 'audit.read', passed: 200 },
  'GET /api/audit.csv': { access: { permission: 'admin' }, scope: 'audit.read', passed: 200 },
  'GET /api/audit.json': { access: { permission: 'admin' }, scope: 'audit.read', passed: 200 },

  // The operator console: masters only (the matrix's master has 2FA on and has stepped up, so
  // each cell shows the guard's answer, not the console's own checks).
  'GET /api/master/session': { access: MASTER, passed: 200 },
  'POST /api/master/step-up': { access: MASTER, payload: {}, passed: 400 },
  'GET /api/master/overview': { access: MASTER, passed: 200 },
  'GET /api/master/accounts': { access: MASTER, passed: 200 },
  'GET /api/master/accounts/:id': {
    access: MASTER,
    url: `/api/master/accounts/${UNKNOWN_ID}`,
    passed: 404,
  },
  'POST /api/master/accounts/:id/plan': {
    access: MASTER,
    url: `/api/master/accounts/${UNKNOWN_ID}/plan`,
    payload: {},
    passed: 400,
  },
  'POST /api/master/accounts/:id/cancel': {
    access: MASTER,
    url: `/api/master/accounts/${UNKNOWN_ID}/cancel`,
    passed: 404,
  },
  'POST /api/master/accounts/:id/disable': {
    access: MASTER,
    url: `/api/master/accounts/${UNKNOWN_ID}/disable`,
    passed: 404,
  },
  'POST /api/master/accounts/:id/enable': {
    access: MASTER,
    url: `/api/master/accounts/${UNKNOWN_ID}/enable`,
    passed: 404,
  },
  'GET /api/master/users': { access: MASTER, passed: 200 },
  'GET /api/master/users/:id': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}`,
    passed: 404,
  },
  'DELETE /api/master/users/:id/sessions/:sessionId': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}`,
    passed: 404,
  },
  'POST /api/master/users/:id/verification': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/verification`,
    passed: 404,
  },
  'POST /api/master/users/:id/disable': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/disable`,
    passed: 404,
  },
  'POST /api/master/users/:id/enable': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/enable`,
    passed: 404,
  },
  'POST /api/master/users/:id/reset-2fa': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/reset-2fa`,
    passed: 404,
  },
  'POST /api/master/users/:id/impersonate': {
    access: MASTER,
    url: `/api/master/users/${UNKNOWN_ID}/impersonate`,
    payload: {},
    passed: 400,
  },
  'GET /api/master/feedback': { access: MASTER, passed: 200 },
  'PATCH /api/master/feedback/:id': {
    access: MASTER,
    url: `/api/master/feedback/${UNKNOWN_ID}`,
    payload: {},
    passed: 400,
  },
  'GET /api/master/events': { access: MASTER, passed: 200 },

  'GET /api/notification': { access: 'authenticated', passed: 200 },
  'PATCH /api/notification': { access: 'authenticated', payload: {}, passed: 400 },
  'GET /api/digest/preview': { access: 'authenticated', passed: 200 },
  // Signed by its token, not by a session: a made-up one is refused for what it is.
  'POST /api/digest/unsubscribe': {
    access: 'public',
    url: '/api/digest/unsubscribe?token=made-up',
    passed: 400,
  },
  // Insights: no workbook, an empty body; the plans' own cells are in insights-plan-matrix.test.ts.
  'GET /api/insights': { access: { permission: 'user' }, passed: 400 },
  'POST /api/insights/:id/feedback': {
    access: { permission: 'user' },
    url: '/api/insights/made-up/feedback',
    payload: {},
    passed: 400,
  },
  'PATCH /api/insights/settings': { access: { permission: 'owner' }, payload: {}, passed: 400 },
  'POST /api/event': { access: 'authenticated', scope: 'event.create', payload: {}, passed: 400 },
  'POST /api/feedback': { access: 'authenticated', payload: {}, passed: 400 },
  'POST /api/utility/mail': { access: 'authenticated', payload: {}, passed: 400 },

  // Report data for integrations: no query, so nothing is read.
  'GET /api/reports': { access: { permission: 'user' }, scope: 'report.read', passed: 400 },
  'GET /api/reports.csv': { access: { permission: 'user' }, scope: 'report.export', passed: 400 },
  'POST /api/reports/import': {
    access: { permission: 'admin' },
    scope: 'report.import',
    payload: {},
    passed: 400,
  },
  // An upload followed and cancelled: an unknown job is not found; a JSON body is no file.
  'POST /api/reports/import/jobs': {
    access: { permission: 'admin' },
    scope: 'report.import',
    payload: {},
    passed: 400,
  },
  'GET /api/reports/import/jobs/:id': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/reports/import/jobs/${UNKNOWN_ID}`,
    passed: 404,
  },
  'DELETE /api/reports/import/jobs/:id': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/reports/import/jobs/${UNKNOWN_ID}`,
    passed: 404,
  },
  'PUT /api/reports/import/jobs/:id/file': {
    access: { permission: 'admin' },
    scope: 'report.import',
    url: `/api/reports/import/jobs/${UNKNOWN_ID}/file`,
    payload: {},
    passed: 400,
  },
  'GET /api/sigma/workbook': {
    access: { permission: 'user' },
    scope: 'workbook.read',
    passed: 200,
  },
  'POST /api/sigma/workbook/embed': { access: { permission: 'user' }, payload: {}, passed: 400 },
  'POST /api/embed/session': { access: 'public', payload: {}, passed: 400 },
  // The built-in workbook's data takes an embed session, never a user's bearer token.
  'GET /api/embed/kpis': { access: 'embed', passed: 401 },
  'GET /api/embed/trend': { access: 'embed', passed: 401 },
  'GET /api/embed/breakdown': { access: 'embed', passed: 401 },
  'GET /api/embed/breakdown.csv': { access: 'embed', passed: 401 },
};

/** What `role` must get from `row`, from the docs/product.md#roles-and-permissions matrix and the row's own rules. */
function expectedStatus(row: Row, role: Role): number {
  const { access } = row;
  if (access === 'public' || access === 'embed') return row.byRole?.[role] ?? row.passed;
  if (role === 'anonymous') return 401;
  // The member of another account is that account's owner: every permission but master.
  const permission: Permission = role === 'other_account' ? 'owner' : role;
  if (access !== 'authenticated' && !hasPermission(permission, access.permission)) return 403;
  return row.byRole?.[role] ?? row.passed;
}

const handle = useTestApp();
const secret = createTestConfig().sessionSecret;
const members = new Map<Exclude<Role, 'anonymous'>, { userId: string; accountId: string }>();
let target: CrossAccountTarget;

beforeAll(async () => {
  const db = handle.database.db;
  const account = await createAccount(db, { plan: 'free_plus' });
  for (const permission of ['advertiser', 'user', 'developer', 'admin', 'owner'] as const) {
    const { user } = await createUser(db, { account, permission });
    members.set(permission, { userId: user.id, accountId: account.id });
  }
  const master = await createUser(db, { permission: 'master' });
  await enableTwoFactor(db, master.user.id);
  members.set('master', { userId: master.user.id, accountId: master.account.id });
  const other = await createUser(db, { permission: 'owner' });
  members.set('other_account', { userId: other.user.id, accountId: other.account.id });
  const invite = await createInvite(db, { accountId: account.id, email: uniqueEmail('invitee') });
  target = { userId: members.get('user')?.userId ?? '', inviteId: invite.id };
});

async function call(key: string, row: Row, role: Role) {
  const [method, path] = key.split(' ') as [string, string];
  const headers: Record<string, string> = { ...xsrfHeaders };
  if (role !== 'anonymous') {
    const member = members.get(role);
    if (!member) throw new Error(`no member for ${role}`);
    const { token, sessionId } = await createSessionToken(handle.database.db, secret, member);
    // The operator console's sensitive actions open for ten minutes after a code.
    if (role === 'master') {
      await handle.database.db
        .update(sessions)
        .set({ steppedUpAt: new Date() })
        .where(eq(sessions.id, sessionId));
    }
    headers.authorization = `Bearer ${token}`;
  }
  return handle.app.inject({
    method: method as 'GET',
    url: (role === 'other_account' ? row.crossAccountUrl?.(target) : undefined) ?? row.url ?? path,
    headers,
    remoteAddress: randomIp(),
    ...(row.payload !== undefined ? { payload: row.payload as object } : {}),
  });
}

describe('authorization matrix: every API route × every role', () => {
  it('has a row for every registered route, with the access the route declares', () => {
    const registered = listRouteAccess(handle.app);
    const keys = registered.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !(key in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((key) => !keys.includes(key))).toEqual([]);
    for (const route of registered) {
      const row = TABLE[`${route.method} ${route.url}`];
      expect([route.method, route.url, route.access, route.scope]).toEqual([
        route.method,
        route.url,
        row?.access,
        row?.scope ?? null,
      ]);
    }
  });

  it(`answers each of the ${Object.keys(TABLE).length * ROLES.length} cells as expected`, async () => {
    const cells: string[] = [];
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      for (const role of ROLES) {
        const expected = expectedStatus(row, role);
        const answer = await call(key, row, role);
        cells.push(`${key} ${role}`);
        if (answer.statusCode !== expected) {
          wrong.push(`${key} as ${role}: ${answer.statusCode}, expected ${expected}`);
        }
        // Every refusal explains itself.
        if (answer.statusCode >= 400) {
          expect(typeof answer.json<{ message?: unknown }>().message).toBe('string');
        }
      }
    }
    console.info(`authorization matrix: ${cells.length} cells`);
    expect(wrong).toEqual([]);
  });

  it("left the first account's member and invite alone after the other account's probes", async () => {
    const db = handle.database.db;
    const [membership] = await db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.userId, target.userId));
    expect(membership).toBeDefined();
    const [invite] = await db.select().from(invites).where(eq(invites.id, target.inviteId));
    expect(invite).toBeDefined();
  });
});

/*
 * The key column (docs/security.md#api-keys): every route × a key holding each one scope, made by
 * the owner (who may grant them all); a key made by a developer since demoted; and the other
 * account's owner's keys aimed at this account's rows. A public or embed route ignores a key.
 */
describe('authorization matrix: every API route × every API-key scope', () => {
  const keys = new Map<ApiKeyScope, string>();
  const otherKeys = new Map<ApiKeyScope, string>();
  let demotedKey = '';

  async function insertKey(member: { userId: string; accountId: string }, scopes: ApiKeyScope[]) {
    const secret = newApiKey('test');
    await handle.database.db.insert(apiKeys).values({
      accountId: member.accountId,
      createdBy: member.userId,
      name: scopes.join(' '),
      secretHash: secret.hash,
      stub: secret.stub,
      scopes,
    });
    return secret.key;
  }

  beforeAll(async () => {
    const owner = members.get('owner')!;
    const other = members.get('other_account')!;
    for (const scope of API_KEY_SCOPES) {
      keys.set(scope, await insertKey(owner, [scope]));
      otherKeys.set(scope, await insertKey(other, [scope]));
    }
    // A developer's key, its creator then demoted to user.
    const db = handle.database.db;
    const developer = await createUser(db, {
      account: { id: owner.accountId } as never,
      permission: 'developer',
    });
    demotedKey = await insertKey({ userId: developer.user.id, accountId: owner.accountId }, [
      'workbook.read',
      'account.read',
    ]);
    await db
      .update(accountUsers)
      .set({ permission: 'user' })
      .where(eq(accountUsers.userId, developer.user.id));
  });

  const withKey = (key: string, path: string, row: Row, url?: string) => {
    const [method, routePath] = path.split(' ') as [string, string];
    return handle.app.inject({
      method: method as 'GET',
      url: url ?? row.url ?? routePath,
      headers: { authorization: `Bearer ${key}` },
      remoteAddress: randomIp(),
      ...(row.payload !== undefined ? { payload: row.payload as object } : {}),
    });
  };

  const guarded = (row: Row) => row.access !== 'public' && row.access !== 'embed';

  it(`answers each of the ${Object.keys(TABLE).length * (API_KEY_SCOPES.length + 1)} key cells as expected`, async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const [path, row] of Object.entries(TABLE)) {
      for (const scope of API_KEY_SCOPES) {
        const expected = !guarded(row)
          ? row.passed
          : row.scope === scope
            ? (row.byRole?.owner ?? row.passed)
            : 403;
        const answer = await withKey(keys.get(scope)!, path, row);
        cells += 1;
        if (answer.statusCode !== expected) {
          wrong.push(`${path} with a ${scope} key: ${answer.statusCode}, expected ${expected}`);
        }
        if (guarded(row) && expected === 403) {
          const message = answer.json<{ message: string }>().message;
          if (row.scope && !message.includes(row.scope)) {
            wrong.push(`${path} with a ${scope} key: the refusal does not name ${row.scope}`);
          }
        }
      }
      const demoted = await withKey(demotedKey, path, row);
      cells += 1;
      const expected = guarded(row) ? 403 : row.passed;
      if (demoted.statusCode !== expected) {
        wrong.push(
          `${path} with a demoted creator's key: ${demoted.statusCode}, expected ${expected}`,
        );
      }
    }
    console.info(`authorization matrix: ${cells} key cells`);
    expect(wrong).toEqual([]);
  });

  it("refuses the other account's keys on this account's rows", async () => {
    const wrong: string[] = [];
    for (const [path, row] of Object.entries(TABLE)) {
      if (!row.crossAccountUrl || !row.scope) continue;
      const answer = await withKey(
        otherKeys.get(row.scope)!,
        path,
        row,
        row.crossAccountUrl(target),
      );
      if (answer.statusCode !== row.passed) {
        wrong.push(`${path} with the other account's ${row.scope} key: ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    const [membership] = await handle.database.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.userId, target.userId));
    expect(membership).toBeDefined();
  });
});
