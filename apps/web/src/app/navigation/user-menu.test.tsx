import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { changeLocale, i18n } from '@/lib/i18n';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import { currentUser, json, stubApi, type SentCall } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module store; close them so one test's message is not seen by the next.
  dismissToast();
  clearSession();
  applyTheme(false);
  changeLocale('en');
});

/** A reply the test gives later, to look at the page before the server has answered. */
function deferred() {
  let reply: (response: Response) => void = () => undefined;
  const answer = () => new Promise<Response>((resolve) => (reply = resolve));
  return { answer, reply: (response: Response) => reply(response) };
}

/**
 * Renders /welcome (a signed-in page that calls nothing itself); `answer` replies to every call
 * except the frame's GET /api/auth, whose empty answer leaves the stored user as it is.
 */
function renderSignedIn(
  answer?: (sent: SentCall) => Response | Promise<Response>,
  session: Partial<StoredSession> = {},
) {
  const sent = stubApi(answer);
  setSession(testSession(session));
  renderRoute('/welcome');
  return sent;
}

async function openMenu(name = 'Olivia Owner') {
  await userEvent.click(await screen.findByRole('button', { name: `${name}, account menu` }));
  return screen.findByRole('menu');
}

const twoAccounts = [
  { id: 'a1', name: 'Northwind Media' },
  { id: 'a2', name: 'Solo Partner' },
];

describe('user menu', () => {
  it('shows the first letter of the name when the user has no picture', async () => {
    renderSignedIn(undefined, { first_name: 'zoe', last_name: 'Adams', avatar: null });
    const trigger = await screen.findByRole('button', { name: 'zoe Adams, account menu' });
    // Decorative inside the button, which the name already names.
    const avatar = within(trigger).getByRole('img', { name: 'zoe Adams', hidden: true });
    expect(avatar).toHaveTextContent(/^Z$/);
    const menu = await openMenu('zoe Adams');
    expect(within(menu).getByText('owner@example.test')).toBeInTheDocument();
  });

  it('turns dark mode on at once, keeps the menu open and saves it (PATCH /api/user)', async () => {
    const server = deferred();
    const sent = renderSignedIn(server.answer);
    expect(document.documentElement).not.toHaveClass('dark');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dark mode' }));

    // Applied before the server has answered, and the item now offers the way back.
    expect(document.documentElement).toHaveClass('dark');
    expect(getSession()?.dark_mode).toBe(true);
    expect(within(menu).getByRole('menuitem', { name: 'Light mode' })).toBeInTheDocument();
    expect(screen.getByRole('menu')).toBe(menu);
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { dark_mode: true } }]);

    server.reply(json(200, currentUser({ dark_mode: true })));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(getSession()?.dark_mode).toBe(true);
  });

  it('keeps the dark choice and shows the error when saving it fails', async () => {
    const sent = renderSignedIn(() => json(503, { message: 'Your theme could not be saved.' }));
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dark mode' }));

    expect(await screen.findByText('Your theme could not be saved.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(getSession()?.dark_mode).toBe(true);
    expect(within(menu).getByRole('menuitem', { name: 'Light mode' })).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { dark_mode: true } }]);
  });

  it('switches the language to Spanish at once and saves it (PATCH /api/user)', async () => {
    const server = deferred();
    const sent = renderSignedIn(server.answer);
    const menu = await openMenu();
    const language = within(menu).getByRole('menuitem', { name: 'Change language to Español' });
    expect(language).toHaveTextContent('Español');
    await userEvent.click(language);

    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(getSession()?.locale).toBe('es');
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { locale: 'es' } }]);
    // The frame is in Spanish before the server has answered, and offers English back.
    const trigger = await screen.findByRole('button', {
      name: 'Olivia Owner, menú de la cuenta',
    });
    server.reply(json(200, currentUser({ locale: 'es' })));
    await userEvent.click(trigger);
    expect(
      await screen.findByRole('menuitem', { name: 'Cambiar el idioma a English' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Modo oscuro' })).toBeInTheDocument();
    expect(i18n.language).toBe('es');
  });

  it('has no Switch account with a single account', async () => {
    renderSignedIn();
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Edit account' })).toBeInTheDocument();
    expect(
      within(menu).queryByRole('menuitem', { name: 'Switch account' }),
    ).not.toBeInTheDocument();
  });

  it('offers Switch account with two accounts, the current one disabled', async () => {
    renderSignedIn(undefined, { accounts: twoAccounts });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    const current = await screen.findByRole('menuitem', { name: 'Northwind Media' });
    expect(current).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Solo Partner' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('makes the current account the default (PATCH /api/user) and says so', async () => {
    const sent = renderSignedIn(
      () => json(200, currentUser({ accounts: twoAccounts, default_account: 'a1' })),
      { accounts: twoAccounts, default_account: null },
    );
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    // No account is the default yet: none is marked.
    expect(await screen.findByRole('menuitem', { name: 'Northwind Media' })).not.toHaveTextContent(
      'Default',
    );
    expect(screen.getByRole('menuitem', { name: 'Solo Partner' })).not.toHaveTextContent('Default');
    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Make Northwind Media my default' }),
    );

    expect(
      await screen.findByText('Northwind Media now opens when you sign in'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { default_account: 'a1' } }]);
    expect(getSession()?.default_account).toBe('a1');
  });

  it('shows the error and leaves the default as it was when making it fails', async () => {
    const sent = renderSignedIn(
      () => json(500, { message: 'The default account could not be saved.' }),
      { accounts: twoAccounts, default_account: 'a2' },
    );
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Make Northwind Media my default' }),
    );
    expect(await screen.findByText('The default account could not be saved.')).toBeInTheDocument();
    expect(
      screen.queryByText('Northwind Media now opens when you sign in'),
    ).not.toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { default_account: 'a1' } }]);
    expect(getSession()?.default_account).toBe('a2');
  });

  it('marks the default account, and offers to make the current one default only when it is not', async () => {
    renderSignedIn(undefined, { accounts: twoAccounts, default_account: 'a2' });
    let menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    const other = await screen.findByRole('menuitem', { name: /^Solo Partner/ });
    expect(within(other).getByText('Default')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Northwind Media' })).not.toHaveTextContent(
      'Default',
    );
    expect(
      screen.getByRole('menuitem', { name: 'Make Northwind Media my default' }),
    ).toBeInTheDocument();

    // Once the current account is the default, it carries the mark and the offer is gone.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    setSession({ ...(getSession() as StoredSession), default_account: 'a1' });
    menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    const current = await screen.findByRole('menuitem', { name: /^Northwind Media/ });
    expect(within(current).getByText('Default')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Solo Partner' })).not.toHaveTextContent('Default');
    expect(screen.queryByRole('menuitem', { name: /my default$/ })).not.toBeInTheDocument();
  });
});

