import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { createAccount, type CreateUserOptions } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';
import { workbookPathName } from './sigma-embed-url';

const SECRET = 'sigma-embed-secret-for-tests-0123456789';
const WORKBOOKS = [
  { name: 'Partner Core', workbookId: 'wb-core', workbookUrlId: 'urlCore1', kind: 'core' },
  {
    name: 'Advertiser Core',
    workbookId: 'wb-core-adv',
    workbookUrlId: 'urlAdv22',
    kind: 'core_advertiser',
  },
  {
    name: 'Plus: Geo & Device',
    workbookId: 'wb-plus-geo',
    workbookUrlId: 'urlGeo33',
    kind: 'plus',
  },
];

const now = new Date('2026-11-23T10:00:00Z');
const env = useTestApp(
  () => ({
    now: () => now,
    config: createTestConfig({
      SIGMA_EMBED_CLIENT_ID: 'embed-client-id',
      SIGMA_EMBED_SECRET: SECRET,
      SIGMA_ORG_SLUG: 'acme-analytics',
      SIGMA_WORKBOOKS: JSON.stringify(WORKBOOKS),
      SIGMA_ACCOUNT_TYPE: 'Partner Viewer',
      SIGMA_PLUS_TEAM: 'Plus Partners',
    }),
    // The workbook catalogue is one per database, and every app another file boots on the shared
    // PostgreSQL database writes the built-in one over it (a 404 here, seen in a run).
  }),
  { alone: true },
);

const signedIn = (options: CreateUserOptions) => signedInUser(env.app, env.database.db, options);

