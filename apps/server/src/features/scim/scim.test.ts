import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, auditEvents } from '../../db/schema/index';
import { createAccount } from '../../../test/factories';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { PATCH_SCHEMA, scimKit, SCIM_TYPE, USER_SCHEMA } from '../../../test/scim-kit';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/product.md#scim-provisioning: an account's IdP provisions its people with the account's
 * SCIM token, replayed here with the bodies Okta's and Microsoft Entra ID's SCIM documentation
 * show, in the order they send them.
 */
const env = useTestApp();
const db = () => env.database.db;
const { provisionedAccount, scim, membership } = scimKit(env);
const SCIM = SCIM_TYPE;

describe('Okta’s sequence', () => {
  it('looks up, creates, reads, updates, deactivates and reactivates a person', async () => {
    const { account, domain, token } = await provisionedAccount();
    const email = `test.user@${domain}`;

    const lookup = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.headers['content-type']).toContain(SCIM);
    expect(lookup.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      Resources: [],
    });

    const created = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      userName: email,
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User' },
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(user.meta.location).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));
    expect((await membership(account.id, user.id))?.permission).toBe('user');

    const again = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      active: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });

    const found = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`,
    );
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    expect((await scim(token, 'GET', `/Users/${user.id}`)).json().userName).toBe(email);

    const replaced = await scim(token, 'PUT', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: user.id,
      userName: email,
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Another User',
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().name.givenName).toBe('Another');

    const deactivated = await scim(token, 'PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json().active).toBe(false);
    expect(await membership(account.id, user.id)).toBeUndefined();

    const reactivated = await scim(token, 'PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(reactivated.json().active).toBe(true);
    expect((await membership(account.id, user.id))?.permission).toBe('user');

    const audit = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.accountId, account.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'sso.scim_token_created',
        'scim.user_provisioned',
        'scim.user_updated',
        'scim.user_deactivated',
        'scim.user_reactivated',
      ]),
    );
  });
});

describe('Microsoft Entra ID’s sequence', () => {
  it('creates, patches the way Entra does, deletes, then finds nothing', async () => {
    const { account, domain, token } = await provisionedAccount();
    const upn = `Test_User_ab6490ee@${domain}`;
    const lookup = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${upn}"`)}`,
    );
    expect(lookup.json().totalResults).toBe(0);

    const created = await scim(token, 'POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: upn,
      active: true,
      emails: [{ primary: true, type: 'work', value: upn }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const renamed = await scim(token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Grace' },
        { op: 'Add', path: 'name.familyName', value: 'Hopper' },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toMatchObject({ givenName: 'Grace', familyName: 'Hopper' });

    // Entra ID sends booleans as the strings "True" and "False" (its known quirk).
    const disabled = await scim(token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().active).toBe(false);
    expect(await membership(account.id, id)).toBeUndefined();

    const moved = await scim(token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `moved@${domain}` },
      ],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().scimType).toBe('mutability');

    const deleted = await scim(token, 'DELETE', `/Users/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await scim(token, 'GET', `/Users/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
    });
  });
});

describe('deactivation', () => {
  it('ends the person’s sessions in the account at once, and reactivation needs no invite', async () => {
    const { account, domain, token } = await provisionedAccount();
    const member = await signedInUser(env.app, db(), {
      email: `kept@${domain}`,
      account,
      permission: 'developer',
    });
    const provisioned = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: member.user.email,
      active: true,
    });
    expect(provisioned.statusCode, provisioned.body).toBe(201);
    // Linked, not duplicated, and the permission they had is kept.
    expect(provisioned.json().id).toBe(member.user.id);
    expect((await membership(account.id, member.user.id))?.permission).toBe('developer');
    const before = await env.app.inject({ url: '/api/user', headers: bearer(member.token) });
    expect(before.statusCode).toBe(200);

    await scim(token, 'PATCH', `/Users/${member.user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const after = await env.app.inject({ url: '/api/user', headers: bearer(member.token) });
    expect(after.statusCode).toBe(401);

    await scim(token, 'PATCH', `/Users/${member.user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(await membership(account.id, member.user.id)).toBeDefined();
  });
});

describe('deactivation seen by another instance', () => {
  it('refuses the person’s session, API key and open embed there too, without a restart', async () => {
    const { account, domain, token } = await provisionedAccount();
    const member = await signedInUser(env.app, db(), {
      email: `elsewhere@${domain}`,
      account,
      permission: 'developer',
    });
    const key = await env.app.inject({
      method: 'POST',
      url: '/api/key',
      headers: { ...bearer(member.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
      payload: { name: 'sync', scope: ['account.read'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    await scim(token, 'POST', '/Users', { schemas: [USER_SCHEMA], userName: member.user.email });
    // An embedded dashboard the member has open.
    const minted = await env.app.inject({
      method: 'POST',
      url: '/api/sigma/workbook/embed',
      headers: bearer(member.token),
      payload: { workbook_id: 'local-core-overview' },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const opened = await env.app.inject({
      method: 'POST',
      url: '/api/embed/session',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: {
        workbook_id: 'local-core-overview',
        token: new URL(minted.json().data.url).searchParams.get('token'),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const embed = `Embed ${opened.json().data.session as string}`;
    // A second instance on the same database, with caches of its own, warmed by both.
    const other = await buildTestApp(env.database);
    try {
      const viaOther = (authorization: string, url: string) =>
        other.app.inject({ url, headers: { authorization } });
      const session = `Bearer ${member.token}`;
      const apiKey = `Bearer ${key.json().data.key as string}`;
      expect((await viaOther(session, '/api/user')).statusCode).toBe(200);
      expect((await viaOther(apiKey, '/api/account')).statusCode).toBe(200);
      const kpis = '/api/embed/kpis?from=2026-01-01&to=2026-01-31';
      expect((await viaOther(embed, kpis)).statusCode).toBe(200);

      const started = performance.now();
      await scim(token, 'PATCH', `/Users/${member.user.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      });
      await expect
        .poll(async () => (await viaOther(session, '/api/user')).statusCode, { interval: 20 })
        .toBe(401);
      await expect
        .poll(async () => (await viaOther(apiKey, '/api/account')).statusCode, {
          interval: 20,
        })
        .toBe(401);
      await expect
        .poll(async () => (await viaOther(embed, kpis)).statusCode, { interval: 20 })
        .toBe(401);
      // How long it took is reported, not asserted: timing belongs to benchmarks.
      console.info(
        `deactivation seen by the other instance in ${Math.round(performance.now() - started)} ms`,
      );
    } finally {
      await other.app.close();
    }
  });
});

