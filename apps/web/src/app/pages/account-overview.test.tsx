import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Permission } from '@partner-portal/shared/permissions';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale, i18n } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';
import type * as routeTable from '../route-table';
import { accountMenuItems, type NavItem } from '../route-table';

// Items a test adds to the account menu, as a later issue would add an area.
const added = vi.hoisted(() => ({ items: [] as NavItem[] }));
vi.mock('../route-table', async (importOriginal) => {
  const actual = await importOriginal<typeof routeTable>();
  return {
    ...actual,
    accountMenuItems: (permission: Permission | null | undefined) => [
      ...actual.accountMenuItems(permission),
      ...added.items,
    ],
  };
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  added.items = [];
  await changeLocale('en');
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

/** The cards' links, once the page (a lazy chunk) is in; every account has a profile card. */
async function cards() {
  const main = await screen.findByRole('main');
  const profile = await within(main).findByRole('link', { name: /^(Profile|Perfil)/ });
  return within(profile.closest('ul') as HTMLElement).getAllByRole('link');
}
const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute('href'));

describe('/account overview', () => {
  it.each(['user', 'developer', 'admin', 'owner'] as const)(
    'gives the %s role a card for every item of its account menu, in its order',
    async (permission) => {
      renderOverview({ permission });
      expect(hrefs(await cards())).toEqual(accountMenuItems(permission).map((item) => item.to));
    },
  );

  it('lists Billing, API keys, Import data and the audit log for the owner, each with its icon, title and one line', async () => {
    renderOverview({ permission: 'owner' });
    const links = await cards();
    expect(hrefs(links)).toEqual(expect.arrayContaining(['/account/billing', '/account/apikeys']));
    const billing = links.find((link) => link.getAttribute('href') === '/account/billing');
    const apiKeys = links.find((link) => link.getAttribute('href') === '/account/apikeys');
    expect(billing).toHaveTextContent('BillingYour plan, payment card and invoices.');
    expect(apiKeys).toHaveTextContent(
      'API keysKeys for the Partner Portal API, and the embed markup of your dashboards.',
    );
    const data = links.find((link) => link.getAttribute('href') === '/account/data');
    expect(data).toHaveTextContent(
      'Import dataLoad your daily report rows from a CSV file, and see what was loaded.',
    );
    const audit = links.find((link) => link.getAttribute('href') === '/account/audit');
    expect(audit).toHaveTextContent(
      'Audit logWho signed in, changed API keys or exported the log, and when.',
    );
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
  });

  it('leaves out what the menu leaves out: no Billing below owner, no API keys for a user', async () => {
    renderOverview({ permission: 'user' });
    const shown = hrefs(await cards());
    expect(shown).not.toContain('/account/billing');
    expect(shown).not.toContain('/account/apikeys');
    expect(shown).not.toContain('/account/users');
    expect(shown).not.toContain('/account/audit');
  });

  it('words the password and two-factor cards by the user state', async () => {
    renderOverview({ permission: 'admin', has_password: true, '2fa_enabled': false });
    expect(await screen.findByText('Change the password you sign in with.')).toBeInTheDocument();
    expect(
      screen.getByText('Enable a code from an authenticator app at sign-in.'),
    ).toBeInTheDocument();
  });

  it('says "create" and "manage" when they apply', async () => {
    renderOverview({ permission: 'user', has_password: false, '2fa_enabled': true });
    expect(
      await screen.findByText('Create a password to sign in with your email.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Two-factor authentication is on. Manage it here.'),
    ).toBeInTheDocument();
  });

  it('shows the cards in Spanish', async () => {
    await changeLocale('es');
    renderOverview({ permission: 'owner' });
    const links = await cards();
    const billing = links.find((link) => link.getAttribute('href') === '/account/billing');
    expect(billing).toHaveTextContent('FacturaciónTu plan, tu tarjeta de pago y tus facturas.');
  });

  it('gives a menu item added later its card, titled by its label, without a line of its own', async () => {
    i18n.addResource('en', 'translation', 'app.account_menu.exports_test', 'Exports');
    added.items = [
      { to: '/account/exports-test', labelKey: 'app.account_menu.exports_test', icon: 'profile' },
    ];
    renderOverview({ permission: 'user' });
    const card = (await cards()).find(
      (link) => link.getAttribute('href') === '/account/exports-test',
    );
    expect(card).toBeDefined();
    expect(within(card as HTMLElement).getByRole('heading', { name: 'Exports' })).toBeVisible();
    expect(card?.querySelector('svg')).not.toBeNull();
    // No raw key where the description would be.
    expect(card).not.toHaveTextContent('account.overview');
  });
});