async function embedUrl(token: string, payload: Record<string, unknown>) {
  const answer = await env.app.inject({
    method: 'POST',
    url: '/api/sigma/workbook/embed',
    headers: bearer(token),
    payload,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { url: string; expires_at: string; applied: unknown };
}

/** `:jwt` and friends are colon-prefixed; URLSearchParams reads them as they are. */
function parts(url: string) {
  const parsed = new URL(url);
  return { path: parsed.origin + parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

describe('Sigma catalogue from SIGMA_WORKBOOKS', () => {
  it('lists the configured workbooks a user may open', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_pro' });
    const { token } = await signedIn({ account, permission: 'admin' });
    const answer = await env.app.inject({
      method: 'GET',
      url: '/api/sigma/workbook',
      headers: bearer(token),
    });
    expect(answer.json().data).toEqual([
      { name: 'Partner Core', workbookId: 'wb-core', kind: 'core' },
      { name: 'Plus: Geo & Device', workbookId: 'wb-plus-geo', kind: 'plus' },
    ]);
  });
});

describe('Sigma JWT-signed embed URL', () => {
  it('signs exactly the expected claims for a partner user (fixture: owner on Plus)', async () => {
    const account = await createAccount(env.database.db, {
      plan: 'free_plus',
      name: 'Northwind Media',
    });
    const { user, token } = await signedIn({ account, permission: 'owner' });
    const { url, expires_at } = await embedUrl(token, {
      workbook_id: 'wb-plus-geo',
      theme: 'dark',
      locale: 'es',
    });
    const { path, params } = parts(url);
    expect(path).toBe(
      'https://app.sigmacomputing.com/acme-analytics/workbook/Plus%3A-Geo-%26-Device-urlGeo33',
    );
    expect(params).toEqual({
      ':jwt': expect.any(String),
      ':embed': 'true',
      ':theme': 'Dark',
      ':lng': 'es',
      ':menu_position': 'none',
      ':responsive_height': 'true',
    });
    const jwt = String(params[':jwt']);
    expect(decodeProtectedHeader(jwt)).toEqual({
      alg: 'HS256',
      typ: 'JWT',
      kid: 'embed-client-id',
    });
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const iat = Math.floor(now.getTime() / 1000);
    expect(payload).toEqual({
      sub: user.email,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat,
      exp: iat + 3600,
      account_type: 'Partner Viewer',
      teams: [account.id, 'Plus Partners'],
      user_attributes: { partner_id: account.id, partner_name: 'Northwind Media' },
      first_name: 'Test',
      last_name: 'owner',
    });
    expect(expires_at).toBe(new Date((iat + 3600) * 1000).toISOString());
  });

  it('adds the advertiser name for advertisers, and no Plus team without the entitlement (fixture: advertiser)', async () => {
    const account = await createAccount(env.database.db, {
      plan: 'free_plus',
      name: 'Northwind Media',
    });
    const { user, token } = await signedIn({
      account,
      permission: 'advertiser',
      advertiserName: 'Acme Shoes',
    });
    const { url } = await embedUrl(token, { workbook_id: 'wb-core-adv' });
    const { path, params } = parts(url);
    expect(path).toBe(
      'https://app.sigmacomputing.com/acme-analytics/workbook/Advertiser-Core-urlAdv22',
    );
    expect(params[':theme']).toBe('Light');
    expect(params[':lng']).toBe('en');
    const { payload } = await jwtVerify(String(params[':jwt']), new TextEncoder().encode(SECRET), {
      currentDate: now,
    });
    expect(payload).toMatchObject({
      sub: user.email,
      account_type: 'Partner Viewer',
      teams: [account.id],
      user_attributes: {
        partner_id: account.id,
        partner_name: 'Northwind Media',
        advertiser_name: 'Acme Shoes',
      },
    });
  });

  it.each([
    ['owner', 'free_plus', {}, true, null],
    ['admin', 'free_pro', {}, true, null],
    ['developer', 'free_plus_ai', {}, true, null],
    ['user', 'free_core', {}, false, null],
    ['advertiser', 'free_plus', { advertiserName: 'Acme Shoes' }, false, 'Acme Shoes'],
    [
      'advertiser',
      'free_plus',
      { advertiserName: 'Globex', enablePlus: true, plusDashboards: ['wb-plus-geo'] },
      true,
      'Globex',
    ],
  ] as const)(
    'fixture: %s on %s gets the Plus team %#',
    async (permission, plan, extra, plusTeam, advertiser) => {
      const account = await createAccount(env.database.db, { plan, name: 'Fixture Partner' });
      const options: CreateUserOptions = {
        account,
        permission,
        ...(extra as Partial<CreateUserOptions>),
      };
      const { token } = await signedIn(options);
      const workbook = permission === 'advertiser' ? 'wb-core-adv' : 'wb-core';
      const jwt = String(
        parts((await embedUrl(token, { workbook_id: workbook })).url).params[':jwt'],
      );
      const { payload } = await jwtVerify(jwt, new TextEncoder().encode(SECRET), {
        currentDate: now,
      });
      expect(payload.teams).toEqual(plusTeam ? [account.id, 'Plus Partners'] : [account.id]);
      expect(payload.user_attributes).toEqual({
        partner_id: account.id,
        partner_name: 'Fixture Partner',
        ...(advertiser ? { advertiser_name: advertiser } : {}),
      });
      expect(payload.account_type).toBe('Partner Viewer');
    },
  );

  it('mints a fresh jti for every URL', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_core' });
    const { token } = await signedIn({ account, permission: 'user' });
    const jtis = new Set<unknown>();
    for (let load = 0; load < 5; load += 1) {
      const jwt = String(
        parts((await embedUrl(token, { workbook_id: 'wb-core' })).url).params[':jwt'],
      );
      jtis.add(
        (await jwtVerify(jwt, new TextEncoder().encode(SECRET), { currentDate: now })).payload.jti,
      );
    }
    expect(jtis.size).toBe(5);
  });

  it('sets the workbook controls named like the filters, outside the signed claims', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_core' });
    const { token } = await signedIn({ account, permission: 'user' });
    const minted = await embedUrl(token, {
      workbook_id: 'wb-core',
      filters: { advertiser: 'Stark & Sons', country: 'MX' },
      range: { from: '2026-11-01', to: '2026-11-07' },
    });
    const { params } = parts(minted.url);
    expect(minted).toMatchObject({
      applied: { filters: { advertiser: 'Stark & Sons', country: 'MX' }, range: null },
    });
    expect(params).toMatchObject({ advertiser: 'Stark & Sons', country: 'MX' });
    // Sigma's workbook keeps its own date control: only the dimensions become controls.
    expect(Object.keys(params).filter((key) => !key.startsWith(':'))).toEqual([
      'advertiser',
      'country',
    ]);
    const { payload } = await jwtVerify(String(params[':jwt']), new TextEncoder().encode(SECRET), {
      currentDate: now,
    });
    expect(JSON.stringify(payload)).not.toContain('Stark');
  });

  it('does not verify with another secret', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_core' });
    const { token } = await signedIn({ account, permission: 'user' });
    const jwt = String(
      parts((await embedUrl(token, { workbook_id: 'wb-core' })).url).params[':jwt'],
    );
    await expect(
      jwtVerify(jwt, new TextEncoder().encode('another-secret-another-secret-12345'), {
        currentDate: now,
      }),
    ).rejects.toThrow();
  });
});

describe('workbookPathName', () => {
  it.each([
    ['Partner Core', 'Partner-Core'],
    ['  Two   spaces ', 'Two-spaces'],
    ['Ventas / España', 'Ventas-%2F-Espa%C3%B1a'],
  ])('%j → %s', (name, expected) => {
    expect(workbookPathName(name)).toBe(expected);
  });
});
