import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLocale } from '@/lib/i18n';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import {
  SIGN_IN_OPTIONS_ELEMENT_ID,
  signInOptionsElement,
} from '@partner-portal/shared/prerendered-html';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await changeLocale('en');
  applyTheme(false);
});

// Read as text: the tests run without a CSS pipeline, so the theme's rules exist only here.
const stylesheet = readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8');

/** The value a custom property gets in the first rule of `selector` in styles.css. */
function tokenIn(selector: string, property: string): string | undefined {
  const start = stylesheet.indexOf(`${selector} {`);
  const block = stylesheet.slice(start, stylesheet.indexOf('}', start));
  return new RegExp(`${property}:\\s*([^;]+);`).exec(block)?.[1];
}

describe('auth-family layouts', () => {
  it('switches the sign-in screen to Spanish, title included', async () => {
    renderAt('/signin');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change language to Español' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Partner Portal'));
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('button', { name: 'Cambiar el idioma a English' })).toBeVisible();
  });

  it('lets a signed-out visitor turn on dark mode from the sign-in screen', async () => {
    renderAt('/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('links the brand side to the partner site the server is configured with', async () => {
    const sent = stubRoutes({
      'GET /api/auth/providers': () => ({
        body: { data: { providers: [], brandUrl: 'https://partners.example.org/join' } },
      }),
    });
    renderAt('/signin');
    const brand = await screen.findByRole('complementary', { name: 'About Partner Portal' });
    expect(brand).toHaveTextContent('Your partner reporting, in one place.');
    expect(
      await screen.findByRole('link', { name: 'Learn more about the partner program' }),
    ).toHaveAttribute('href', 'https://partners.example.org/join');
    // One call serves the brand link and the provider buttons alike.
    expect(sent.filter((call) => call.url === '/api/auth/providers')).toHaveLength(1);
  });

  it('links it in Spanish on the sign-up screen too', async () => {
    await changeLocale('es');
    stubRoutes({
      'GET /api/auth/providers': () => ({
        body: { data: { providers: [], brandUrl: 'https://partners.example.org/join' } },
      }),
    });
    renderAt('/signup');
    expect(
      await screen.findByRole('link', { name: 'Más información sobre el programa de partners' }),
    ).toHaveAttribute('href', 'https://partners.example.org/join');
  });

  it('leaves the link out when the server has no BRAND_URL', async () => {
    stubRoutes({
      'GET /api/auth/providers': () => ({
        body: { data: { providers: [{ id: 'google', name: 'Google' }] } },
      }),
    });
    renderAt('/signin');
    // The provider button shows the answer has been read.
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'About Partner Portal' })).toBeVisible();
    expect(screen.queryByText('Learn more about the partner program')).not.toBeInTheDocument();
  });

  it('takes the options the server wrote into the page instead of asking for them', async () => {
    const sent = stubRoutes({});
    document.head.insertAdjacentHTML(
      'beforeend',
      signInOptionsElement({
        providers: [{ id: 'oidc', name: 'Acme SSO' }],
        brandUrl: 'https://partners.example.org/join',
      }),
    );
    try {
      renderAt('/signin');
      expect(await screen.findByRole('link', { name: 'Continue with Acme SSO' })).toBeVisible();
      expect(
        screen.getByRole('link', { name: 'Learn more about the partner program' }),
      ).toHaveAttribute('href', 'https://partners.example.org/join');
      expect(sent.filter((call) => call.url === '/api/auth/providers')).toHaveLength(0);
    } finally {
      document.getElementById(SIGN_IN_OPTIONS_ELEMENT_ID)?.remove();
    }
  });

  it('gives the brand side its own colour, a dark one in dark mode', async () => {
    renderAt('/signin');
    const brand = await screen.findByRole('complementary', { name: 'About Partner Portal' });
    expect(brand).toHaveClass('bg-brand-panel', 'text-brand-panel-foreground');
    expect(brand.className).not.toMatch(/\bbg-primary\b/);
    const light = tokenIn(':root', '--brand-panel');
    const dark = tokenIn('.dark', '--brand-panel');
    expect(light).toBeDefined();
    expect(light).toBe(tokenIn(':root', '--primary'));
    // Dark, not the light periwinkle that dark mode's primary is: low lightness in oklch.
    expect(dark).toMatch(/^oklch\(0\.[0-3]\d* /);
    expect(dark).not.toBe(tokenIn('.dark', '--primary'));
    expect(tokenIn('.dark', '--brand-panel-foreground')).toMatch(/^oklch\(0\.9/);
  });

  it('marks the verify step as current during onboarding', async () => {
    setSession(testSession({ verified: false }));
    renderAt('/signup/verify');
    const steps = await screen.findByRole('list', { name: 'Sign-up steps' });
    const current = steps.querySelector('[aria-current="step"]');
    expect(current).toHaveTextContent('Verify');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('offers Back to the sign-up form and Sign out on the verify step', async () => {
    const sent = stubRoutes({});
    setSession(testSession({ verified: false }));
    const router = renderRoute('/signup/verify');
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getSession()).toBeNull();
    expect(sent.some((call) => call.method === 'DELETE' && call.url === '/api/auth')).toBe(true);
  });

  it('offers Sign out but no Back on the plan step, whose step before is done', async () => {
    stubRoutes({});
    setSession(testSession({ plan: null }));
    renderRoute('/signup/plan');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('says why when an administrator’s change of access ended the session', async () => {
    renderAt('/signin?reason=access_changed');
    expect(await screen.findByText('Your access changed')).toBeInTheDocument();
    expect(screen.getByText(/An administrator changed what you can do/)).toBeInTheDocument();
  });

  it('opens on the link form when asked for a new sign-in link', async () => {
    renderAt('/signin?link=1');
    expect(await screen.findByRole('button', { name: 'Send me a link' })).toBeInTheDocument();
  });

  it('offers a signed-out visitor with a verify link Sign in, not Sign out', async () => {
    stubRoutes({});
    renderRoute('/signup/verify?token=garbled');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('says Back and Sign out in Spanish', async () => {
    await changeLocale('es');
    stubRoutes({});
    setSession(testSession({ verified: false, locale: 'es' }));
    renderRoute('/signup/verify');
    expect(await screen.findByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('puts the one-time code step in the centered card with the language switch', async () => {
    renderAt('/signin/otp');
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change language to Español' })).toBeInTheDocument();
  });
});
