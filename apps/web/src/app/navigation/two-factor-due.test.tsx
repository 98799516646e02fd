import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

const DAY = 86_400_000;
const member = (deadline: number, overrides = {}) =>
  testSession({
    account_name: 'Northwind Media',
    two_factor_deadline: new Date(deadline).toISOString(),
    '2fa_enabled': false,
    ...overrides,
  });

afterEach(() => {
  clearSession();
  changeLocale('en');
});

describe('an account that requires 2FA (docs/product.md#two-factor-policy)', () => {
  it('reminds a member without it of the deadline on every page, with the way to set it up', async () => {
    stubApi();
    setSession(member(Date.now() + 3 * DAY));
    renderRoute('/welcome');
    const banner = await screen.findByRole('region', {
      name: 'Two-factor authentication required',
    });
    expect(banner).toHaveTextContent('Northwind Media requires two-factor authentication from');
    expect(within(banner).getByRole('link', { name: 'Set it up now' })).toHaveAttribute(
      'href',
      '/account/2fa',
    );
  });

  it('after the deadline opens only the 2FA page, which says why', async () => {
    stubApi();
    setSession(member(Date.now() - 1000));
    renderRoute('/dashboard/core');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Two-factor authentication required' });
    expect(banner).toHaveTextContent(
      'Northwind Media requires two-factor authentication. Set it up to continue.',
    );
    // Already on the page: no link to it.
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
    // The account menu offers only what opens: the 2FA page and the profile.
    const menu = screen.getByRole('navigation', { name: 'Account settings' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/account/profile', '/account/2fa']);
  });

  it('shows nothing once 2FA is on, or where nothing is required', async () => {
    stubApi();
    setSession(member(Date.now() - 1000, { '2fa_enabled': true }));
    renderRoute('/welcome');
    await screen.findByRole('main');
    expect(
      screen.queryByRole('region', { name: 'Two-factor authentication required' }),
    ).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    stubApi();
    changeLocale('es');
    setSession(member(Date.now() + DAY, { locale: 'es' }));
    renderRoute('/welcome');
    const banner = await screen.findByRole('region', {
      name: 'Autenticación en dos pasos obligatoria',
    });
    expect(banner).toHaveTextContent(
      'Northwind Media exige la autenticación en dos pasos desde el',
    );
  });
});
