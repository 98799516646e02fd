import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLocale } from '@/lib/i18n';
import { setSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
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

afterEach(() => {
  changeLocale('en');
  applyTheme(false);
});

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

  it('shows the brand side with its link to the partner site', async () => {
    renderAt('/signin');
    const brand = await screen.findByRole('complementary', { name: 'About Partner Portal' });
    expect(brand).toHaveTextContent('Your partner reporting, in one place.');
    expect(
      screen.getByRole('link', { name: 'Learn more about the partner program' }),
    ).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
  });

  it('marks the verify step as current during onboarding', async () => {
    setSession(testSession({ verified: false }));
    renderAt('/signup/verify');
    const steps = await screen.findByRole('list', { name: 'Sign-up steps' });
    const current = steps.querySelector('[aria-current="step"]');
    expect(current).toHaveTextContent('Verify');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('puts the one-time code step in the centered card with the language switch', async () => {
    renderAt('/signin/otp');
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change language to Español' })).toBeInTheDocument();
  });
});
