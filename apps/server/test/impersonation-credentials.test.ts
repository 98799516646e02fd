import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { mintImpersonationToken } from '../src/features/auth/impersonation.service';
import { listRouteAccess } from '../src/lib/auth-guard';
import { createUser, supportAllowed } from './factories';
import { bearer, enableTwoFactor, PASSWORD, randomIp, xsrfHeaders } from './identity-helpers';
import { useTestApp } from './use-test-app';

/**
 * docs/security.md "Impersonation changes no credential": a support session may look and help,
 * but every route that changes how the user signs in answers 403 with a clear message, and the
 * user's record is left as it was.
 */
const env = useTestApp();
const db = () => env.database.db;

/** Every credential route, with a request that would succeed for the user themself. */
const CREDENTIAL_ROUTES: Record<string, Record<string, unknown>> = {
  'PUT /api/user/password': { oldpassword: PASSWORD, newpassword: 'Another-horse-2!' },
  'PUT /api/user/2fa': { '2fa_enabled': true },
  'POST /api/user/2fa/verify': { code: '123456' },
  'DELETE /api/account': { password: PASSWORD },
  'DELETE /api/user': { password: PASSWORD },
  // The card, and paying with one (docs/billing.md).
  'POST /api/account/upgrade': { plan: 'free_plus', token: 'pm_local_any' },
  'PUT /api/account/billing/card': { token: 'pm_local_any' },
  'POST /api/billing/local/cards': {
    number: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
    name: 'Ada',
  },
  'POST /api/billing/local/authenticate': { client_secret: 'pi_secret', outcome: 'complete' },
  // API keys act as the user: a support session neither sees nor makes nor changes them.
  'GET /api/key/scopes': {},
  'GET /api/key': {},
  'POST /api/key': { name: 'Backdoor', scope: ['user.read'] },
  'PATCH /api/key/:id': { name: 'Renamed' },
  'POST /api/key/:id/roll': { overlap: '0' },
  'DELETE /api/key/:id': {},
  // Webhooks: a signing secret could forge events to the partner's systems, and a new URL would
  // send their events elsewhere.
  'GET /api/webhooks': {},
  'POST /api/webhooks': { url: 'https://support.example/in', events: ['member.joined'] },
  'PATCH /api/webhooks/:id': { url: 'https://support.example/in' },
  'DELETE /api/webhooks/:id': {},
  'POST /api/webhooks/:id/rotate-secret': {},
  'POST /api/webhooks/:id/test': {},
  'GET /api/webhooks/:id/deliveries': {},
  'POST /api/webhooks/:id/deliveries/:delivery_id/retry': {},
  // Whether every member must use 2FA decides how everyone signs in.
  'PATCH /api/account/security': { require_2fa: false },
  // So does which identity provider signs the account's people in, and for which domains.
  'PUT /api/account/sso': {
    protocol: 'oidc',
    oidc: { issuer: 'https://idp.example.test', client_id: 'portal', client_secret: 'secret' },
    default_permission: 'user',
  },
  'DELETE /api/account/sso': {},
  'POST /api/account/sso/domains': { domain: 'support.example' },
  'POST /api/account/sso/domains/:domain/verify': {},
  'DELETE /api/account/sso/domains/:domain': {},
  // And the token an IdP provisions people with.
  'POST /api/account/sso/scim-token': {},
  'DELETE /api/account/sso/scim-token': {},
  'PUT /api/account/sso/scim-groups': { mappings: [] },
};

async function impersonatedOwner() {
  const { user: master } = await createUser(db(), { permission: 'master' });
  await enableTwoFactor(db(), master.id);
  const { user, account } = await createUser(db(), { permission: 'owner', password: PASSWORD });
  const support = supportAllowed();
  await db().update(users).set(support).where(eq(users.id, user.id));
  const { token } = await mintImpersonationToken(db(), {
    masterEmail: master.email,
    targetEmail: user.email,
    reason: 'Checking what a support session may change',
  });
  const session = await env.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { token },
  });
  return { user: { ...user, ...support }, account, token: session.json().data.token as string };
}

const call = (route: string, token: string, payload: Record<string, unknown>) => {
  const [method, url] = route.split(' ') as ['PUT' | 'GET', string];
  return env.app.inject({
    method,
    url: url
      .replace(':id', '00000000-0000-4000-8000-000000000000')
      .replace(':domain', 'support.example'),
    headers: bearer(token),
    remoteAddress: randomIp(),
    ...(method === 'GET' ? {} : { payload }),
  });
};

describe('an impersonation session', () => {
  it('is refused by exactly the routes declared as changing credentials', () => {
    const declared = listRouteAccess(env.app)
      .filter((route) => route.credentials)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(declared).toEqual(Object.keys(CREDENTIAL_ROUTES).sort());
  });

  it.each(Object.entries(CREDENTIAL_ROUTES))(
    'cannot call %s, and the user is unchanged',
    async (route, payload) => {
      const { user, token } = await impersonatedOwner();
      const answer = await call(route, token, payload);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toMatch(/Support staff/);
      const [after] = await db().select().from(users).where(eq(users.id, user.id));
      expect(after).toEqual(user);
    },
  );

  it('cannot change the e-mail, but may fix a name', async () => {
    const { user, token } = await impersonatedOwner();
    const email = await call('PATCH /api/user', token, {
      email: 'taken-over@example.test',
      first_name: 'Mallory',
    });
    expect(email.statusCode).toBe(403);
    const [unchanged] = await db().select().from(users).where(eq(users.id, user.id));
    expect(unchanged).toMatchObject({ email: user.email, firstName: user.firstName });

    const name = await call('PATCH /api/user', token, { first_name: 'Helped' });
    expect(name.statusCode).toBe(200);
    expect(name.json().data.first_name).toBe('Helped');
  });
});
