import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WelcomeChecklist } from '@partner-portal/shared/welcome';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubApi, stubRoutes } from '@/test/fake-api';
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
    expect(await screen.findByRole('link', { name: 'Pasa a Plus' })).toHaveAttribute(
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

describe('/welcome first steps', () => {
  const steps = (done: string[]): WelcomeChecklist => ({
    steps: (['import_data', 'invite_team', 'two_factor', 'choose_plan'] as const).map((step) => ({
      step,
      done: done.includes(step),
    })),
    dismissed: false,
  });

  function renderChecklist(checklist: WelcomeChecklist, session: Partial<StoredSession> = {}) {
    const sent = stubRoutes({
      'GET /api/account/checklist': () => ({ body: { data: checklist } }),
      'POST /api/account/checklist/dismiss': () => ({
        body: { data: { ...checklist, dismissed: true } },
      }),
    });
    setSession(testSession({ plan: 'free_core', permission: 'owner', ...session }));
    renderRoute('/welcome');
    return sent;
  }

  it('lists what is left with a link to do it, and ticks what is done', async () => {
    renderChecklist(steps(['two_factor']));
    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(within(card).getByText('1 of 4 done')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Import data' })).toHaveAttribute(
      'href',
      '/account/data',
    );
    expect(within(card).getByRole('link', { name: 'Invite users' })).toHaveAttribute(
      'href',
      '/account/users',
    );
    expect(within(card).getByRole('link', { name: 'Compare plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(within(card).queryByRole('link', { name: 'Set up 2FA' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Turn on two-factor authentication/)).toHaveTextContent(
      'Turn on two-factor authentication (done)',
    );
  });

  it('hides for good when dismissed', async () => {
    const sent = renderChecklist(steps([]));
    await screen.findByRole('region', { name: 'Get started' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide these steps' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument(),
    );
    expect(
      sent.some((call) => call.method === 'POST' && call.url === '/api/account/checklist/dismiss'),
    ).toBe(true);
  });

  it('goes once every step is done', async () => {
    renderChecklist(steps(['import_data', 'invite_team', 'two_factor', 'choose_plan']));
    expect(await screen.findByRole('link', { name: 'Open the core dashboard' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('leaves the list out, without an error, when it cannot be read', async () => {
    stubRoutes({
      'GET /api/account/checklist': () => ({ status: 500, body: { message: 'Down.' } }),
    });
    setSession(testSession({ plan: 'free_core', permission: 'owner' }));
    renderRoute('/welcome');
    expect(await screen.findByRole('link', { name: 'Open the core dashboard' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    renderChecklist(steps(['import_data']));
    const card = await screen.findByRole('region', { name: 'Primeros pasos' });
    expect(within(card).getByText('1 de 4 hechos')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Invitar usuarios' })).toBeVisible();
  });
});
