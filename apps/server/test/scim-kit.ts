import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUsers, ssoDomains } from '../src/db/schema/index';
import { createAccount } from './factories';
import { bearer, randomIp, signedInUser, xsrfHeaders } from './identity-helpers';
import type { TestAppHandle } from './use-test-app';

export const SCIM_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let counter = 0;

/** What SCIM tests share: an account an IdP provisions, calls with its token, memberships. */
export function scimKit(env: TestAppHandle) {
  const db = () => env.database.db;

  /** A Pro account with a verified domain, its owner, and a SCIM token made on the screen's route. */
  async function provisionedAccount() {
    const account = await createAccount(db(), { plan: 'free_pro' });
    const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
    const domain = `scim-${Date.now().toString(36)}-${counter++}.example`;
    await db()
      .insert(ssoDomains)
      .values({ accountId: account.id, domain, token: 'proved', verifiedAt: new Date() });
    const made = await env.app.inject({
      method: 'POST',
      url: '/api/account/sso/scim-token',
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token, scim } = made.json().data;
    expect(scim.base_url).toMatch(/\/scim\/v2$/);
    expect(scim.credential.stub).toBe(`${token.slice(0, 12)}…${token.slice(-4)}`);
    return { account, owner, domain, token: token as string };
  }

  function scim(token: string, method: string, url: string, payload?: object) {
    return env.app.inject({
      method: method as 'GET',
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': SCIM_TYPE } : {}),
      },
      remoteAddress: randomIp(),
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  }

  const membership = async (accountId: string, userId: string) =>
    (
      await db()
        .select()
        .from(accountUsers)
        .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    )[0];

  return { provisionedAccount, scim, membership };
}
