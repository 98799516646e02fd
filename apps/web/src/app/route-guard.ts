import { hasPermission } from '@partner-portal/shared/permission-rules';
import { isSubscriptionUsable } from '@partner-portal/shared/plan-rules';
import { safeRedirectPath } from '@partner-portal/shared/redirect';
import type { StoredSession } from '@partner-portal/shared/user';
import { findRoute, paths } from './route-table';

export interface GuardInput {
  session: StoredSession | null;
  path: string;
  search?: string;
  /** Milliseconds since the epoch; the clock, unless a test says otherwise. */
  now?: number;
}

// What a member the account's 2FA policy keeps out may still open (docs/product.md#two-factor-policy).
export const TWO_FACTOR_DUE_PAGES: ReadonlySet<string> = new Set<string>([
  paths.account2fa,
  paths.accountProfile,
]);

/**
 * The account requires 2FA, its deadline has passed and this user has none: the server answers
 * only what setting it up needs, so the app opens only that.
 */
export function isTwoFactorDue(
  session: Pick<StoredSession, 'two_factor_deadline' | '2fa_enabled'>,
  now = Date.now(),
): boolean {
  const deadline = session.two_factor_deadline;
  return !session['2fa_enabled'] && deadline !== undefined && Date.parse(deadline) <= now;
}

// Pages a user without a usable subscription can still reach to fix it (docs/product.md#states-and-transitions).
const BILLING_EXEMPT = new Set<string>([
  paths.accountBilling,
  paths.accountBillingInvoice,
  paths.accountBillingAuthenticate,
  paths.signupPlan,
  paths.accountUpgrade,
  paths.account,
  paths.accountProfile,
]);

/**
 * docs/product.md#states-and-transitions guard for protected pages, as a pure function of the stored user and the location.
 * Returns where to go instead, or null to stay. Public, query-token and unknown paths pass.
 */
export function resolveGuard({
  session,
  path,
  search = '',
  now = Date.now(),
}: GuardInput): { redirect: string } | null {
  const route = findRoute(path);
  if (!route || route.access.kind !== 'permission') return null;
  const at = route.path;
  // A verification link carries its own proof (the page posts it and is signed in), so it opens
  // signed out too: the mail is often read on another device than the one that signed up.
  if (at === paths.signupVerify && new URLSearchParams(search).has('token')) return null;

  if (!session?.token) {
    // Come back here after signing in, when the page is one a sign-in may return to.
    const back = safeRedirectPath(`${path}${search}`);
    return {
      redirect: back ? `${paths.signin}?redirect=${encodeURIComponent(back)}` : paths.signin,
    };
  }
  if (!hasPermission(session.permission, route.access.permission)) {
    return { redirect: paths.signin };
  }
  if (!session.verified) {
    return at === paths.accountProfile || at === paths.signupVerify
      ? null
      : { redirect: paths.signupVerify };
  }
  if (at === paths.signupVerify) return { redirect: paths.dashboardCore };
  if (isTwoFactorDue(session, now)) {
    return TWO_FACTOR_DUE_PAGES.has(at) ? null : { redirect: paths.account2fa };
  }
  if (!session.plan) {
    // A paid plan chosen at sign-up answers 402, which opens the upgrade screen (docs/product.md#errors).
    return at === paths.accountProfile || at === paths.signupPlan || at === paths.accountUpgrade
      ? null
      : { redirect: paths.signupPlan };
  }
  if (
    session.permission !== 'master' &&
    !isSubscriptionUsable(session.subscription) &&
    !BILLING_EXEMPT.has(at)
  ) {
    return { redirect: paths.accountBilling };
  }
  return null;
}
