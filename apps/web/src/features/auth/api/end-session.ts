import { api } from '@/lib/api-client';

/**
 * DELETE /api/auth: ends this session on the server. Best effort: the browser forgets it anyway.
 * Apart from session.ts, so signing out loads no schema.
 */
export async function endSession(): Promise<void> {
  await api.delete('/api/auth').catch(() => undefined);
}
