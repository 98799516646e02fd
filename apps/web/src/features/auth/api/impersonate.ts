import { SessionResponseSchema, type SessionResponse } from '@partner-portal/shared/user';
import { api } from '@/lib/api-client';

/** POST /api/auth/impersonate { token }: a master's 60-second link traded for the user's session. */
export async function signInByImpersonation(token: string): Promise<SessionResponse> {
  return (await api.post('/api/auth/impersonate', { token }, { schema: SessionResponseSchema }))
    .data;
}
