import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession, setSession } from '@/lib/session-store';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const twoAccounts = [
  { id: 'a1', name: 'Northwind Media' },
  { id: 'a2', name: 'Solo Partner' },
];

describe('main navigation and user menu', () => {
  it('marks the current page in the rail', async () => {
    setSession(testSession());
    renderRoute('/dashboard/core');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Core dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('gives an operator the console as home, in the rail and behind the logo', async () => {
    setSession(testSession({ permission: 'master' }));
    renderRoute('/help');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/master');
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    for (const logo of screen.getAllByRole('link', { name: 'Partner Portal' }))
      expect(logo).toHaveAttribute('href', '/master');
  });

  it('leaves the side column out of a phone-wide page: its navigation is in the menu there', async () => {
    const real = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      query === '(width < 64rem)'
        ? ({ ...real(query), matches: true } as MediaQueryList)
        : real(query),
    );
    setSession(testSession());
    renderRoute('/dashboard/core');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryAllByRole('navigation', { name: 'Main' })).toEqual([]);
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Core dashboard' })).toBeInTheDocument();
  });

  it('reports the slide-out menu state on its button', async () => {
    setSession(testSession());
    renderRoute('/welcome');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Help' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeInTheDocument();
  });

  it('signs out: ends the session on the server, forgets the user and shows sign-in', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: null }));
    vi.stubGlobal('fetch', fetchMock);
    setSession(testSession());
    const router = renderRoute('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(getSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('still signs out when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    setSession(testSession());
    const router = renderRoute('/welcome');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getSession()).toBeNull();
  });

  it('switches to another account with the server answer', async () => {
    const switched = testSession({
      accounts: twoAccounts,
      account_id: 'a2',
      account_name: 'Solo Partner',
      token: 'new.token.value',
    });
    const fetchMock = vi.fn(async () => answer(200, { data: switched }));
    vi.stubGlobal('fetch', fetchMock);
    setSession(testSession({ accounts: twoAccounts }));
    // A page that calls nothing itself, so the only request is the switch.
    renderRoute('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Switch account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Solo Partner' }));
    await waitFor(() => expect(getSession()?.account_id).toBe('a2'));
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([called]) => called === '/api/auth/switch') ?? ['', {}];
    expect(url).toBe('/api/auth/switch');
    expect(JSON.parse(String(init.body))).toEqual({ account: 'a2' });
  });

  it('keeps the current account and tells the user when switching fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { message: 'You are no longer a member of that account' })),
    );
    setSession(testSession({ accounts: twoAccounts }));
    // A page that calls nothing itself, so the only request is the switch.
    renderRoute('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Switch account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Solo Partner' }));
    expect(
      await screen.findByText('You are no longer a member of that account'),
    ).toBeInTheDocument();
    expect(getSession()?.account_id).toBe('a1');
  });

  it('goes to the profile from Edit account', async () => {
    setSession(testSession());
    const router = renderRoute('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Olivia Owner, account menu' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
  });
});
