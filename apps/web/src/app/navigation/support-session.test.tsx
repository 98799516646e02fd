import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { enterSupportSession } from './support-session';

const OPERATOR = testSession({
  id: 'm1',
  email: 'ops@example.test',
  permission: 'master',
  token: 'operator.jwt.token',
});
const SUPPORTED = testSession({
  email: 'dana@example.test',
  account_name: 'Northwind Media',
  impersonating: true,
  token: 'support.jwt.token',
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSession();
  changeLocale('en');
});

describe('a support session', () => {
  it('shows whom the operator acts as on every signed-in page, and no banner otherwise', async () => {
    stubApi();
    setSession(testSession());
    renderRoute('/welcome');
    await screen.findByRole('main');
    expect(screen.queryByRole('region', { name: 'Support session' })).not.toBeInTheDocument();
    setSession(SUPPORTED);
    const banner = await screen.findByRole('region', { name: 'Support session' });
    expect(banner).toHaveTextContent('you are acting as dana@example.test in Northwind Media');
  });

  it('keeps the operator’s session when entering, and Stop impersonating ends the support session and brings it back', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    setSession(OPERATOR);
    enterSupportSession('http://localhost/signin/impersonate?token=abc');
    expect(assign).toHaveBeenCalledWith('http://localhost/signin/impersonate?token=abc');
    vi.unstubAllGlobals();

    const sent = stubApi();
    setSession(SUPPORTED);
    renderRoute('/welcome');
    const banner = await screen.findByRole('region', { name: 'Support session' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(getSession()?.email).toBe('ops@example.test'));
    expect(sent).toContainEqual(expect.objectContaining({ method: 'DELETE', url: '/api/auth' }));
    expect(getSession()?.token).toBe('operator.jwt.token');
    expect(localStorage.getItem('partner-portal.operator-session')).toBeNull();
  });

  it('signs out when there is no operator session to go back to (a link from the admin command)', async () => {
    stubApi();
    setSession(SUPPORTED);
    renderRoute('/welcome');
    const banner = await screen.findByRole('region', { name: 'Support session' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(getSession()).toBeNull());
  });

  it('speaks Spanish', async () => {
    stubApi();
    changeLocale('es');
    setSession({ ...SUPPORTED, locale: 'es' });
    renderRoute('/welcome');
    const banner = await screen.findByRole('region', { name: 'Sesión de soporte' });
    expect(
      within(banner).getByRole('button', { name: 'Dejar de actuar como este usuario' }),
    ).toBeVisible();
  });
});
