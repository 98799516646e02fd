import type { SigninResponse } from '@partner-portal/shared/identity';
import { api, type ApiAnswer, type RequestBody } from '@/lib/api-client';
import { isDarkMode } from '@/lib/theme';

/*
 * The calls behind the signed-out forms (docs/product.md#api-calls). These pages load before
 * anyone is signed in, so the answer's schema (and zod with it) is fetched with the call, not
 * with the page.
 */

async function signInAnswer(url: string, body: RequestBody): Promise<ApiAnswer<SigninResponse>> {
  const { SigninResponseSchema } = await import('@partner-portal/shared/identity');
  return api.post(url, body, { schema: SigninResponseSchema });
}

/** POST /api/auth: e-mail and password; a session, or the 2FA step. */
export const signIn = (body: RequestBody) => signInAnswer('/api/auth', body);

/** POST /api/auth/otp: the second factor (a TOTP or backup code) for the step's token. */
export const signInWithCode = (body: RequestBody) => signInAnswer('/api/auth/otp', body);

/** POST /api/auth/password/reset: the mailed token and a new password; signs the user in. */
export const resetPassword = (body: RequestBody) => signInAnswer('/api/auth/password/reset', body);

/**
 * A sign-up's body with the look the visitor has now (their toggle, else their device's), which
 * becomes the new user's stored choice: the screens after sign-up keep it.
 */
const withLook = (body: RequestBody): RequestBody =>
  body instanceof FormData ? body : { ...body, dark_mode: isDarkMode() };

/** POST /api/account: a new partner account and its owner. */
export const signUp = (body: RequestBody) => signInAnswer('/api/account', withLook(body));

/** POST /api/user: an invited person's sign-up into the account that invited them. */
export const signUpInvited = (body: RequestBody) => signInAnswer('/api/user', withLook(body));

/*
 * The two link requests answer only a message ("check your inbox"), the same whether or not the
 * address has an account, so there is no data to read.
 */

/** POST /api/auth/magic: mail a one-time sign-in link. */
export const requestSignInLink = (body: RequestBody) => api.post('/api/auth/magic', body);

/** POST /api/auth/password/reset/request: mail a password-reset link. */
export const requestPasswordResetLink = (body: RequestBody) =>
  api.post('/api/auth/password/reset/request', body);

/**
 * POST /api/auth/sso: where a person on a verified domain signs in; the browser goes there next.
 * The flow's secrets ride in a cookie the answer sets, so the IdP's callback finds them.
 */
export async function startSingleSignOn(body: RequestBody): Promise<ApiAnswer<{ url: string }>> {
  const { SsoStartResponseSchema } = await import('@partner-portal/shared/sso');
  return api.post('/api/auth/sso', body, { schema: SsoStartResponseSchema });
}
