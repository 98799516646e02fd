import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { changeLocale, i18n } from '@/lib/i18n';
import { saveDarkMode } from '@/lib/preferences';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import type { StoredSession } from '@partner-portal/shared/user';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  applyTheme(false);
  changeLocale('en');
});

function renderWelcome(
  answer: { status: number; body: unknown },
  session: StoredSession = testSession(),
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
  setSession(session);
  return renderRoute('/welcome');
}

describe('the signed-in frame refreshes the stored user (GET /api/auth)', () => {
  it('merges what the server says now', async () => {
    const { token: _token, ...user } = testSession({
      first_name: 'Renamed',
      plan: 'free_pro',
      locale: 'es',
      dark_mode: true,
    });
    renderWelcome({ status: 200, body: { data: { authenticated: true, ...user } } });
    await waitFor(() => expect(getSession()?.first_name).toBe('Renamed'));
    expect(getSession()?.plan).toBe('free_pro');
    expect(getSession()?.token).toBe(testSession().token);
    // The toggles save language and theme on the user now, so the server's copy is adopted
    // (e.g. changed on another device) and applied to the page at once.
    await waitFor(() => expect(getSession()?.locale).toBe('es'));
    expect(i18n.language).toBe('es');
    expect(getSession()?.dark_mode).toBe(true);
    expect(document.documentElement).toHaveClass('dark');
  });

  it('sends the user to billing when the server says the subscription is no longer usable', async () => {
    const { token: _token, ...user } = testSession({ subscription: 'past_due' });
    const router = renderWelcome(
      { status: 200, body: { data: { authenticated: true, ...user } } },
      testSession({ subscription: 'active' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/billing'));
    expect(getSession()?.subscription).toBe('past_due');
  });

  it('keeps a theme choice this browser could not save over the server copy', async () => {
    // The dark-mode save fails, so the local choice (dark) stays and the error is shown.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 }),
      ),
    );
    setSession(testSession({ dark_mode: false }));
    await saveDarkMode(true);
    expect(document.documentElement).toHaveClass('dark');

    const { token: _token, ...user } = testSession({ first_name: 'Renamed', dark_mode: false });
    // The stored user as the failed save left it: dark here, light on the server.
    renderWelcome(
      { status: 200, body: { data: { authenticated: true, ...user } } },
      testSession({ dark_mode: true }),
    );
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    // The refresh ran (the name is adopted in the same step as the preferences) ...
    await waitFor(() => expect(getSession()?.first_name).toBe('Renamed'));
    // ... but the unsaved dark choice was not overwritten.
    expect(document.documentElement).toHaveClass('dark');
    expect(getSession()?.dark_mode).toBe(true);
  });

  it('signs this browser out when the session ended elsewhere', async () => {
    const router = renderWelcome({ status: 401, body: { message: 'Please sign in to continue.' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getSession()).toBeNull();
  });
});
