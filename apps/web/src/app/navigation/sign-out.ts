import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session-store';
import { navigateTo } from '@/lib/navigation';

/** docs/product.md#states-and-transitions sign-out: end the session on the server (best effort), clear storage, go to /signin. */
export async function signOut(): Promise<void> {
  await api.delete('/api/auth').catch(() => undefined);
  clearSession();
  navigateTo('/signin', { replace: true });
}
