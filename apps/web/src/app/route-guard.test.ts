import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS } from '@partner-portal/shared/permissions';
import type { StoredSession } from '@partner-portal/shared/user';
import { testSession } from '@/test/test-session';
import { resolveGuard } from './route-guard';
import { ROUTES } from './route-table';

function session(overrides: Partial<StoredSession> = {}): StoredSession {
  return testSession({ name: 'Ada Lovelace', ...overrides });
}

const go = (path: string, s: StoredSession | null, search = '') =>
  resolveGuard({ session: s, path, search });

describe('route guard (docs/product.md#states-and-transitions)', () => {
  it('sends visitors without a token to /signin from every protected page', () => {
    const signinPath = (result: { redirect: string } | null) => result?.redirect.split('?')[0];
    for (const route of ROUTES.filter((r) => r.access.kind === 'permission')) {
      expect(signinPath(go(route.path, null)), route.path).toBe('/signin');
      expect(signinPath(go(route.path, session({ token: '' }))), route.path).toBe('/signin');
    }
  });

  it('remembers the page a visitor asked for, when a sign-in may return there', () => {
    expect(go('/account/users', null, '?page=2')).toEqual({
      redirect: `/signin?redirect=${encodeURIComponent('/account/users?page=2')}`,
    });
    expect(go('/dashboard/core', null)).toEqual({
      redirect: '/signin?redirect=%2Fdashboard%2Fcore',
    });
    // Onboarding steps are where sign-in leads anyway; they are not remembered.
    expect(go('/signup/plan', null)).toEqual({ redirect: '/signin' });
  });

  it('lets anyone through public and query-token pages, and unknown paths (404)', () => {
    for (const path of [
      '/',
      '/signin',
      '/signup',
      '/forgotpassword',
      '/magic',
      '/signin/otp',
      '/resetpassword',
      '/nope',
    ]) {
      expect(go(path, null), path).toBeNull();
    }
  });

  it('applies the permission matrix to every page and permission', () => {
    for (const route of ROUTES) {
      if (route.access.kind !== 'permission') continue;
      for (const permission of PERMISSIONS) {
        const result = go(route.path, session({ permission }));
        const allowed = hasPermission(permission, route.access.permission);
        if (!allowed)
          expect(result, `${permission} on ${route.path}`).toEqual({ redirect: '/signin' });
        else expect(result?.redirect, `${permission} on ${route.path}`).not.toBe('/signin');
      }
    }
  });

  it('sends unverified users to /signup/verify, except on profile and verify', () => {
    const unverified = session({ verified: false });
    expect(go('/dashboard/core', unverified)).toEqual({ redirect: '/signup/verify' });
    expect(go('/signup/plan', unverified)).toEqual({ redirect: '/signup/verify' });
    expect(go('/account/profile', unverified)).toBeNull();
    expect(go('/signup/verify', unverified)).toBeNull();
  });

  it('sends verified users without a plan to /signup/plan, except on profile and plan', () => {
    const noPlan = session({ plan: null });
    expect(go('/welcome', noPlan)).toEqual({ redirect: '/signup/plan' });
    expect(go('/account/profile', noPlan)).toBeNull();
    expect(go('/signup/plan', noPlan)).toBeNull();
  });

  it('sends a verified user away from /signup/verify unless a verification token is in the URL', () => {
    expect(go('/signup/verify', session())).toEqual({ redirect: '/dashboard/core' });
    expect(go('/signup/verify', session(), '?token=abc')).toBeNull();
  });

  it('opens a verification link signed out (the link is the proof), and only with its token', () => {
    expect(go('/signup/verify', null, '?token=abc')).toBeNull();
    expect(go('/signup/verify', null)?.redirect).toBe('/signin');
  });

  it('sends users whose subscription is not active or trialing to billing, with exemptions', () => {
    for (const subscription of ['past_due', 'canceled', 'incomplete', 'unpaid', null] as const) {
      const lapsed = session({ subscription });
      expect(go('/dashboard/core', lapsed)).toEqual({ redirect: '/account/billing' });
      for (const exempt of [
        '/account/billing',
        '/signup/plan',
        '/account/upgrade',
        '/account',
        '/account/profile',
      ]) {
        expect(go(exempt, lapsed), exempt).toBeNull();
      }
    }
    expect(go('/dashboard/core', session({ subscription: 'trialing' }))).toBeNull();
  });

  it('exempts master from subscription checks', () => {
    expect(
      go('/dashboard/core', session({ permission: 'master', subscription: 'canceled' })),
    ).toBeNull();
  });

  it("keeps a member the account's 2FA policy keeps out to setting it up and their profile", () => {
    const deadline = '2026-11-20T09:00:00.000Z';
    const before = Date.parse(deadline) - 1;
    const after = Date.parse(deadline);
    const due = session({ two_factor_deadline: deadline, '2fa_enabled': false });
    const at = (path: string, s: StoredSession, now: number) =>
      resolveGuard({ session: s, path, now });
    // In grace, everything opens.
    expect(at('/dashboard/core', due, before)).toBeNull();
    expect(at('/account/users', session({ ...due, permission: 'owner' }), before)).toBeNull();
    // From the deadline, only the 2FA and profile pages.
    expect(at('/dashboard/core', due, after)).toEqual({ redirect: '/account/2fa' });
    expect(at('/account/billing', session({ ...due, permission: 'owner' }), after)).toEqual({
      redirect: '/account/2fa',
    });
    expect(at('/account/2fa', due, after)).toBeNull();
    expect(at('/account/profile', due, after)).toBeNull();
    // Once 2FA is on (the page records it at once), the deadline no longer matters.
    expect(at('/dashboard/core', session({ ...due, '2fa_enabled': true }), after)).toBeNull();
  });

  it('treats a trailing slash like the path itself', () => {
    expect(go('/dashboard/core/', null)).toEqual({
      redirect: '/signin?redirect=%2Fdashboard%2Fcore%2F',
    });
  });
});