describe('refusals, as SCIM errors', () => {
  it('answers 401 without the token, or with a revoked one', async () => {
    const { owner, token } = await provisionedAccount();
    for (const header of [undefined, 'Bearer pp_scim_nope', `Basic ${token}`]) {
      const answer = await env.app.inject({
        url: '/scim/v2/Users',
        headers: header ? { authorization: header } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-type']).toContain(SCIM);
      expect(answer.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
    const revoked = await env.app.inject({
      method: 'DELETE',
      url: '/api/account/sso/scim-token',
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.scim.credential).toBeNull();
    expect((await scim(token, 'GET', '/Users')).statusCode).toBe(401);
  });

  it('answers 403 once the account leaves Pro', async () => {
    const { account, token } = await provisionedAccount();
    await db().update(accounts).set({ plan: 'free_plus' }).where(eq(accounts.id, account.id));
    const answer = await scim(token, 'GET', '/Users');
    expect(answer.statusCode).toBe(403);
  });

  it('refuses an address off the verified domains, a bad body, a bad filter and a bad PATCH with 400', async () => {
    const { domain, token } = await provisionedAccount();
    const offDomain = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'someone@elsewhere.example',
    });
    expect(offDomain.statusCode).toBe(400);
    expect(offDomain.json().scimType).toBe('invalidValue');

    const notJson = await env.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': SCIM },
      payload: '{"userName":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().scimType).toBe('invalidSyntax');

    const noName = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      name: { givenName: 'Nobody' },
    });
    expect(noName.statusCode).toBe(400);

    const badFilter = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName qq "x"')}`,
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().scimType).toBe('invalidFilter');

    const created = await scim(token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `patch@${domain}`,
    });
    const badPatch = await scim(token, 'PATCH', `/Users/${created.json().id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'explode', path: 'active' }],
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().status).toBe('400');

    const unknown = await scim(token, 'GET', '/Users/not-a-user');
    expect(unknown.statusCode).toBe(404);
  });

  it('never shows or changes another account’s people', async () => {
    const first = await provisionedAccount();
    const second = await provisionedAccount();
    const created = await scim(first.token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `private@${first.domain}`,
    });
    const id = created.json().id as string;
    expect((await scim(second.token, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(second.token, 'DELETE', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(second.token, 'GET', '/Users')).json().totalResults).toBe(0);
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, Schemas and ResourceTypes as RFC 7643 shapes', async () => {
    const { token } = await provisionedAccount();
    const config = await scim(token, 'GET', '/ServiceProviderConfig');
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await scim(token, 'GET', '/ResourceTypes');
    expect(types.json().Resources).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'User', endpoint: '/Users' })]),
    );
    const schemas = await scim(token, 'GET', '/Schemas');
    expect(schemas.json().Resources.map((schema: { id: string }) => schema.id)).toContain(
      'urn:ietf:params:scim:schemas:core:2.0:User',
    );
    const one = await scim(token, 'GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(one.json().id).toBe('urn:ietf:params:scim:schemas:core:2.0:User');
  });
});

describe('the token', () => {
  it('is the owner’s to make, on Pro; a new one retires the old', async () => {
    const { owner, token } = await provisionedAccount();
    const admin = await signedInUser(env.app, db(), {
      permission: 'admin',
      account: owner.account,
    });
    const refused = await env.app.inject({
      method: 'POST',
      url: '/api/account/sso/scim-token',
      headers: { ...bearer(admin.token), ...xsrfHeaders },
    });
    expect(refused.statusCode).toBe(403);
    const next = await env.app.inject({
      method: 'POST',
      url: '/api/account/sso/scim-token',
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
    });
    expect(next.statusCode).toBe(201);
    expect((await scim(token, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scim(next.json().data.token, 'GET', '/Users')).statusCode).toBe(200);

    const core = await createAccount(db(), { plan: 'free_core' });
    const coreOwner = await signedInUser(env.app, db(), { permission: 'owner', account: core });
    const notPro = await env.app.inject({
      method: 'POST',
      url: '/api/account/sso/scim-token',
      headers: { ...bearer(coreOwner.token), ...xsrfHeaders },
    });
    expect(notPro.statusCode).toBe(402);
  });
});