describe('the operator console item', () => {
  it('is in the menu of masters, and opens the console', async () => {
    stubApi();
    setSession(testSession({ permission: 'master' }));
    const router = renderRoute('/welcome');
    const menu = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: 'Operator console' });
    // Between the user's own items and help.
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
    expect(names.indexOf('Operator console')).toBe(names.indexOf('Edit account') + 1);
    await userEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/master'));
    expect(
      await screen.findByRole('heading', { name: 'Operator console', level: 1 }),
    ).toBeVisible();
  });

  it.each(['owner', 'admin', 'user'] as const)('is not in the menu of a %s', async (permission) => {
    renderSignedIn(undefined, { permission });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Operator console' })).toBeNull();
  });
});

describe('user menu from the keyboard', () => {
  it('opens with Enter and moves through the items with the arrow keys', async () => {
    const sent = renderSignedIn(() => json(200, currentUser({ dark_mode: true })));
    const trigger = await screen.findByRole('button', { name: 'Olivia Owner, account menu' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Edit account' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const dark = within(menu).getByRole('menuitem', { name: 'Dark mode' });
    expect(dark).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    // Chosen with the keyboard: applied, and the menu stays open on the same item.
    expect(document.documentElement).toHaveClass('dark');
    expect(within(menu).getByRole('menuitem', { name: 'Light mode' })).toHaveFocus();
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { dark_mode: true } }]),
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('opens with ArrowDown and reaches the other accounts with ArrowRight', async () => {
    renderSignedIn(undefined, { accounts: twoAccounts });
    const trigger = await screen.findByRole('button', { name: 'Olivia Owner, account menu' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    const switcher = within(menu).getByRole('menuitem', { name: 'Switch account' });
    await waitFor(() => expect(switcher).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    // The current account is disabled, so focus lands on the other one.
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Solo Partner' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Make Northwind Media my default' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(switcher).toHaveFocus());
  });
});
