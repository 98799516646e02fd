import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@partner-portal/shared/permissions';
import { PLAN_IDS } from '@partner-portal/shared/plans';
import { i18n } from '@/lib/i18n';
import { accountMenuItems, findRoute, mainNavItems, paths, ROUTES } from './route-table';

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
    ];
    expect(menu('user')).toEqual(personal);
    expect(menu('admin')).toEqual([
      ...personal,
      '/account/users',
      '/account/data',
      '/account/audit',
    ]);
    expect(menu('developer')).toEqual([...personal, '/account/apikeys']);
    expect(menu('advertiser')).not.toContain('/account/audit');
    expect(menu('owner')).toEqual(
      expect.arrayContaining([
        ...personal,
        '/account/billing',
        '/account/apikeys',
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
