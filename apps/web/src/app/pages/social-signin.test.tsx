import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import { clearSession, getSession } from '@/lib/session-store';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { setDarkMode } from '@/lib/theme';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  window.history.replaceState(null, '', '/');
  await changeLocale('en');
});

type Answer = { status?: number; body: unknown };

/** The server at the network edge: answers by method and path; records what was sent. */
function stubServer(routes: Record<string, Answer>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = routes[`${method} ${url}`] ?? { body: { data: null } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  // completeSignIn reads ?redirect= from the browser's address, as it is in the real app.
  window.history.replaceState(null, '', path);
  return renderRoute(path);
}

const providers = {
  'GET /api/auth/providers': {
    body: {
      data: {
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'oidc', name: 'Acme SSO' },
        ],
      },
    },
  },
};

describe('sign-in screen', () => {
  it('shows a button per configured provider, carrying the language and the page to return to', async () => {
    stubServer(providers);
    renderAt('/signin?redirect=%2Faccount%2Fusers');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/auth/google?locale=en&redirect=%2Faccount%2Fusers');
    expect(screen.getByRole('link', { name: 'Continue with Acme SSO' })).toHaveAttribute(
      'href',
      '/auth/oidc?locale=en&redirect=%2Faccount%2Fusers',
    );
    expect(screen.queryByRole('link', { name: /Microsoft/ })).not.toBeInTheDocument();
  });

  it('carries the dark theme on screen, which a new user keeps', async () => {
    setDarkMode(true);
    try {
      stubServer(providers);
      renderAt('/signin');
      const google = await screen.findByRole('link', { name: 'Continue with Google' });
      expect(google).toHaveAttribute('href', '/auth/google?locale=en&dark=1');
    } finally {
      setDarkMode(false);
    }
  });

  it('drops a redirect that is not on the allow-list', async () => {
    stubServer(providers);
    renderAt('/signin?redirect=%2F%2Fevil.com');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/auth/google?locale=en');
  });

  it('shows no provider section when none is configured or the list cannot load', async () => {
    stubServer({ 'GET /api/auth/providers': { status: 500, body: { message: 'down' } } });
    renderAt('/signin');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Or continue with')).not.toBeInTheDocument();
  });

  it('labels the buttons in Spanish', async () => {
    await changeLocale('es');
    stubServer(providers);
    renderAt('/signin');
    const google = await screen.findByRole('link', { name: 'Continuar con Google' });
    expect(google.getAttribute('href')).toBe('/auth/google?locale=es');
  });
});

describe('/signin/social', () => {
  const session = testSession({ plan: null });

  it('posts the token and lands a new user on the plan step', async () => {
    const calls = stubServer({ 'POST /api/auth': { body: { data: session } } });
    const router = renderAt('/signin/social?provider=google&token=one-time-token-value-123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/plan'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'one-time-token-value-123456',
    });
    expect(getSession()?.id).toBe(session.id);
  });

  it('returns a ready user to the page they asked for', async () => {
    stubServer({ 'POST /api/auth': { body: { data: testSession() } } });
    const router = renderAt(
      '/signin/social?provider=google&token=one-time-token-value-123456&redirect=%2Faccount%2Fprofile',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
  });

  it("lands an operator on the console, an operator's home", async () => {
    stubServer({ 'POST /api/auth': { body: { data: testSession({ permission: 'master' }) } } });
    const router = renderAt('/signin/social?provider=google&token=one-time-token-value-123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/master'));
  });

  it('goes to the OTP step with 2FA, keeping the page to return to', async () => {
    stubServer({
      'POST /api/auth': { body: { data: { '2fa_required': true, token: 'challenge' } } },
    });
    const router = renderAt(
      '/signin/social?provider=oidc&token=one-time-token-value-123456&redirect=%2Fwelcome',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin/otp'));
    expect(router.state.location.search).toBe('?token=challenge&redirect=%2Fwelcome');
  });

  it('shows the failure with a link back when the token is refused', async () => {
    stubServer({
      'POST /api/auth': {
        status: 400,
        body: {
          message: 'Something went wrong. Please try signing in again.',
          inputError: 'token',
        },
      },
    });
    renderAt('/signin/social?provider=google&token=used-token-value-1234567890');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Something went wrong. Please try signing in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('words the reason the provider step failed, without posting anything', async () => {
    const calls = stubServer({});
    renderAt('/signin/social?provider=google&error=email_in_use');
    expect(await screen.findByText(/An account already uses this email/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('treats an unknown reason as a plain failure', async () => {
    stubServer({});
    renderAt('/signin/social?provider=google&error=%3Cscript%3E');
    expect(
      await screen.findByText('We could not confirm your identity with the provider.'),
    ).toBeInTheDocument();
  });
});
