import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index';
import { bearer, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { GROUP_SCHEMA, PATCH_SCHEMA, scimKit, USER_SCHEMA } from '../../../test/scim-kit';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/product.md#scim-provisioning, groups: Okta's "Push Groups" and Entra ID's group
 * provisioning, replayed with the bodies their documentation shows, and the owner's mapping of
 * group names to permissions deciding what the members hold.
 */
const env = useTestApp();
const db = () => env.database.db;
const { provisionedAccount, scim, membership } = scimKit(env);

async function person(token: string, email: string): Promise<string> {
  const created = await scim(token, 'POST', '/Users', {
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: 'Pat', familyName: 'Member' },
    active: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

function mapGroups(ownerToken: string, mappings: { group: string; permission: string }[]) {
  return env.app.inject({
    method: 'PUT',
    url: '/api/account/sso/scim-groups',
    headers: { ...bearer(ownerToken), ...xsrfHeaders },
    remoteAddress: randomIp(),
    payload: { mappings },
  });
}

describe('Okta’s Push Groups', () => {
  it('creates, renames, adds and removes members, and deletes; members hold the mapped permission', async () => {
    const { account, owner, domain, token } = await provisionedAccount();
    const mapped = await mapGroups(owner.token, [
      { group: 'Partner Portal Admins', permission: 'admin' },
    ]);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data.scim.group_mappings).toEqual([
      { group: 'Partner Portal Admins', permission: 'admin' },
    ]);
    const ada = await person(token, `ada@${domain}`);

    const created = await scim(token, 'POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Test SCIMv2',
      members: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ displayName: 'Test SCIMv2', meta: { resourceType: 'Group' } });

    const read = await scim(token, 'GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().members).toBeUndefined();

    // Okta renames with a replace of the whole group's attributes.
    const renamed = await scim(token, 'PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'replace', value: { id: group.id, displayName: 'Partner Portal Admins' } },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().displayName).toBe('Partner Portal Admins');

    const added = await scim(token, 'PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: ada, display: `ada@${domain}` }] },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members).toEqual([
      expect.objectContaining({ value: ada, display: `ada@${domain}` }),
    ]);
    expect((await membership(account.id, ada))?.permission).toBe('admin');

    const removed = await scim(token, 'PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'remove', path: `members[value eq "${ada}"]` }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().members ?? []).toEqual([]);
    expect((await membership(account.id, ada))?.permission).toBe('user');

    await scim(token, 'PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'add', path: 'members', value: [{ value: ada }] }],
    });
    expect((await membership(account.id, ada))?.permission).toBe('admin');
    const deleted = await scim(token, 'DELETE', `/Groups/${group.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await membership(account.id, ada))?.permission).toBe('user');
    expect((await scim(token, 'GET', `/Groups/${group.id}`)).statusCode).toBe(404);

    const actions = (
      await db()
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.accountId, account.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sso.scim_groups_mapped',
        'scim.group_created',
        'scim.group_updated',
        'scim.group_deleted',
        'scim.permission_changed',
      ]),
    );
  });
});

describe('Entra ID’s group provisioning', () => {
  it('looks up, creates, adds and removes members the way Entra writes it', async () => {
    const { account, owner, domain, token } = await provisionedAccount();
    await mapGroups(owner.token, [{ group: 'Portal Developers', permission: 'developer' }]);
    const grace = await person(token, `grace@${domain}`);

    const lookup = await scim(
      token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Portal Developers"')}&excludedAttributes=members`,
    );
    expect(lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(token, 'POST', '/Groups', {
      schemas: [
        GROUP_SCHEMA,
        'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group',
      ],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Portal Developers',
      meta: { resourceType: 'Group' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().externalId).toBe('8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159');

    const added = await scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { name: 'addMember', op: 'add', path: 'members', value: [{ $ref: null, value: grace }] },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await membership(account.id, grace))?.permission).toBe('developer');

    const found = await scim(
      token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "portal developers"')}`,
    );
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });

    const removed = await scim(token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        {
          name: 'removeMember',
          op: 'remove',
          path: 'members',
          value: [{ $ref: null, value: grace }],
        },
      ],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await membership(account.id, grace))?.permission).toBe('user');
  });
});

describe('the mapping', () => {
  it('applies at once to everyone provisioned, the strongest of several groups winning', async () => {
    const { account, owner, domain, token } = await provisionedAccount();
    const lin = await person(token, `lin@${domain}`);
    for (const name of ['Engineers', 'Leads']) {
      const group = await scim(token, 'POST', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: name,
        members: [{ value: lin }],
      });
      expect(group.statusCode, group.body).toBe(201);
    }
    expect((await membership(account.id, lin))?.permission).toBe('user');
    await mapGroups(owner.token, [
      { group: 'engineers', permission: 'developer' },
      { group: 'Leads', permission: 'admin' },
    ]);
    expect((await membership(account.id, lin))?.permission).toBe('admin');
    await mapGroups(owner.token, [{ group: 'engineers', permission: 'developer' }]);
    expect((await membership(account.id, lin))?.permission).toBe('developer');
    const settings = await mapGroups(owner.token, []);
    expect((await membership(account.id, lin))?.permission).toBe('user');
    expect(settings.json().data.scim.groups).toEqual([
      { name: 'Engineers', members: 1 },
      { name: 'Leads', members: 1 },
    ]);
  });

  it('refuses a group named twice, and a deactivated member keeps no membership', async () => {
    const { account, owner, domain, token } = await provisionedAccount();
    const twice = await mapGroups(owner.token, [
      { group: 'Admins', permission: 'admin' },
      { group: 'admins', permission: 'user' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().inputError).toBe('mappings');

    await mapGroups(owner.token, [{ group: 'Admins', permission: 'admin' }]);
    const kim = await person(token, `kim@${domain}`);
    await scim(token, 'POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Admins',
      members: [{ value: kim }],
    });
    await scim(token, 'PATCH', `/Users/${kim}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(await membership(account.id, kim)).toBeUndefined();
    await mapGroups(owner.token, [{ group: 'Admins', permission: 'developer' }]);
    expect(await membership(account.id, kim)).toBeUndefined();
    // Reactivated, they hold what their group maps to now.
    await scim(token, 'PATCH', `/Users/${kim}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect((await membership(account.id, kim))?.permission).toBe('developer');
  });
});

describe('group refusals', () => {
  it('refuses members who were not provisioned here, a nameless group and a taken name', async () => {
    const first = await provisionedAccount();
    const second = await provisionedAccount();
    const stranger = await person(second.token, `stranger@${second.domain}`);
    const foreign = await scim(first.token, 'POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Sneaky',
      members: [{ value: stranger }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().scimType).toBe('invalidValue');

    const nameless = await scim(first.token, 'POST', '/Groups', { schemas: [GROUP_SCHEMA] });
    expect(nameless.statusCode).toBe(400);

    await scim(first.token, 'POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Sales' });
    const taken = await scim(first.token, 'POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'sales',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().scimType).toBe('uniqueness');
    expect((await scim(second.token, 'GET', '/Groups')).json().totalResults).toBe(0);
  });
});
