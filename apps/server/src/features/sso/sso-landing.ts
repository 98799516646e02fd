import type { SsoFailureReason } from '@partner-portal/shared/sso';

/**
 * Where both protocols' callbacks send the browser: `/signin/sso` with a one-time token (and the
 * page to open after) or the reason it failed, which the page words.
 */
export function ssoLanding(
  appUrl: string,
  answer: { token: string; redirect: string | null } | { error: SsoFailureReason },
): string {
  const params: Record<string, string> =
    'error' in answer
      ? { error: answer.error }
      : { token: answer.token, ...(answer.redirect ? { redirect: answer.redirect } : {}) };
  return `${appUrl}/signin/sso?${new URLSearchParams(params).toString()}`;
}
