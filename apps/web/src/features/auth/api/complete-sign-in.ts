import type { SigninResponse } from '@partner-portal/shared/identity';
import { safeRedirectPath } from '@partner-portal/shared/redirect';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale } from '@/lib/i18n';
import { navigateTo } from '@/lib/navigation';
import { setSession } from '@/lib/session-store';
import { setDarkMode } from '@/lib/theme';

const READY_LANDINGS = ['/welcome', '/master'];

/**
 * docs/product.md#states-and-transitions: where a freshly signed-in user lands. An operator's home
 * is the console, not a partner's Welcome page.
 */
function landingPath(user: Pick<StoredSession, 'verified' | 'plan' | 'permission'>): string {
  if (!user.verified) return '/signup/verify';
  if (!user.plan) return '/signup/plan';
  return user.permission === 'master' ? '/master' : '/welcome';
}

/** The page the guard sent the user away from (`?redirect=`), if it is on the allow-list. */
export function requestedRedirect(): string | null {
  return safeRedirectPath(new URLSearchParams(window.location.search).get('redirect'));
}

/**
 * docs/product.md#states-and-transitions sign-in: with 2FA the OTP step comes next; otherwise store the user, adopt their
 * language and theme, and go where their state says. A user who is ready for the app (verified,
 * with a plan) goes back to the page they asked for instead of /welcome.
 */
export function completeSignIn(response: SigninResponse): void {
  const redirect = requestedRedirect();
  if ('2fa_required' in response) {
    const query = new URLSearchParams({ token: response.token });
    if (redirect) query.set('redirect', redirect);
    navigateTo(`/signin/otp?${query.toString()}`);
    return;
  }
  setSession(response);
  changeLocale(response.locale);
  setDarkMode(response.dark_mode);
  const landing = landingPath(response);
  navigateTo(READY_LANDINGS.includes(landing) && redirect ? redirect : landing, { replace: true });
}
