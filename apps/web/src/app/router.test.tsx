import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSession } from '@/lib/session-store';
import { Providers } from './providers';
import { buildRoutes } from './router';
import { testSession } from '@/test/test-session';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('router, guards and layouts', () => {
  it.each(['/no/such/page', '/notfound', '/404'])(
    'shows the 404 page at %s, with a button to the core dashboard',
    async (path) => {
      renderAt(path);
      expect(
        await screen.findByRole('heading', {
          name: "Oops, the page you're looking for doesn't exist",
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
        'href',
        '/dashboard/core',
      );
      await waitFor(() => expect(document.title).toBe('Page not found · Partner Portal'));
    },
  );

  it('sends a signed-out visitor from a protected page to /signin', async () => {
    const router = renderAt('/dashboard/core');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fcore');
  });

  it('shows the users item of the account menu to admins and above only', async () => {
    setSession(testSession({ permission: 'user' }));
    renderAt('/account/profile');
    const menu = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('guards later navigations too, replacing the refused entry in history', async () => {
    setSession(testSession({ verified: false }));
    const router = renderAt('/account/profile');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/core'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the users and audit log items to admins, without billing', async () => {
    setSession(testSession({ permission: 'admin' }));
    renderAt('/account/profile');
    const menu = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('gives owners billing, API keys, users and the audit log in the account menu', async () => {
    setSession(testSession({ permission: 'owner' }));
    renderAt('/account/users');
    const menu = await screen.findByRole('navigation', { name: 'Account settings' });
    for (const name of [
      'Profile',
      'Password',
      'Two-factor authentication',
      'Billing',
      'Notifications',
      'API keys',
      'Users',
      'Audit log',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  });

  it('opens the slide-out menu with the navigation items', async () => {
    setSession(testSession({ plan: 'free_plus' }));
    renderAt('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of ['Home', 'Core dashboard', 'Plus dashboard', 'Account', 'Help']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('hides the Plus dashboard from the navigation on free_core', async () => {
    setSession(testSession({ plan: 'free_core' }));
    renderAt('/welcome');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    expect(within(nav).queryByRole('link', { name: 'Plus dashboard' })).not.toBeInTheDocument();
  });

  it('offers Switch account only with more than one account, and toggles dark mode at once', async () => {
    setSession(
      testSession({
        accounts: [
          { id: 'a1', name: 'Northwind Media' },
          { id: 'a2', name: 'Solo Partner' },
        ],
      }),
    );
    renderAt('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Switch account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('has no Switch account with a single account', async () => {
    setSession(testSession());
    renderAt('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Edit account' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Switch account' })).not.toBeInTheDocument();
  });
});
