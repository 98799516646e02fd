import type { SigninResponse } from '@partner-portal/shared/identity';
import { api } from '@/lib/api-client';

/**
 * POST `url` { token }: a mailed or redirected link's one-time token (magic link, social) traded
 * for a sign-in answer. The signed-out pages load this, so the schema (and zod with it) is fetched
 * with the call, not with the page.
 */
export async function signInWithToken(url: string, token: string): Promise<SigninResponse> {
  const { SigninResponseSchema } = await import('@partner-portal/shared/identity');
  return (await api.post(url, { token }, { schema: SigninResponseSchema })).data;
}
