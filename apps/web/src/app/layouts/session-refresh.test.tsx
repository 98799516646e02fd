import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { setNavigator } from '@/lib/navigation';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function renderWelcome(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
  setSession(testSession());
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/welcome'] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
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
    // This browser's language and theme are kept.
    expect(getSession()?.locale).toBe('en');
    expect(getSession()?.dark_mode).toBe(false);
  });

  it('signs this browser out when the session ended elsewhere', async () => {
    const router = renderWelcome({ status: 401, body: { message: 'Please sign in to continue.' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getSession()).toBeNull();
  });
});
