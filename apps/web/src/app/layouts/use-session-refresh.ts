import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { fetchAuthStatus } from '@/features/auth/api/session';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { adoptServerPreferences } from '@/lib/preferences';
import { navigateTo } from '@/lib/navigation';
import { getSession, updateSession } from '@/lib/session-store';
import { resolveGuard } from '../route-guard';

/**
 * docs/product.md#api-calls `GET /api/auth`: when the signed-in frame opens and whenever the tab comes back into
 * view, the stored user is refreshed from the server. A session ended elsewhere (password
 * change, sign-out, removal) answers 401, which signs this browser out too (docs/product.md#errors).
 */
export function useSessionRefresh(): void {
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  useEffect(() => {
    let live = true;
    const refresh = () => {
      fetchAuthStatus().then(
        (data) => {
          if (!live) return;
          // The toggles now save language and theme on the user (PATCH /api/user), so the
          // server's copy is the truth and a change made on another device shows up here too;
          // a choice this browser is still saving, or failed to save, is kept (lib/preferences).
          const { authenticated: _authenticated, locale, dark_mode, ...user } = data;
          updateSession(user);
          adoptServerPreferences({ locale, dark_mode });
          // The guard ran on the stored copy; what the server says now may close this page
          // (a renewal that failed since: docs/product.md#states-and-transitions sends the user to billing).
          const { pathname, search } = where.current;
          const decision = resolveGuard({ session: getSession(), path: pathname, search });
          if (decision) navigateTo(decision.redirect, { replace: true });
        },
        (error: unknown) => {
          // Only a refused session matters here; other failures leave the stored user as it is.
          if (live && error instanceof ApiError && error.status === 401) handleApiError(error);
        },
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
