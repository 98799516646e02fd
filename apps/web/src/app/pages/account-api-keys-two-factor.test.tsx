import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import type { StoredSession } from '@partner-portal/shared/user';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  clearSession();
  changeLocale('en');
});

const DAY_MS = 86_400_000;

function apiKey(overrides: Partial<ApiKey>): ApiKey {
  return {
    id: '7c1e2d3f-0000-4000-8000-000000000001',
    name: 'Nightly sync',
    stub: 'pp_test_4fJ9…G4k',
    scope: ['report.read'],
    allowed_ips: [],
    created_by: { id: 'u2', name: 'Dana Developer' },
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: null,
    last_used_ip: null,
    expires_at: null,
    previous_valid_until: null,
    status: 'active',
    two_factor_required: false,
    usage: Array.from({ length: 30 }, () => 0),
    ...overrides,
  };
}

function renderKeys(keys: ApiKey[], session: Partial<StoredSession> = {}) {
  stubRoutes({
    'GET /api/key': () => ({ body: { data: keys } }),
    'GET /api/key/scopes': () => ({ body: { data: ['report.read'] } }),
    'GET /api/sigma/workbook': () => ({ body: { data: [] } }),
  });
  setSession(testSession({ '2fa_enabled': true, ...session }));
  renderRoute('/account/apikeys');
}

describe('/account/apikeys under a 2FA requirement (docs/product.md#two-factor-policy)', () => {
  it('names the keys the policy stopped, and why, and marks their rows', async () => {
    renderKeys([
      apiKey({ name: 'Warehouse sync', two_factor_required: true }),
      apiKey({ id: '7c1e2d3f-0000-4000-8000-000000000002', name: 'BI export' }),
    ]);
    const stopped = await screen.findByText(/whoever created them has not turned on/);
    expect(stopped).toHaveTextContent(
      'Warehouse sync: whoever created them has not turned on two-factor authentication, which Northwind Media requires, so they answer 403. They work again as soon as their creator turns it on.',
    );
    expect(screen.getByText('Some keys have stopped')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: /Warehouse sync/ })).closest('tr');
    expect(
      within(row!).getByText('Stopped until its creator turns on two-factor authentication'),
    ).toBeInTheDocument();
    const other = screen.getByRole('cell', { name: /BI export/ }).closest('tr');
    expect(within(other!).queryByText(/Stopped until/)).not.toBeInTheDocument();
  });

  it('tells a member without 2FA, before the deadline, that their keys stop with it', async () => {
    renderKeys([apiKey({ created_by: { id: 'u1', name: 'Olivia Owner' } })], {
      '2fa_enabled': false,
      two_factor_deadline: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    });
    const title = await screen.findByText('Your API keys need two-factor authentication');
    expect(title.closest('[role="status"]')).toHaveTextContent(
      /Northwind Media requires two-factor authentication from .+\. From then on, the keys you created answer 403 until you turn it on\./,
    );
    expect(screen.queryByText('Some keys have stopped')).not.toBeInTheDocument();
  });

  it('says nothing where the policy stops no key', async () => {
    renderKeys([apiKey({})]);
    expect(await screen.findByRole('cell', { name: /Nightly sync/ })).toBeInTheDocument();
    expect(screen.queryByText(/two-factor authentication/)).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    changeLocale('es');
    renderKeys([apiKey({ name: 'Warehouse sync', two_factor_required: true })], { locale: 'es' });
    expect(await screen.findByText('Algunas claves han dejado de funcionar')).toBeVisible();
    expect(
      screen.getByText(
        /Warehouse sync: quien las creó no ha activado la autenticación en dos pasos/,
      ),
    ).toBeInTheDocument();
  });
});
