import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await changeLocale('en');
});

function renderWelcome(session: Partial<StoredSession>) {
  stubApi();
  setSession(testSession({ plan: 'free_core', enable_plus: false, ...session }));
  return renderRoute('/welcome');
}

describe('/welcome upgrade note on the Core plan', () => {
  it('makes "Upgrade to Plus" the link to the upgrade screen for an admin', async () => {
    renderWelcome({ permission: 'admin' });
    const link = await screen.findByRole('link', { name: 'Upgrade to Plus' });
    expect(link).toHaveAttribute('href', '/account/upgrade?plan=free_plus');
    expect(link.closest('p')).toHaveTextContent('Upgrade to Plus to unlock the deeper dashboards.');
  });

  it('gives the owner the same link, in Spanish too', async () => {
    await changeLocale('es');
    renderWelcome({ permission: 'owner' });
    expect(await screen.findByRole('link', { name: 'Mejora a Plus' })).toHaveAttribute(
      'href',
      '/account/upgrade?plan=free_plus',
    );
  });

  it('tells a member who may not upgrade to ask an admin, with no link they cannot open', async () => {
    renderWelcome({ permission: 'developer' });
    expect(
      await screen.findByText(
        'Plus unlocks the deeper dashboards. Ask an administrator of your account to upgrade.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Plus' })).not.toBeInTheDocument();
  });

  it('says nothing about upgrading to someone who has Plus', async () => {
    renderWelcome({ permission: 'admin', plan: 'free_plus' });
    expect(await screen.findByRole('link', { name: 'Open the Plus dashboard' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Upgrade to Plus' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Ask an administrator/)).not.toBeInTheDocument();
  });
});
