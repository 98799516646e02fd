import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { listRouteAccess } from '../../lib/auth-guard';
import { bearer, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { GROUP_SCHEMA, scimKit, SCIM_TYPE, USER_SCHEMA } from '../../../test/scim-kit';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/security.md#scim-acts-for-one-account-on-its-verified-domains-only: /scim/v2 opens to the
 * account's SCIM token and nothing else (the authorization matrix's rows for it), and whatever
 * body an IdP or anyone else sends, the answer is a SCIM answer, never a 5xx.
 */
const env = useTestApp();
const { provisionedAccount, scim } = scimKit(env);

/** Every /scim/v2 route: the two resources' six calls, and discovery. */
const SCIM_ROUTES = [
  ...['/Users', '/Groups'].flatMap((path) => [
    { method: 'GET', url: `/scim/v2${path}` },
    { method: 'POST', url: `/scim/v2${path}` },
    ...['GET', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ method, url: `/scim/v2${path}/:id` })),
  ]),
  { method: 'GET', url: '/scim/v2/ServiceProviderConfig' },
  { method: 'GET', url: '/scim/v2/Schemas' },
  { method: 'GET', url: '/scim/v2/Schemas/:id' },
  { method: 'GET', url: '/scim/v2/ResourceTypes' },
  { method: 'GET', url: '/scim/v2/ResourceTypes/:id' },
];
const scimRoutes = () => SCIM_ROUTES;
const concrete = (url: string) => url.replace(':id', '00000000-0000-4000-8000-000000000000');

let setUp: Awaited<ReturnType<typeof provisionedAccount>>;
let userId = '';
let groupId = '';
beforeAll(async () => {
  setUp = await provisionedAccount();
  const user = await scim(setUp.token, 'POST', '/Users', {
    schemas: [USER_SCHEMA],
    userName: `fuzz@${setUp.domain}`,
  });
  userId = user.json().id;
  const group = await scim(setUp.token, 'POST', '/Groups', {
    schemas: [GROUP_SCHEMA],
    displayName: 'Fuzzers',
  });
  groupId = group.json().id;
});

describe('who may call /scim/v2', () => {
  it('has those routes, and no /api route list knows them (they answer to no session)', () => {
    for (const route of SCIM_ROUTES) {
      expect(
        env.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
    expect(listRouteAccess(env.app).some((route) => route.url.startsWith('/scim'))).toBe(false);
  });

  it('refuses the owner’s own session and an API key on every route, as a SCIM 401', async () => {
    const key = await env.app.inject({
      method: 'POST',
      url: '/api/key',
      headers: { ...bearer(setUp.owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
      payload: { name: 'not for scim', scope: ['user.read'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    for (const route of scimRoutes()) {
      for (const authorization of [
        `Bearer ${setUp.owner.token}`,
        `Bearer ${key.json().data.key as string}`,
      ]) {
        const answer = await env.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization },
          remoteAddress: randomIp(),
        });
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(answer.headers['content-type']).toContain(SCIM_TYPE);
      }
    }
  });
});

describe('hostile bodies', () => {
  it('refuses an add without a path whose value is not an object (once a 500, found by the run below)', async () => {
    for (const value of [null, 'x', [1]]) {
      const answer = await scim(setUp.token, 'PATCH', `/Users/${userId}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', value }],
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().scimType).toBe('invalidValue');
    }
  });
  it('get a SCIM answer, never a 5xx', async () => {
    const targets = () => [
      ['POST', '/Users'],
      ['POST', '/Groups'],
      ['PUT', `/Users/${userId}`],
      ['PATCH', `/Users/${userId}`],
      ['PUT', `/Groups/${groupId}`],
      ['PATCH', `/Groups/${groupId}`],
    ];
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ schemas: fc.constant([USER_SCHEMA]), userName: fc.string() }),
      fc.record({
        schemas: fc.constant(['urn:ietf:params:scim:api:messages:2.0:PatchOp']),
        Operations: fc.array(
          fc.record({
            op: fc.constantFrom('add', 'replace', 'remove', 'Replace', 'explode'),
            path: fc.option(
              fc.constantFrom(
                'active',
                'members',
                'name.givenName',
                'emails[type eq "work"].value',
                'displayName',
                '((',
              ),
              { nil: undefined },
            ),
            value: fc.jsonValue(),
          }),
          { maxLength: 3 },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets()), body, async ([method, url], payload) => {
        const answer = await scim(setUp.token, method!, url!, payload as object);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        // 204: a PATCH that changed nothing, or a DELETE, has no body to type.
        if (answer.statusCode !== 204) {
          expect(answer.headers['content-type']).toContain(SCIM_TYPE);
        }
        if (answer.statusCode >= 400) {
          expect(answer.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
        }
      }),
      { numRuns: 150 },
    );
  });
});
