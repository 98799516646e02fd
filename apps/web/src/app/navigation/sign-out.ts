import { endSession } from '@/features/auth/api/end-session';
import { clearSession } from '@/lib/session-store';
import { navigateTo } from '@/lib/navigation';

/** docs/product.md#states-and-transitions sign-out: end the session on the server (best effort), clear storage, go to /signin. */
export async function signOut(): Promise<void> {
  await endSession();
  clearSession();
  navigateTo('/signin', { replace: true });
}
