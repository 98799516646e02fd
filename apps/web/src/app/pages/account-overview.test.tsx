import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoredSession } from '@partner-portal/shared/user';
import { clearSession, setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function renderOverview(session: Partial<StoredSession>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"data":null}', { status: 200 })),
  );
  setSession(testSession(session));
  render(
    <Providers>
      <RouterProvider
        router={createMemoryRouter(buildRoutes(), { initialEntries: ['/account'] })}
      />
    </Providers>,
  );
}

const cardLinks = async () =>
  (await screen.findAllByRole('link')).filter((link) =>
    link.closest('main')?.querySelector('ul')?.contains(link),
  );

describe('/account overview', () => {
  it('gives an admin a card per area, users included, worded by their state', async () => {
    renderOverview({ permission: 'admin', has_password: true, '2fa_enabled': false });
    const links = await cardLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/account/profile',
      '/account/password',
      '/account/2fa',
      '/account/notifications',
      '/account/users',
    ]);
    expect(screen.getByText('Change the password you sign in with.')).toBeInTheDocument();
    expect(
      screen.getByText('Enable a code from an authenticator app at sign-in.'),
    ).toBeInTheDocument();
  });

  it('leaves the users card out below admin, and says "create" and "manage" when they apply', async () => {
    renderOverview({ permission: 'user', has_password: false, '2fa_enabled': true });
    const links = await cardLinks();
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('/account/users');
    expect(screen.getByText('Create a password to sign in with your email.')).toBeInTheDocument();
    expect(
      screen.getByText('Two-factor authentication is on. Manage it here.'),
    ).toBeInTheDocument();
  });
});
