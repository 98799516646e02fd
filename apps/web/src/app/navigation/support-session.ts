import type { StoredSession } from '@partner-portal/shared/user';
import { endSession } from '@/features/auth/api/end-session';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { navigateTo } from '@/lib/navigation';
import { readStored, removeStored, writeStored } from '@/lib/browser-storage';

/**
 * The operator's own session, kept while they act as a user from the console, so that "Stop
 * impersonating" brings them back to it (docs/product.md#operator-console). Local storage, like
 * the session itself: every tab of the browser is in the support session, and any may end it.
 */
const OPERATOR_SESSION_KEY = 'partner-portal.operator-session';

/** Opens the sign-in link the console minted, keeping the operator's session to come back to. */
export function enterSupportSession(url: string): void {
  const operator = getSession();
  if (operator) writeStored(OPERATOR_SESSION_KEY, JSON.stringify(operator));
  window.location.assign(url);
}

/**
 * Ends the support session on the server, then puts the operator's session back and opens the
 * console; without one (the link came from the admin command), signs out.
 */
export async function leaveSupportSession(): Promise<void> {
  await endSession();
  const kept = readStored(OPERATOR_SESSION_KEY);
  removeStored(OPERATOR_SESSION_KEY);
  const operator = kept ? await readOperatorSession(kept) : null;
  if (operator) {
    setSession(operator);
    navigateTo('/master', { replace: true });
    return;
  }
  clearSession();
  navigateTo('/signin', { replace: true });
}

/** The kept record, checked like any stored session before it is trusted. */
async function readOperatorSession(raw: string): Promise<StoredSession | null> {
  const { SessionResponseSchema } = await import('@partner-portal/shared/user');
  try {
    const parsed = SessionResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
