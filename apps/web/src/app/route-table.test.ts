import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@partner-portal/shared/permissions';
import { PLAN_IDS } from '@partner-portal/shared/plans';
import { i18n } from '@/lib/i18n';
import { testSession } from '@/test/test-session';
import { resolveGuard } from './route-guard';
import {
  accountMenuItems,
  findRoute,
  mainNavItems,
  MASTER_NAV,
  paths,
  pathWithId,
  ROUTES,
} from './route-table';

const menu = (permission: Permission) => accountMenuItems(permission).map((item) => item.to);

describe('route table (docs/product.md#screens-and-routes)', () => {
  it('defines every path once, each with a title in both languages', () => {
    const defined = ROUTES.map((route) => route.path);
    expect(new Set(defined).size).toBe(defined.length);
    const pages = Object.values(paths).filter(
      (p) => p !== paths.notFound && p !== paths.notFound404,
    );
    expect([...defined].sort()).toEqual([...pages].sort());
    for (const route of ROUTES) {
      for (const lng of ['en', 'es']) {
        expect(
          i18n.exists(route.titleKey, { lng, fallbackLng: [] }),
          `${lng} ${route.titleKey}`,
        ).toBe(true);
      }
    }
  });

  // The router loads pages through import.meta.glob, which dead-code tools cannot follow: a page
  // file no route names would ship unseen (knip.jsonc), so this compares the two lists.
  it('has a page file for every route, and a route for every page file', () => {
    const files = Object.keys(import.meta.glob('./pages/*-page.tsx')).map((file) =>
      file.replace(/^\.\/pages\/(.*)-page\.tsx$/, '$1'),
    );
    const routed = new Set([...ROUTES.map((route) => route.page), 'not-found']);
    expect([...new Set(files)].sort()).toEqual([...routed].sort());
  });

  it('finds a route with or without a trailing slash, and nothing for unknown paths', () => {
    expect(findRoute('/account/profile/')?.path).toBe('/account/profile');
    expect(findRoute('/account/nope')).toBeUndefined();
  });

  it('shows each permission the account menu items it may open', () => {
    const personal = [
      '/account/profile',
      '/account/password',
      '/account/2fa',
      '/account/notifications',
      '/account/alerts',
    ];
    expect(menu('user')).toEqual(personal);
    expect(menu('admin')).toEqual([
      ...personal,
      '/account/users',
      '/account/data',
      '/account/audit',
    ]);
    expect(menu('developer')).toEqual([...personal, '/account/apikeys', '/account/webhooks']);
    expect(menu('advertiser')).not.toContain('/account/audit');
    expect(menu('admin')).not.toContain('/account/webhooks');
    expect(menu('owner')).toEqual(
      expect.arrayContaining([
        ...personal,
        '/account/billing',
        '/account/apikeys',
        '/account/webhooks',
        '/account/users',
        '/account/data',
        '/account/audit',
      ]),
    );
    for (const permission of PERMISSIONS)
      expect(menu(permission)).toEqual(expect.arrayContaining(personal));
    expect(accountMenuItems(null)).toEqual([]);
  });

  it('offers the Plus dashboard only to users the Plus rule admits', () => {
    const nav = (user: Parameters<typeof mainNavItems>[0]) => mainNavItems(user).map((i) => i.to);
    expect(nav({ permission: 'owner', plan: 'free_core', enable_plus: false })).toEqual([
      '/welcome',
      '/dashboard/core',
      '/account',
    ]);
    for (const plan of PLAN_IDS.filter((p) => p !== 'free_core')) {
      expect(nav({ permission: 'user', plan, enable_plus: false })).toContain('/dashboard/plus');
      expect(nav({ permission: 'advertiser', plan, enable_plus: false })).not.toContain(
        '/dashboard/plus',
      );
      expect(nav({ permission: 'advertiser', plan, enable_plus: true })).toContain(
        '/dashboard/plus',
      );
    }
    expect(nav(null)).not.toContain('/dashboard/plus');
  });
});

describe('operator console routes (docs/product.md#operator-console)', () => {
  const consolePaths = [
    '/master',
    '/master/accounts',
    '/master/accounts/:id',
    '/master/users',
    '/master/users/:id',
    '/master/feedback',
    '/master/events',
  ];

  it('are for masters only, each a page of its own in the app frame', () => {
    const routes = ROUTES.filter((route) => route.path.startsWith('/master'));
    expect(routes.map((route) => route.path)).toEqual(consolePaths);
    for (const route of routes) {
      expect(route.access).toEqual({ kind: 'permission', permission: 'master' });
      expect(route.layout).toBe('app');
      expect(route.page).toMatch(/^master(-|$)/);
      expect(route.titleKey).toMatch(/^titles\.master_/);
    }
  });

  it('finds a route with an :id segment by any one id, and nothing for a missing or extra segment', () => {
    expect(findRoute('/master/accounts/0b6c2f4e-1a2b')?.path).toBe('/master/accounts/:id');
    expect(findRoute('/master/users/u%2F1/')?.path).toBe('/master/users/:id');
    // The list itself is its own route, not an account with an empty id.
    expect(findRoute('/master/accounts')?.path).toBe('/master/accounts');
    expect(findRoute('/master/accounts/a1/members')).toBeUndefined();
    expect(findRoute('/master/nope/a1')).toBeUndefined();
  });

  it('guards the detail pages like the lists, whatever the id', () => {
    const as = (permission: 'master' | 'owner') =>
      resolveGuard({
        session: testSession({ permission }),
        path: '/master/users/a9d0e1f2',
      });
    expect(as('owner')).toEqual({ redirect: '/signin' });
    expect(as('master')).toBeNull();
    expect(
      resolveGuard({ session: null, path: '/master/accounts/abc' })?.redirect.split('?')[0],
    ).toBe('/signin');
  });

  it('builds a detail address with the id encoded', () => {
    expect(pathWithId(paths.masterAccount, 'a1')).toBe('/master/accounts/a1');
    expect(pathWithId(paths.masterUser, 'a/b c')).toBe('/master/users/a%2Fb%20c');
  });

  it('lists the five sections in the console menu, each a console route with a label in both languages', () => {
    expect(MASTER_NAV.map((item) => item.to)).toEqual([
      '/master',
      '/master/accounts',
      '/master/users',
      '/master/feedback',
      '/master/events',
    ]);
    for (const item of MASTER_NAV) {
      expect(findRoute(item.to)?.access).toEqual({ kind: 'permission', permission: 'master' });
      for (const lng of ['en', 'es'])
        expect(i18n.exists(item.labelKey, { lng, fallbackLng: [] }), item.labelKey).toBe(true);
    }
  });
});
