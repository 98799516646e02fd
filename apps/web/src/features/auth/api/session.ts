import { AuthStatusSchema, type AuthStatus } from '@partner-portal/shared/user';
import { api } from '@/lib/api-client';

/** GET /api/auth: the signed-in user as the server has it now (a 401 when the session ended). */
export async function fetchAuthStatus(): Promise<AuthStatus> {
  return (await api.get('/api/auth', { schema: AuthStatusSchema })).data;
}
