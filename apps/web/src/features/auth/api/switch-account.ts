import { SessionResponseSchema } from '@partner-portal/shared/user';
import type { StoredSession } from '@partner-portal/shared/user';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/switch: a session in another account of the same user (the old one ends).
 * Only the signed-in frame's user menu calls it, so the schema is imported as usual.
 */
export async function switchAccount(account: string): Promise<StoredSession> {
  return (await api.post('/api/auth/switch', { account }, { schema: SessionResponseSchema })).data;
}
