import type { SigninResponse } from '@partner-portal/shared/identity';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale } from '@/lib/i18n';
import { navigateTo } from '@/lib/navigation';
import { setSession } from '@/lib/session-store';
import { setDarkMode } from '@/lib/theme';

/** Spec §4: where a freshly signed-in user lands. */
export function landingPath(user: Pick<StoredSession, 'verified' | 'plan'>): string {
  if (!user.verified) return '/signup/verify';
  return user.plan ? '/welcome' : '/signup/plan';
}

/**
 * Spec §4 sign-in: with 2FA the OTP step comes next; otherwise store the user, adopt their
 * language and theme, and go where their state says.
 */
export function completeSignIn(response: SigninResponse): void {
  if ('2fa_required' in response) {
    navigateTo(`/signin/otp?token=${encodeURIComponent(response.token)}`);
    return;
  }
  setSession(response);
  changeLocale(response.locale);
  setDarkMode(response.dark_mode);
  navigateTo(landingPath(response), { replace: true });
}
