import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';
import { ROUTES } from '../route-table';

beforeEach(() => {
  // The title survives between tests; start blank so each page must set its own.
  document.title = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Pages that later issues fill may load data; here the server answers with nothing.
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: null }), { status: 200 })),
  );
}

const signedIn = ROUTES.filter((route) => route.access.kind === 'permission');
const signedOut = ROUTES.filter((route) => route.access.kind === 'public');

describe('every route of docs/product.md#screens-and-routes renders in its layout with its translated title', () => {
  it.each(signedIn.map((route) => [route.path, route] as const))(
    '%s for a signed-in owner',
    async (path, route) => {
      stubServer();
      setSession(
        testSession(
          path === '/signup/verify'
            ? { verified: false }
            : path === '/signup/plan'
              ? { plan: null }
              : path === '/dashboard/plus'
                ? { plan: 'free_plus' }
                : path.startsWith('/master')
                  ? { permission: 'master' }
                  : {},
        ),
      );
      const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
      render(
        <Providers>
          <RouterProvider router={router} />
        </Providers>,
      );
      const title = i18n.t(route.titleKey);
      await waitFor(() => expect(document.title).toBe(`${title} · Partner Portal`));
      expect(router.state.location.pathname).toBe(path);
      expect(await screen.findByRole('main')).toBeInTheDocument();
    },
  );

  it.each(signedOut.map((route) => [route.path, route] as const))(
    '%s for a visitor',
    async (path, route) => {
      stubServer();
      const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
      render(
        <Providers>
          <RouterProvider router={router} />
        </Providers>,
      );
      const title = i18n.t(route.titleKey);
      await waitFor(() => expect(document.title).toBe(`${title} · Partner Portal`));
      expect(await screen.findByRole('main')).toBeInTheDocument();
    },
  );
});
