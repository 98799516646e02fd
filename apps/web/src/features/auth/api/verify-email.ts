import type { SigninResponse } from '@partner-portal/shared/identity';
import { api } from '@/lib/api-client';

/**
 * POST /api/user/verify { token }: the mailed link proves the address and signs the user in.
 * /signup/verify loads this, so the schema (and zod with it) is fetched with the call.
 */
export async function verifyEmail(token: string): Promise<SigninResponse> {
  const { SigninResponseSchema } = await import('@partner-portal/shared/identity');
  return (await api.post('/api/user/verify', { token }, { schema: SigninResponseSchema })).data;
}
